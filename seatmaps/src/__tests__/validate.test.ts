import { SeatmapValidationError, validateVenue } from '../validate';
import type { VenueDocument } from '../format';
import { smallVenue } from './fixture';

const SEAT_1_1 = '/sections/0/groups/0/rows/0/seats/0';
const SEAT_2_1 = '/sections/0/groups/0/rows/1/seats/0';
const SEAT_2_2 = '/sections/0/groups/0/rows/1/seats/1';

// Mutations poke at arbitrary JSON, hence `any`.
type Mutation = (doc: any) => void;

function issueOf(mutate: Mutation): { message: string; error: SeatmapValidationError } {
  const doc = smallVenue();
  mutate(doc);
  try {
    validateVenue(doc, 'venue.json');
  } catch (err) {
    if (err instanceof SeatmapValidationError) return { message: err.message, error: err };
    throw err;
  }
  throw new Error('expected the venue to be rejected');
}

describe('validateVenue', () => {
  it('accepts the fixture and fills in defaults', () => {
    const doc = validateVenue(smallVenue(), 'venue.json');
    const stalls = doc.sections[0]!;
    const seat = stalls.groups[0]!.rows[0]!.seats[1]!;
    expect(seat).toMatchObject({ rotate: 0, features: [], together: null });
    expect(stalls.groups[0]!.rows[0]!.seats[2]!.rotate).toBe(5);
    expect(stalls).toMatchObject({ zone: null, outline: null });
    expect(doc.sections[1]!.outline).toHaveLength(4);
  });

  it('gives every omitted features list its own array', () => {
    const doc = validateVenue(smallVenue(), 'venue.json');
    const [a, b] = doc.sections[0]!.groups[0]!.rows[0]!.seats.slice(1, 3);
    a!.features.push(12);
    expect(b!.features).toEqual([]);
  });

  // mutation -> JSON path the error must name, and a fragment of its message.
  const cases: [string, Mutation, string, string][] = [
    // Schema
    ['wrong format version', (d) => (d.formatVersion = 2), '/formatVersion', 'must be equal to constant'],
    ['bad venue code', (d) => (d.code = 'no spaces please'), '/code', 'must match pattern'],
    ['missing plan width', (d) => delete d.seatplan.width, '/seatplan', 'missing required property "width"'],
    ['unknown property', (d) => (d.sections[0].colour = 'red'), '/sections/0/colour', 'unknown property "colour"'],
    ['empty Hebrew name', (d) => (d.name.he = ''), '/name/he', 'must NOT have fewer than 1 characters'],
    ['bad zone colour', (d) => (d.zones[1].color = 'blue'), '/zones/1/color', 'must match pattern'],
    ['box rotation out of range', (d) => (d.sections[0].box.rotate = 400), '/sections/0/box/rotate', 'must be < 360'],
    [
      'x offset above 100',
      (d) => (d.sections[0].groups[0].rows[0].seats[0].xOffsetPercent = 150),
      `${SEAT_1_1}/xOffsetPercent`,
      'must be <= 100',
    ],
    [
      'negative y offset',
      (d) => (d.sections[0].groups[0].rows[0].seats[0].yOffsetPercent = -1),
      `${SEAT_1_1}/yOffsetPercent`,
      'must be >= 0',
    ],
    [
      'zero seat width',
      (d) => (d.sections[0].groups[0].rows[0].seats[0].widthPercent = 0),
      `${SEAT_1_1}/widthPercent`,
      'must be > 0',
    ],
    [
      'fractional column',
      (d) => (d.sections[0].groups[0].rows[0].seats[0].x = 1.5),
      `${SEAT_1_1}/x`,
      'must be integer',
    ],
    ['GA capacity zero', (d) => (d.sections[1].capacity = 0), '/sections/1/capacity', 'must be >= 1'],
    [
      'duplicate feature',
      (d) => (d.sections[0].groups[0].rows[0].seats[0].features = [10, 10]),
      `${SEAT_1_1}/features`,
      'duplicate items',
    ],
    [
      'outline point pair',
      (d) => (d.sections[1].outline[0] = [1]),
      '/sections/1/outline/0',
      'must NOT have fewer than 2 items',
    ],
    // Rules beyond the schema
    [
      'duplicate section code',
      (d) => (d.sections[1].code = 'stalls'),
      '/sections/1/code',
      'duplicate section code "stalls"',
    ],
    ['duplicate zone code', (d) => (d.zones[1].code = 'A'), '/zones/1/code', 'duplicate zone code "A"'],
    [
      'duplicate group code',
      (d) => (d.sections[0].groups[1].code = 'main'),
      '/sections/0/groups/1/code',
      'duplicate group code "main"',
    ],
    [
      'duplicate (x, y) in a section',
      (d) => (d.sections[0].groups[1].rows[0].seats[0].x = 2),
      '/sections/0/groups/1/rows/0/seats/0',
      'duplicate seat position (x 2, y 1)',
    ],
    [
      'duplicate seat name in a row',
      (d) => (d.sections[0].groups[0].rows[0].seats[1].name = '1'),
      '/sections/0/groups/0/rows/0/seats/1/name',
      'duplicate seat name "1"',
    ],
    [
      'seat zone unknown',
      (d) => (d.sections[0].groups[0].rows[0].seats[0].zone = 'Z'),
      `${SEAT_1_1}/zone`,
      'unknown zone "Z"',
    ],
    ['GA zone unknown', (d) => (d.sections[1].zone = 'Z'), '/sections/1/zone', 'unknown zone "Z"'],
    ['GA without zone', (d) => delete d.sections[1].zone, '/sections/1/zone', 'needs a price zone'],
    [
      'unknown feature code',
      (d) => (d.sections[0].groups[0].rows[0].seats[0].features = [10, 99]),
      `${SEAT_1_1}/features/1`,
      'unknown feature code 99',
    ],
    ['GA capacity null', (d) => (d.sections[1].capacity = null), '/sections/1/capacity', 'needs a capacity > 0'],
    [
      'GA section with seats',
      (d) =>
        (d.sections[1].groups = [
          {
            code: 'g',
            name: 'g',
            rows: [
              {
                name: '1',
                seats: [
                  {
                    x: 1,
                    y: 1,
                    name: '1',
                    xOffsetPercent: 0,
                    yOffsetPercent: 0,
                    widthPercent: 1,
                    heightPercent: 1,
                    zone: 'A',
                  },
                ],
              },
            ],
          },
        ]),
      '/sections/1/groups',
      'must not have seats (has 1)',
    ],
    [
      'reserved section without seats',
      (d) => (d.sections[0].groups = []),
      '/sections/0/groups',
      'reserved section has no seats',
    ],
    [
      'reserved section with capacity',
      (d) => (d.sections[0].capacity = 100),
      '/sections/0/capacity',
      'must have capacity null',
    ],
    ['reserved section with zone', (d) => (d.sections[0].zone = 'A'), '/sections/0/zone', 'must have zone null'],
    [
      'seat past the right edge',
      (d) => (d.sections[0].groups[0].rows[0].seats[0].xOffsetPercent = 90),
      `${SEAT_1_1}/widthPercent`,
      'past the right edge',
    ],
    [
      'seat past the bottom edge',
      (d) => (d.sections[0].groups[0].rows[1].seats[2].heightPercent = 60),
      '/sections/0/groups/0/rows/1/seats/2/heightPercent',
      'past the bottom edge',
    ],
    [
      'together without couch or bed',
      (d) => (d.sections[0].groups[0].rows[1].seats[1].features = []),
      `${SEAT_2_2}/together`,
      'couch (1) or bed (4)',
    ],
    [
      'together across rows',
      (d) => Object.assign(d.sections[0].groups[0].rows[0].seats[1], { features: [1], together: 1 }),
      `${SEAT_2_1}/together`,
      'together group 1 spans rows',
    ],
    [
      'together group of one',
      (d) => (d.sections[0].groups[0].rows[1].seats[1].together = 2),
      `${SEAT_2_1}/together`,
      'together group 1 has only one seat',
    ],
    [
      'section box off the plan',
      (d) => (d.sections[0].box.x = 800),
      '/sections/0/box',
      'lies outside the 1000 x 1000 plan',
    ],
    [
      'rotated box off the plan',
      (d) => Object.assign(d.sections[1].box, { y: 700, rotate: 90 }),
      '/sections/1/box',
      'lies outside',
    ],
    [
      'outline point off the plan',
      (d) => (d.sections[1].outline[2] = [1200, 800]),
      '/sections/1/outline/2',
      'outside the plan',
    ],
    ['stage off the plan', (d) => (d.seatplan.stage.x = 900), '/seatplan/stage', 'stage lies outside'],
    [
      'focal point off the plan',
      (d) => (d.seatplan.focalPoint = { x: -50, y: 0 }),
      '/seatplan/focalPoint',
      'focal point lies outside',
    ],
  ];

  it.each(cases)('rejects %s at the right JSON path', (_label, mutate, path, fragment) => {
    const { message, error } = issueOf(mutate);
    expect(message).toContain(`venue.json: ${path}: `);
    expect(message).toContain(fragment);
    expect(error.fileName).toBe('venue.json');
    expect(error.issues[0]!.path).toBe(path);
  });

  it('reports several rule violations at once', () => {
    const { error } = issueOf((d) => {
      d.sections[0].groups[0].rows[0].seats[0].features = [99];
      d.sections[0].groups[0].rows[0].seats[1].zone = 'nope';
    });
    expect(error.issues.map((i) => i.path)).toEqual([
      `${SEAT_1_1}/features/0`,
      '/sections/0/groups/0/rows/0/seats/1/zone',
    ]);
    expect(error.message.split('\n')).toHaveLength(2);
  });

  it('rejects things that are not venues at all', () => {
    expect(() => validateVenue(null, 'null.json')).toThrow(/^null\.json: \/: must be object/);
    expect(() => validateVenue([] as unknown as VenueDocument, 'array.json')).toThrow(SeatmapValidationError);
  });
});
