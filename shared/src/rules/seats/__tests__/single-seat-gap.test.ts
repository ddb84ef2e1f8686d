import { lockLeavesUnfillableGap, selectionGaps, selectionLeavesSingleSeatGap } from '../single-seat-gap';
import { row } from './row-notation';

// Pictures: see row-notation.ts ('.' free, 's' mine, 'x' sold, 'o' locked by someone else, 'k' kept free, ' ' aisle).
const FOURTEEN = '..............';

describe('selectionGaps: what the whole selection leaves', () => {
  it.each<[string, string, number[], number[]]>([
    ['nothing selected', '....', [], []],
    ['whole row', '....', [1, 2, 3, 4], []],
    ['from the row end', '.....', [1, 2], []],
    ['one seat in from the end strands the end seat', '.....', [2, 3], [1]],
    ['middle of three', '...', [2], [1, 3]],
    ['one of a pair between sold seats', 'x..x', [2], [3]],
    ['filling a pair', 'x..x', [2, 3], []],
    ['next to a sold seat, leaving a pair', 'x...', [2], []],
    ['leaving one seat before an aisle', '... ...', [1, 2], [3]],
    ['up to the aisle', '... ...', [2, 3], [1]],
    ['an orphan left by others does not count', 'x.x....', [4, 5], []],
    ['an orphan left by others plus new ones', 'x.x....', [5, 6], [4, 7]],
    ['filling an orphan left by others', 'x.x', [2], []],
    ['own earlier seat and the new one leave a gap between them', 's....', [3], [2]],
    ['extending own selection to the right', 's...', [2], []],
    ['extending own selection to the left', '...s', [3], []],
    ['seat 13 of 14 leaves the row end', FOURTEEN, [13], [14]],
    ['seats 13 and 14: no gap', FOURTEEN, [13, 14], []],
    ['seats 7 and 9 leave 8', FOURTEEN, [7, 9], [8]],
    ['7, 9 and then 8: no gap', '......s.s.....', [8], []],
    ['a gap next to someone else’s lock counts', 'o....', [3], [2]],
    ['a couch taken whole in the middle', '......', [3, 4], []],
    ['a couch one seat from the end', '......', [2, 3], [1]],
    ['kept-free seat beside the pair is not a gap', '..k..', [1, 2], []],
    ['one seat between own seat and a kept-free seat', '..k..', [1], [2]],
    ['exempt right seat may be left alone', '..R', [1, 2], []],
    ['exempt seat may be left between taken seats', 'xLx..', [4, 5], []],
  ])('%s: [%s] + %p leaves %p', (_label, picture, added, gaps) => {
    expect(selectionGaps(row(picture), added)).toEqual(gaps);
  });

  it('counts status-2 seats as the selection', () => {
    expect(selectionGaps(row('.s...'))).toEqual([1]);
    expect(selectionLeavesSingleSeatGap(row('.s...'))).toBe(true);
    expect(selectionLeavesSingleSeatGap(row('ss...'))).toBe(false);
  });

  it('rejects a seat outside the row', () => {
    expect(() => selectionGaps(row('...'), [7])).toThrow('not a seat of this row');
  });
});

describe('lockLeavesUnfillableGap: a buyer picking seat by seat', () => {
  // [label, row before the click, seats locked by the click, seats the buyer may still add after it, refused?]
  it.each<[string, string, number[], number, boolean]>([
    ['first seat at the row end', FOURTEEN, [1], 9, false],
    ['13 of 14 first: the buyer can still take 14', FOURTEEN, [13], 9, false],
    ['then 14', '............s.', [14], 8, false],
    ['14 first, then 13', '.............s', [13], 8, false],
    ['7 then 9: 8 is still theirs to take', '......s.......', [9], 8, false],
    ['9 then 7', '........s.....', [7], 8, false],
    ['then 8 closes the gap', '......s.s.....', [8], 7, false],
    ['extend left', '....ss....', [4], 6, false],
    ['extend right', '....ss....', [7], 6, false],
    ['fill a gap between own seats', '...s.s...', [5], 6, false],
    ['next to someone else’s lock, one seat in', 'o.....', [3], 9, false],
    ['up to an aisle', '... ...', [2], 9, false],
    ['a couch one seat from the end', '......', [2, 3], 8, false],
    ['one seat kept free, picking beside it', '..k...', [4], 9, false],
    // the order's maximum reached: what is left must be gap-free now
    ['last allowed seat would strand the row end', '.s....', [3], 0, true],
    ['last allowed seat closes the gap', 's.s...', [2], 0, false],
    ['last allowed seat next to the kept-free seat', '..k...', [5], 0, true],
    ['two gaps, one seat left to add', '...', [2], 1, true],
    ['two gaps, two seats left to add', '...', [2], 2, false],
    ['last seat beside an exempt seat', 'L.', [2], 0, false],
    ['already stranded by others is not the buyer’s fault', 'x.x..', [4, 5], 0, false],
  ])('%s: [%s] lock %p with %p left -> refused %p', (_label, picture, lockXs, left, refused) => {
    expect(lockLeavesUnfillableGap(row(picture), lockXs, left)).toBe(refused);
  });
});
