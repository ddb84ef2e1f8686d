import { availableRuns, groupSeatsIntoRows, type BestAvailableSeat } from '../best-available-rows';
import { label, section, type TestSeat } from './section-notation';

describe('groupSeatsIntoRows', () => {
  it.each<[string, TestSeat[], string[][]]>([
    ['empty section', [], []],
    [
      'rows in y order, seats in x order',
      section(['..', '.x', 'x.']).reverse(),
      [
        ['A1', 'A2'],
        ['B1', 'B2'],
        ['C1', 'C2'],
      ],
    ],
    [
      'fully sold rows are kept',
      section(['..', 'xx', '..']),
      [
        ['A1', 'A2'],
        ['B1', 'B2'],
        ['C1', 'C2'],
      ],
    ],
    ['aisles do not split a row', section(['.. ..']), [['A1', 'A2', 'A4', 'A5']]],
  ])('%s', (_label, seats, expected) => {
    const rows = groupSeatsIntoRows(seats);
    expect(rows.map((row) => row.seats.map(label))).toEqual(expected);
    expect(rows.map((row) => row.index)).toEqual(expected.map((_row, index) => index));
  });

  it('orders rows by their smallest y, then by first appearance', () => {
    const seat = (rowKey: string, x: number, y: number): BestAvailableSeat => ({
      rowKey,
      x,
      y,
      px: x,
      py: y,
      available: true,
    });
    const rows = groupSeatsIntoRows([
      seat('far', 1, 9),
      seat('tilted', 1, 5),
      seat('tilted', 2, 2),
      seat('twin', 1, 2),
    ]);
    expect(rows.map((row) => row.key)).toEqual(['tilted', 'twin', 'far']);
  });

  it.each<[string, BestAvailableSeat[], string]>([
    [
      'two seats at one x',
      [
        { rowKey: 'A', x: 1, y: 1, px: 0, py: 0, available: true },
        { rowKey: 'A', x: 1, y: 1, px: 0, py: 0, available: false },
      ],
      'row A has two seats at x=1',
    ],
    [
      'fractional x',
      [{ rowKey: 'A', x: 1.5, y: 1, px: 0, py: 0, available: true }],
      'seats[0].x must be a safe integer',
    ],
    [
      'NaN plan coordinate',
      [{ rowKey: 'A', x: 1, y: 1, px: NaN, py: 0, available: true }],
      'seats[0].px must be a finite number',
    ],
  ])('rejects %s', (_label, seats, message) => {
    expect(() => groupSeatsIntoRows(seats)).toThrow(message);
  });
});

describe('availableRuns', () => {
  it.each<[string, string, string[][]]>([
    ['empty row', '', []],
    ['all free', '...', [['A1', 'A2', 'A3']]],
    ['all taken', 'xxx', []],
    [
      'taken seat splits',
      '..x..',
      [
        ['A1', 'A2'],
        ['A4', 'A5'],
      ],
    ],
    [
      'aisle splits',
      '.. ..',
      [
        ['A1', 'A2'],
        ['A4', 'A5'],
      ],
    ],
    ['singles', '.x.x.', [['A1'], ['A3'], ['A5']]],
    ['taken then aisle', '.x .', [['A1'], ['A4']]],
  ])('%s: [%s]', (_label, picture, expected) => {
    const [row] = groupSeatsIntoRows(section([picture]));
    expect(availableRuns(row?.seats ?? []).map((run) => run.map(label))).toEqual(expected);
  });
});
