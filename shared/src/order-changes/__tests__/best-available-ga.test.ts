import { bestGaSections, type GaMatch, type GaSectionInput } from '../best-available-ga';

const s = (sectionId: number, capacity: number, taken: number, closeness = 1): GaSectionInput => ({
  sectionId,
  capacity,
  taken,
  closeness,
});

describe('bestGaSections', () => {
  it.each<[string, GaSectionInput[], number, number, GaMatch[]]>([
    ['one section with room', [s(1, 100, 10)], 2, 5, [{ sectionId: 1, placesLeft: 90, score: 1 }]],
    ['exactly enough places', [s(1, 10, 8)], 2, 5, [{ sectionId: 1, placesLeft: 2, score: 1 }]],
    ['one place short', [s(1, 10, 9)], 2, 5, []],
    ['full section', [s(1, 10, 10)], 1, 5, []],
    ['over-taken counts as full (never negative)', [s(1, 10, 12)], 1, 5, []],
    [
      'nearer the stage first',
      [s(1, 100, 0, 0.5), s(2, 100, 0, 0.9)],
      1,
      5,
      [
        { sectionId: 2, placesLeft: 100, score: 0.9 },
        { sectionId: 1, placesLeft: 100, score: 0.5 },
      ],
    ],
    [
      'equally near: the emptier section first',
      [s(1, 100, 90), s(2, 100, 10)],
      1,
      5,
      [
        { sectionId: 2, placesLeft: 90, score: 1 },
        { sectionId: 1, placesLeft: 10, score: 1 },
      ],
    ],
    [
      'full tie: lower section id first (stable)',
      [s(3, 10, 0), s(2, 10, 0)],
      1,
      5,
      [
        { sectionId: 2, placesLeft: 10, score: 1 },
        { sectionId: 3, placesLeft: 10, score: 1 },
      ],
    ],
    [
      'at most maxMatches',
      [s(1, 10, 0), s(2, 10, 0), s(3, 10, 0)],
      1,
      2,
      [
        { sectionId: 1, placesLeft: 10, score: 1 },
        { sectionId: 2, placesLeft: 10, score: 1 },
      ],
    ],
    ['an order never splits over sections', [s(1, 10, 7), s(2, 10, 7)], 4, 5, []],
  ])('%s', (_label, sections, quantity, max, expected) => {
    expect(bestGaSections(sections, quantity, max)).toEqual(expected);
  });

  it('rejects a quantity below 1', () => {
    expect(() => bestGaSections([s(1, 10, 0)], 0, 5)).toThrow(RangeError);
  });
});
