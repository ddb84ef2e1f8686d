import { BEST_AVAILABLE_MAX_MATCHES, bestAvailable, type BestAvailableMatch } from '../best-available';
import { groupSeatsIntoRows, type BestAvailableSeat } from '../best-available-rows';
import { blockLabel, section, type TestSeat } from './section-notation';

// Focal point in front of the middle of a 7-seat-wide section (seats at px = 10..70).
const FOCAL = { x: 40, y: 0 };

const labels = (matches: BestAvailableMatch<TestSeat>[]): string[] =>
  matches.map(
    (match) => blockLabel(match.seats) + (match.leavesOrphan ? '!' : '') + (match.splitAcrossRows ? ' split' : ''),
  );

describe('bestAvailable', () => {
  it.each<[string, string[], number, number | undefined, string[]]>([
    [
      'nearest blocks first, none stranding a seat',
      ['.......', '.......', '.......'],
      2,
      undefined,
      // A3-A4 and A4-A5 tie on distance (lower x first); A2-A3 would strand A1
      ['A3-A4', 'A4-A5', 'B3-B4', 'B4-B5', 'A1-A2'],
    ],
    ['maxMatches limits the list', ['.......', '.......'], 2, 1, ['A3-A4']],
    ['whole row', ['.......'], 7, undefined, ['A1-A7']],
    // A2 is nearer the focal point than A1 but would strand A1
    ['single seat: prefers one that strands nobody', ['...'], 1, undefined, ['A3', 'A1']],
    ['aisle splits the row into runs', ['... ...'], 3, undefined, ['A1-A3', 'A5-A7']],
    ['taken seats are skipped', ['xx...xx', '.......'], 3, undefined, ['A3-A5', 'B3-B5', 'B1-B3', 'B5-B7']],
    [
      'a farther block that strands nobody beats a nearer one that does',
      ['xx...xx', '.......'],
      2,
      undefined,
      ['B3-B4', 'B4-B5', 'B1-B2', 'B6-B7'],
    ],
    [
      'relaxed: orphans allowed when every block strands one',
      ['xx...xx', 'xxxxxxx'],
      2,
      undefined,
      ['A3-A4!', 'A4-A5!'],
    ],
    ['last resort: split over adjacent rows', ['x.x.x.x', 'x.x.x.x'], 2, undefined, ['A4+B4 split']],
    [
      'splits prefer parts that strand nobody',
      ['..x....', '....x..'],
      5,
      undefined,
      ['A4-A7+B4 split', 'A4+B1-B4 split'],
    ],
    [
      'split with orphans when nothing else fits',
      ['..x..', '..x..'],
      3,
      undefined,
      ['A4-A5+B4! split', 'A4+B4-B5! split'],
    ],
    ['no adjacent rows to split over', ['.x.x.x.', 'xxxxxxx', '.x.x.x.'], 2, undefined, []],
    ['more than the free seats', ['..xxxxx', 'xxxxxxx'], 3, undefined, []],
    ['empty section', [], 1, undefined, []],
  ])('%s', (_label, pictures, quantity, maxMatches, expected) => {
    const request = { seats: section(pictures), focalPoint: FOCAL, quantity, ...(maxMatches ? { maxMatches } : {}) };
    expect(labels(bestAvailable(request))).toEqual(expected);
    // The caller's rows, grouped once: the same answer.
    expect(labels(bestAvailable({ ...request, rows: groupSeatsIntoRows(request.seats) }))).toEqual(expected);
  });

  it('rows grouped once stay right as availability changes (they hold the seats themselves)', () => {
    const seats = section(['.......', '.......']);
    const rows = groupSeatsIntoRows(seats);
    for (const seat of seats) if (seat.y === 1 && seat.x >= 3 && seat.x <= 5) seat.available = false;
    expect(labels(bestAvailable({ seats, rows, focalPoint: FOCAL, quantity: 3 }))).toEqual(
      labels(bestAvailable({ seats, focalPoint: FOCAL, quantity: 3 })),
    );
    expect(labels(bestAvailable({ seats, rows, focalPoint: FOCAL, quantity: 3 }))[0]).toBe('B3-B5');
  });

  it('defaults to the spec’s 5 matches', () => {
    expect(BEST_AVAILABLE_MAX_MATCHES).toBe(5);
    expect(
      bestAvailable({ seats: section(['.......', '.......', '.......']), focalPoint: FOCAL, quantity: 1 }),
    ).toHaveLength(5);
  });

  it('reports rows, centre and distance of a match', () => {
    const [match] = bestAvailable({ seats: section(['.......']), focalPoint: FOCAL, quantity: 3 });
    expect(match).toMatchObject({ rowKeys: ['A'], centre: { x: 40, y: 10 }, distance: 10, splitAcrossRows: false });
    const [split] = bestAvailable({ seats: section(['x.x.x.x', 'x.x.x.x']), focalPoint: FOCAL, quantity: 2 });
    expect(split).toMatchObject({ rowKeys: ['A', 'B'], centre: { x: 40, y: 15 }, distance: 15, splitAcrossRows: true });
  });

  it('returns the caller’s own seat objects', () => {
    const seats = section(['...']);
    const [match] = bestAvailable({ seats, focalPoint: { x: 20, y: 0 }, quantity: 3 });
    expect(match!.seats[0]).toBe(seats[0]);
  });

  it.each<[string, Partial<{ quantity: number; maxMatches: number; focalPoint: { x: number; y: number } }>, string]>([
    ['zero quantity', { quantity: 0 }, 'quantity must be positive'],
    ['fractional quantity', { quantity: 1.5 }, 'quantity must be a safe integer'],
    ['zero maxMatches', { maxMatches: 0 }, 'maxMatches must be positive'],
    ['NaN focal point', { focalPoint: { x: NaN, y: 0 } }, 'focalPoint.x must be a finite number'],
  ])('rejects %s', (_label, override, message) => {
    expect(() => bestAvailable({ seats: section(['...']), focalPoint: FOCAL, quantity: 1, ...override })).toThrow(
      message,
    );
  });
});

describe('bestAvailable on a 20,000-seat section', () => {
  // Deterministic pseudo-random availability so the test is repeatable.
  function lcg(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state * 1664525 + 1013904223) % 4294967296;
      return state / 4294967296;
    };
  }

  function bigSection(
    rows: number,
    perRow: number,
    isAvailable: (row: number, column: number) => boolean,
  ): BestAvailableSeat[] {
    const seats: BestAvailableSeat[] = [];
    for (let row = 0; row < rows; row++) {
      for (let column = 0; column < perRow; column++) {
        // a slight curve, aisles every 50 seats
        const x = column + 1 + Math.floor(column / 50);
        seats.push({
          x,
          y: row + 1,
          px: x * 10,
          py: (row + 1) * 12 + Math.abs(column - perRow / 2) * 0.1,
          rowKey: row,
          available: isAvailable(row, column),
        });
      }
    }
    return seats;
  }

  const random = lcg(42);
  it.each<[string, BestAvailableSeat[], number, boolean]>([
    ['70% free, party of 4', bigSection(100, 200, () => random() < 0.7), 4, false],
    ['70% free, party of 10', bigSection(100, 200, () => random() < 0.7), 10, false],
    // every other seat taken: no row can seat 2, so the split step runs across all rows
    ['checkerboard, party of 2 (split step)', bigSection(100, 200, (row, column) => (row + column) % 2 === 0), 2, true],
    [
      'checkerboard, party of 6 (nothing fits)',
      bigSection(100, 200, (row, column) => (row + column) % 2 === 0),
      6,
      true,
    ],
  ])(
    '%s: the right kind of match at 20,000 seats (speed is benchmarked, not asserted here)',
    (_label, seats, quantity, expectSplitOrNothing) => {
      expect(seats).toHaveLength(20_000);
      const focalPoint = { x: 1000, y: 0 };
      const result = bestAvailable({ seats, focalPoint, quantity });
      expect(result.every((match) => match.splitAcrossRows === expectSplitOrNothing)).toBe(true);
    },
  );
});
