import { compareRankedBlocks, distanceToFocalPoint, keepBest, type RankedBlock } from '../best-available-scoring';

const ranked = (distance: number, rowIndex = 0, firstX = 1): RankedBlock => ({ distance, rowIndex, firstX });

describe('distanceToFocalPoint', () => {
  it.each([
    [{ x: 0, y: 0 }, { x: 0, y: 0 }, 0],
    [{ x: 3, y: 4 }, { x: 0, y: 0 }, 5],
    [{ x: -3, y: -4 }, { x: 0, y: 0 }, 5],
    [{ x: 10, y: 10 }, { x: 10, y: 0 }, 10],
  ])('%j to %j -> %p', (centre, focal, expected) => {
    expect(distanceToFocalPoint(centre, focal)).toBe(expected);
  });
});

describe('compareRankedBlocks', () => {
  it.each<[string, RankedBlock, RankedBlock, -1 | 0 | 1]>([
    ['nearer first', ranked(1), ranked(2), -1],
    ['farther last', ranked(2), ranked(1), 1],
    ['same distance: lower row first', ranked(5, 0), ranked(5, 1), -1],
    ['same distance and row: lower x first', ranked(5, 1, 3), ranked(5, 1, 7), -1],
    ['identical', ranked(5, 1, 3), ranked(5, 1, 3), 0],
    ['float noise is a tie', ranked(0.1 + 0.2, 1), ranked(0.3, 0), 1],
    ['distance beats row', ranked(4.9, 3), ranked(5, 0), -1],
    ['large distances: tiny relative noise is a tie', ranked(1e6 + 1e-7, 0), ranked(1e6, 1), -1],
  ])('%s', (_label, a, b, sign) => {
    expect(Math.sign(compareRankedBlocks(a, b))).toBe(sign);
  });
});

describe('keepBest', () => {
  it.each<[string, number[], number, number[]]>([
    ['fills up to max', [3, 1, 2], 5, [1, 2, 3]],
    ['keeps only the best max', [5, 4, 3, 2, 1], 3, [1, 2, 3]],
    ['drops a worse one when full', [1, 2, 9], 2, [1, 2]],
    ['max of one', [4, 2, 8, 1], 1, [1]],
    ['equal distances keep insertion order', [2, 2, 2], 2, [2, 2]],
  ])('%s', (_label, distances, max, expected) => {
    const best: RankedBlock[] = [];
    distances.forEach((distance) => keepBest(best, ranked(distance), max));
    expect(best.map((block) => block.distance)).toEqual(expected);
  });

  it('ranks ties by row index regardless of arrival order', () => {
    const best: RankedBlock[] = [];
    [ranked(2, 3), ranked(2, 1), ranked(2, 2)].forEach((block) => keepBest(best, block, 2));
    expect(best.map((block) => block.rowIndex)).toEqual([1, 2]);
  });
});
