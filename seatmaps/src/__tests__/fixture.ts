import { VENUE_FORMAT_VERSION, type VenueDocument } from '../format';

/**
 * A small valid venue as it would be written in a file (optional fields left
 * out where they hold their defaults): one reserved section with two rows and a
 * couch in row 2, and one general-admission section.
 */
export function smallVenue(): VenueDocument {
  const seat = (x: number, y: number, extra: Record<string, unknown> = {}) => ({
    x,
    y,
    name: String(x),
    xOffsetPercent: (x - 1) * 20 + 2,
    yOffsetPercent: (y - 1) * 40 + 5,
    widthPercent: 16,
    heightPercent: 30,
    zone: 'A',
    ...extra,
  });
  const doc = {
    formatVersion: VENUE_FORMAT_VERSION,
    code: 'small',
    name: { he: 'אולם קטן', en: 'Small hall' },
    location: { code: 'small-place', name: { he: 'מקום קטן', en: 'Small place' }, businessId: 1 },
    seatplan: {
      code: 'small-plan',
      name: { he: 'מפה', en: 'Plan' },
      width: 1000,
      height: 1000,
      stage: { x: 300, y: 20, width: 400, height: 60, label: { he: 'במה', en: 'Stage' } },
      focalPoint: { x: 500, y: 80 },
    },
    zones: [
      { code: 'A', name: { he: 'אזור א׳', en: 'Zone A' }, color: '#112233' },
      { code: 'B', name: { he: 'אזור ב׳', en: 'Zone B' }, color: '#445566' },
    ],
    sections: [
      {
        code: 'stalls',
        name: { he: 'קומת קרקע', en: 'Stalls' },
        isReserved: true,
        capacity: null,
        box: { x: 200, y: 200, width: 500, height: 200, rotate: 0 },
        groups: [
          {
            code: 'main',
            name: 'מרכז',
            rows: [
              { name: '1', seats: [seat(1, 1, { features: [10] }), seat(2, 1), seat(3, 1, { rotate: 5 })] },
              {
                name: '2',
                seats: [
                  seat(1, 2, { features: [1], together: 1, zone: 'B' }),
                  seat(2, 2, { features: [1], together: 1, zone: 'B' }),
                  seat(3, 2),
                ],
              },
            ],
          },
          { code: 'side', name: 'צד', rows: [{ name: '3', seats: [seat(4, 1)] }] },
        ],
      },
      {
        code: 'floor',
        name: { he: 'רחבה', en: 'Floor' },
        isReserved: false,
        capacity: 500,
        zone: 'B',
        box: { x: 200, y: 500, width: 500, height: 300, rotate: 30 },
        outline: [
          [200, 500],
          [700, 500],
          [700, 800],
          [200, 800],
        ],
        groups: [],
      },
    ],
  };
  return doc as unknown as VenueDocument;
}
