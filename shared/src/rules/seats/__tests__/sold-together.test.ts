import { expandSoldTogether, type SeatPosition, type SoldTogetherSeat } from '../sold-together';

const COUCH = 1;
const BED = 4;
const PREMIUM = 13;
const TABLE = 50;

const seat = (
  sectionId: number,
  x: number,
  y: number,
  togetherId: number | null,
  features: number[] = [],
): SoldTogetherSeat => ({ sectionId, x, y, togetherId, features });

// Section 1 row 1: a 3-seat couch (id 7) at x 1-3, a plain seat at x 4, a 2-seat bed (id 8) at x 5-6.
// Section 1 row 2: a couch of one seat with no togetherId, and table seats sharing id 9.
// Section 2 reuses togetherId 7 for its own couch: ids are only unique within a section.
const SEATS: SoldTogetherSeat[] = [
  seat(1, 1, 1, 7, [COUCH]),
  seat(1, 2, 1, 7, [COUCH, PREMIUM]),
  seat(1, 3, 1, 7, [COUCH]),
  seat(1, 4, 1, null),
  seat(1, 5, 1, 8, [BED]),
  seat(1, 6, 1, 8, [BED]),
  seat(1, 1, 2, null, [COUCH]),
  seat(1, 2, 2, 9, [TABLE]),
  seat(1, 3, 2, 9, [TABLE]),
  seat(2, 1, 1, 7, [COUCH]),
  seat(2, 2, 1, 7, [COUCH]),
];

const key = (s: SeatPosition): string => `${s.sectionId}:${s.x}:${s.y}`;

describe('expandSoldTogether', () => {
  it.each<[string, SeatPosition, string[]]>([
    ['couch end seat takes the whole couch', { sectionId: 1, x: 1, y: 1 }, ['1:1:1', '1:2:1', '1:3:1']],
    ['couch middle seat takes the whole couch', { sectionId: 1, x: 2, y: 1 }, ['1:1:1', '1:2:1', '1:3:1']],
    ['plain seat is alone', { sectionId: 1, x: 4, y: 1 }, ['1:4:1']],
    ['bed seat takes the bed', { sectionId: 1, x: 6, y: 1 }, ['1:5:1', '1:6:1']],
    ['couch without togetherId is a one-seat unit', { sectionId: 1, x: 1, y: 2 }, ['1:1:2']],
    ['togetherId without couch/bed feature is not bundled', { sectionId: 1, x: 2, y: 2 }, ['1:2:2']],
    ['same togetherId in another section is another couch', { sectionId: 2, x: 1, y: 1 }, ['2:1:1', '2:2:1']],
  ])('%s', (_label, chosen, expected) => {
    expect(expandSoldTogether(SEATS, chosen).map(key)).toEqual(expected);
  });

  it('returns the caller’s own seat objects', () => {
    const [first] = expandSoldTogether(SEATS, SEATS[1]!);
    expect(first).toBe(SEATS[0]);
  });

  it.each<[string, SeatPosition]>([
    ['unknown seat', { sectionId: 1, x: 9, y: 9 }],
    ['wrong section', { sectionId: 3, x: 1, y: 1 }],
  ])('rejects %s', (_label, chosen) => {
    expect(() => expandSoldTogether(SEATS, chosen)).toThrow(`seat ${key(chosen)} is not among the given seats`);
  });
});
