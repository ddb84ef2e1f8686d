import { leavesSingleSeatGap, singleSeatGapsCreated } from '../single-seat-gap';
import { row } from './row-notation';

describe('single-seat gap on selection', () => {
  it.each<[string, string, number[], number[]]>([
    ['whole row', '....', [1, 2, 3, 4], []],
    ['from the row end', '.....', [1, 2], []],
    ['one seat in from the end', '.....', [2, 3], [1]],
    ['middle of three', '...', [2], [1, 3]],
    ['one of a pair', 'x..x', [2], [3]],
    ['filling a pair', 'x..x', [2, 3], []],
    ['next to a sold seat, leaving a pair', 'x...', [2], []],
    ['leaving one seat before an aisle', '... ...', [1, 2], [3]],
    ['up to the aisle', '... ...', [2, 3], [1]],
    ['an existing orphan elsewhere does not count', 'x.x....', [4, 5], []],
    ['an existing orphan plus new ones', 'x.x....', [5, 6], [4, 7]],
    ['filling an existing orphan', 'x.x', [2], []],
    ['own earlier selection counts as taken', 's....', [3], [2]],
    ['extending own selection', 's...', [2], []],
    ['exempt seat may be left alone', '..R', [1, 2], []],
    ['exempt seat may be left between taken seats', 'xLx..', [4, 5], []],
    ['empty selection', 'x..', [], []],
  ])('%s: [%s] selecting %p strands %p', (_label, picture, selection, stranded) => {
    expect(singleSeatGapsCreated(row(picture), selection)).toEqual(stranded);
    expect(leavesSingleSeatGap(row(picture), selection)).toBe(stranded.length > 0);
  });

  it('rejects a selection outside the row', () => {
    expect(() => leavesSingleSeatGap(row('...'), [7])).toThrow('not a seat of this row');
  });
});
