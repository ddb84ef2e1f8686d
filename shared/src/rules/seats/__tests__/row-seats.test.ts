import { indexRowByX } from '../row-seats';

describe('indexRowByX', () => {
  it.each<[string, { x: number }[], number[]]>([
    ['empty row', [], []],
    ['sorted', [{ x: 1 }, { x: 2 }], [1, 2]],
    ['unsorted with an aisle', [{ x: 5 }, { x: 1 }, { x: 2 }], [5, 1, 2]],
    ['negative columns', [{ x: -1 }, { x: 0 }], [-1, 0]],
  ])('%s', (_label, seats, xs) => {
    expect([...indexRowByX(seats).keys()]).toEqual(xs);
  });

  it.each<[string, { x: number }[], string]>([
    ['duplicate x', [{ x: 1 }, { x: 1 }], 'rowSeats has two seats at x=1'],
    ['fractional x', [{ x: 1.5 }], 'rowSeats[0].x must be a safe integer, got 1.5'],
    ['NaN x', [{ x: 1 }, { x: NaN }], 'rowSeats[1].x must be a finite number, got NaN'],
  ])('rejects %s', (_label, seats, message) => {
    expect(() => indexRowByX(seats)).toThrow(message);
  });
});
