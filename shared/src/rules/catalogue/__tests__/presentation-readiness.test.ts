import { presentationReadiness } from '../presentation-readiness';

const now = new Date('2027-01-01T10:00:00Z');
const zones = [
  { id: 1, seatCount: 100 },
  { id: 2, seatCount: 20 },
  { id: 3, seatCount: 0 },
];

describe('presentationReadiness', () => {
  it.each([
    [
      'priced everywhere, in the future',
      '2027-01-02T18:00Z',
      [
        [1, 2],
        [2, 1],
      ],
      [],
    ],
    [
      'a zone without places needs no price',
      '2027-01-02T18:00Z',
      [
        [1, 1],
        [2, 1],
        [3, 0],
      ],
      [],
    ],
    ['a zone with places and no price', '2027-01-02T18:00Z', [[1, 1]], [{ kind: 'zone-without-price', zoneId: 2 }]],
    [
      'a zone listed with zero tickets',
      '2027-01-02T18:00Z',
      [
        [1, 1],
        [2, 0],
      ],
      [{ kind: 'zone-without-price', zoneId: 2 }],
    ],
    [
      'starting now is in the past',
      '2027-01-01T10:00Z',
      [
        [1, 1],
        [2, 1],
      ],
      [{ kind: 'in-the-past' }],
    ],
    [
      'both',
      '2026-12-31T18:00Z',
      [],
      [{ kind: 'in-the-past' }, { kind: 'zone-without-price', zoneId: 1 }, { kind: 'zone-without-price', zoneId: 2 }],
    ],
  ] as const)('%s', (_what, startsAt, tickets, expected) => {
    const ticketsPerZone = new Map(tickets.map(([z, n]) => [z, n] as [number, number]));
    expect(presentationReadiness({ startsAt: new Date(startsAt), now, zones, ticketsPerZone })).toEqual(expected);
  });
});
