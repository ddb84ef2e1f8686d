import { SeatStatus } from '../../../seats/seat-status';
import { singleSeatBlocking } from '../single-seat-blocking';
import { row } from './row-notation';

describe('singleSeatBlocking', () => {
  // Columns start at x = 1; see row-notation.ts for the symbols.
  it.each<[string, string, number[]]>([
    ['empty row', '', []],
    ['all free', '......', []],
    ['all sold', 'xxxxxx', []],
    ['free seat between two sold seats', 'x.x', [2]],
    ['free seat between sold seat and row end', '.x....', [1]],
    ['free seat at the right end', '....x.', [6]],
    ['free seat between sold seat and aisle', 'xx. ...', [3]],
    ['free seat between aisle and sold seat', '... .xx', [5]],
    ['two free seats side by side are a pair, not singles', 'x..x', []],
    ['a lone seat between aisles is a single by design', '.. . ..', []],
    ['a lone seat in its row is a single by design', '.', []],
    ['one seat next to a sold one in a 2-seat row', 'x.', [2]],
    ['several gaps in one row', '.x.x..x.', [1, 3, 8]],
    ['blocked seats count as unavailable', 'b.x', [2]],
    // selected and held seats are not "unavailable" in the spec's sense
    ['neighbour selected by this visitor', 's.x', []],
    ['neighbour on hold', 'h.', []],
    ['between selected seats', 's.s', []],
    ['selected seat itself is never blocked', 'xsx', []],
    // left / middle / right seats are exempt
    ['left seat between sold seats', 'xLx', []],
    ['middle seat at row end', 'xxM', []],
    ['right seat next to aisle', 'xR ..', []],
    ['a free exempt neighbour makes a pair', 'x.Lx', []],
    ['a normal single is blocked, the exempt one beside it is not', 'x.xxL', [2]],
  ])('%s: [%s] -> %p', (_label, picture, blocked) => {
    expect(singleSeatBlocking(row(picture))).toEqual(blocked);
  });

  it('does not depend on input order', () => {
    const seats = row('.x.x..x.').reverse();
    expect(singleSeatBlocking(seats)).toEqual([1, 3, 8]);
  });

  it.each<[string, number]>([
    ['sold', SeatStatus.Sold],
    ['locked by someone else', SeatStatus.LockedByOther],
    ['blocked', SeatStatus.Blocked],
    ['unknown code', 99],
  ])('treats status %s as unavailable', (_label, status) => {
    expect(
      singleSeatBlocking([
        { x: 1, status },
        { x: 2, status: SeatStatus.Available },
      ]),
    ).toEqual([2]);
  });

  it.each<[string, { x: number; status: number }[], string]>([
    [
      'duplicate x',
      [
        { x: 1, status: 1 },
        { x: 1, status: 4 },
      ],
      'two seats at x=1',
    ],
    ['fractional x', [{ x: 1.5, status: 1 }], 'must be a safe integer'],
  ])('rejects %s', (_label, seats, message) => {
    expect(() => singleSeatBlocking(seats)).toThrow(message);
  });
});
