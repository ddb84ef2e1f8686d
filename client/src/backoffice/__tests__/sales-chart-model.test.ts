import { fillDays, isLabelled, labelStride, niceAxis } from '../sales-chart-model';

describe('fillDays', () => {
  const day = (Date: string, Sold: number) => ({ Date, Sold, RevenueAgorot: Sold * 4500 });
  it.each([
    ['one day, no sales', [], '2026-11-26', '2026-11-26', [['2026-11-26', 0]]],
    [
      'gaps become zero days',
      [day('2026-11-24', 3)],
      '2026-11-23',
      '2026-11-25',
      [
        ['2026-11-23', 0],
        ['2026-11-24', 3],
        ['2026-11-25', 0],
      ],
    ],
    [
      'across a month end',
      [day('2026-11-01', 2)],
      '2026-10-31',
      '2026-11-01',
      [
        ['2026-10-31', 0],
        ['2026-11-01', 2],
      ],
    ],
    ['days outside the range are left out', [day('2026-11-20', 9)], '2026-11-21', '2026-11-21', [['2026-11-21', 0]]],
    ['the end before the start: nothing', [day('2026-11-20', 9)], '2026-11-21', '2026-11-20', []],
    [
      'across the spring clock change (days, not 24 h steps)',
      [],
      '2026-03-26',
      '2026-03-28',
      [
        ['2026-03-26', 0],
        ['2026-03-27', 0],
        ['2026-03-28', 0],
      ],
    ],
  ])('%s', (_name, days, from, to, expected) => {
    expect(fillDays(days, from, to).map((d) => [d.date, d.sold])).toEqual(expected);
  });

  it('carries revenue', () => {
    expect(fillDays([day('2026-11-24', 3)], '2026-11-24', '2026-11-24')).toEqual([
      { date: '2026-11-24', sold: 3, revenueAgorot: 13500 },
    ]);
  });

  it('never more than 400 days', () => {
    expect(fillDays([], '2000-01-01', '2026-01-01')).toHaveLength(400);
  });
});

describe('niceAxis', () => {
  it.each([
    [0, 5, 1, { top: 1, step: 1 }],
    [1, 5, 1, { top: 1, step: 1 }],
    [3, 5, 1, { top: 3, step: 1 }],
    [12, 5, 1, { top: 15, step: 5 }],
    [9, 5, 1, { top: 10, step: 2 }],
    [100, 5, 1, { top: 100, step: 20 }],
    [101, 5, 1, { top: 150, step: 50 }],
    [450_000, 4, 100, { top: 600_000, step: 200_000 }],
    [150, 5, 100, { top: 200, step: 100 }],
    [0.3, 5, 1, { top: 1, step: 1 }],
  ])('max %d in at most %d steps (min step %d)', (max, ticks, minStep, expected) => {
    expect(niceAxis(max, ticks, minStep)).toEqual(expected);
  });

  it('the top is never below the maximum and has at most maxTicks steps', () => {
    for (let max = 1; max < 5000; max += 37) {
      const { top, step } = niceAxis(max, 5);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(top / step).toBeLessThanOrEqual(5);
    }
  });
});

describe('day labels', () => {
  it.each([
    ['room for every label', 31, 60, 40, 1],
    ['one bar', 1, 10, 40, 1],
    ['every other day', 31, 25, 40, 2],
    ['weekly', 31, 8, 40, 7],
    ['fortnightly', 31, 4, 40, 14],
    ['hardly any room: first and last only', 31, 1, 40, 16],
  ])('%s', (_name, count, slot, label, stride) => {
    expect(labelStride(count, slot, label)).toBe(stride);
  });

  it('the newest day is always labelled, counting back by the stride', () => {
    const labelled = Array.from({ length: 31 }, (_, i) => i).filter((i) => isLabelled(i, 31, 7));
    expect(labelled).toEqual([2, 9, 16, 23, 30]);
  });
});
