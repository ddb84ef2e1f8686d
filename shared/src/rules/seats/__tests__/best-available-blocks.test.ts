import { enumerateRowBlocks, rowBlockSeats } from '../best-available-blocks';
import { groupSeatsIntoRows } from '../best-available-rows';
import { blockLabel, section } from './section-notation';

const FOCAL = { x: 30, y: 0 }; // in front of column 3

describe('enumerateRowBlocks', () => {
  // Expected: one entry per block, 'A1-A2' plus '!' when it leaves an orphan.
  it.each<[string, string, number, string[]]>([
    ['empty row', '', 2, []],
    ['exact fit', '..', 2, ['A1-A2']],
    ['too short', '.', 2, []],
    ['all free, size 2', '.....', 2, ['A1-A2', 'A2-A3!', 'A3-A4!', 'A4-A5']],
    ['size 1 in a run of 3', '...', 1, ['A1', 'A2!', 'A3']],
    ['taken seats split runs', '...x...', 3, ['A1-A3', 'A5-A7']],
    ['aisles split runs', '..... ..', 2, ['A1-A2', 'A2-A3!', 'A3-A4!', 'A4-A5', 'A7-A8']],
    ['leftover of two is fine', '....x', 2, ['A1-A2', 'A2-A3!', 'A3-A4']],
    ['leftovers of one on both sides', '.....', 3, ['A1-A3', 'A2-A4!', 'A3-A5']],
    ['size equal to run', '...x', 3, ['A1-A3']],
  ])('%s: [%s] size %p', (_label, picture, size, expected) => {
    const [row] = groupSeatsIntoRows(section([picture]));
    const blocks = row ? enumerateRowBlocks(row, size, FOCAL) : [];
    expect(blocks.map((block) => blockLabel(rowBlockSeats(block)) + (block.leavesOrphan ? '!' : ''))).toEqual(expected);
  });

  it.each<[string, number, number, { x: number; y: number }, number]>([
    // seats sit at px = 10x, py = 10
    ['A1-A2', 2, 0, { x: 15, y: 10 }, Math.hypot(15, 10)],
    ['A2-A4', 3, 1, { x: 30, y: 10 }, 10],
    ['A4-A5', 2, 3, { x: 45, y: 10 }, Math.hypot(15, 10)],
  ])('centre and distance of %s', (_label, size, start, centre, distance) => {
    const [row] = groupSeatsIntoRows(section(['.....']));
    const block = enumerateRowBlocks(row!, size, FOCAL).find((candidate) => candidate.start === start)!;
    expect(block.centre.x).toBeCloseTo(centre.x, 12);
    expect(block.centre.y).toBeCloseTo(centre.y, 12);
    expect(block.distance).toBeCloseTo(distance, 12);
    expect(block.rowIndex).toBe(0);
    expect(block.firstX).toBe(start + 1);
  });
});
