import { rowBlockSeats } from '../best-available-blocks';
import { groupSeatsIntoRows } from '../best-available-rows';
import { forEachSplitBlock, nearestRowBlocksBySize, type SplitBlock } from '../best-available-split';
import { blockLabel, section, type TestSeat } from './section-notation';

const FOCAL = { x: 30, y: 0 }; // in front of column 3

const describeBlock = (block: { leavesOrphan: boolean } | undefined, seats: TestSeat[]): string =>
  block === undefined ? '-' : blockLabel(seats) + (block.leavesOrphan ? '!' : '');

describe('nearestRowBlocksBySize', () => {
  // Expected per size 1..3: [nearest without orphan, nearest of any kind]; '-' when none.
  it.each<[string, string, [string, string][]]>([
    [
      'all free',
      '.....',
      [
        ['A3', 'A3'],
        ['A1-A2', 'A2-A3!'],
        ['A1-A3', 'A2-A4!'],
      ],
    ],
    [
      'runs of two',
      '..x..',
      [
        ['-', 'A2!'],
        ['A1-A2', 'A1-A2'],
        ['-', '-'],
      ],
    ],
    [
      'singles only',
      '.x.x.',
      [
        ['A3', 'A3'],
        ['-', '-'],
        ['-', '-'],
      ],
    ],
    [
      'nothing free',
      'xxxxx',
      [
        ['-', '-'],
        ['-', '-'],
        ['-', '-'],
      ],
    ],
  ])('%s: [%s]', (_label, picture, expected) => {
    const [row] = groupSeatsIntoRows(section([picture]));
    const nearest = nearestRowBlocksBySize(row!, 3, FOCAL);
    const actual = [1, 2, 3].map((size) => {
      const withoutOrphan = nearest.withoutOrphan[size];
      const any = nearest.any[size];
      return [
        describeBlock(withoutOrphan, withoutOrphan ? rowBlockSeats(withoutOrphan) : []),
        describeBlock(any, any ? rowBlockSeats(any) : []),
      ];
    });
    expect(actual).toEqual(expected);
  });
});

describe('forEachSplitBlock', () => {
  const splits = (pictures: string[], quantity: number): string[] => {
    const found: SplitBlock<TestSeat>[] = [];
    forEachSplitBlock(groupSeatsIntoRows(section(pictures)), quantity, FOCAL, (block) => found.push(block));
    return found.map((block) => describeBlock(block, [...rowBlockSeats(block.front), ...rowBlockSeats(block.back)]));
  };

  it.each<[string, string[], number, string[]]>([
    ['singles stacked in two rows', ['.x.x.', '.x.x.'], 2, ['A3+B3']],
    ['every adjacent pair of rows', ['.x.x.', '.x.x.', '.x.x.'], 2, ['A3+B3', 'B3+C3']],
    ['every split of the quantity', ['.....', '.....'], 3, ['A3+B1-B2', 'A1-A2+B3']],
    // B4 would be nearer than B3 but strands B3 and B5
    ['orphan-free splits win over the rest', ['..x..', '.x...'], 3, ['A1-A2+B3']],
    // '!' marks a split that strands a seat in either row
    ['orphans allowed when every split strands one', ['..x..', '..x..'], 3, ['A2+B1-B2!', 'A1-A2+B2!']],
    ['rows must be adjacent', ['.x.x.', 'xxxxx', '.x.x.'], 2, []],
    ['one row cannot split', ['.x.x.'], 2, []],
    ['quantity 1 never splits', ['.....', '.....'], 1, []],
  ])('%s', (_label, pictures, quantity, expected) => {
    expect(splits(pictures, quantity)).toEqual(expected);
  });
});
