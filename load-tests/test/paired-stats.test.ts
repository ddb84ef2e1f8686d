import { costOver, medianWithInterval } from '../lib/paired-stats.mjs';

/** The A/B bench's statistics (load-tests/lib/paired-stats.mjs), against values known by hand and by the tables. */
test('the interval of the median is the order statistics the binomial gives, with its coverage', () => {
  // n = 6: [x(1), x(6)] covers with 1 − 2/64 = 96.9 %; [x(2), x(5)] only 78 %: 95 % needs the extremes.
  expect(medianWithInterval([6, 1, 5, 2, 4, 3])).toEqual({ median: 3.5, low: 1, high: 6, coverage: 1 - 2 / 64, n: 6 });
  // n = 5: even the extremes cover only 93.75 %: no 95 % interval.
  expect(medianWithInterval([1, 2, 3, 4, 5])).toMatchObject({ median: 3, low: null, high: null });
  // n = 20: the textbook ranks 6 and 15 (coverage 95.86 %).
  const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
  const r = medianWithInterval(twenty);
  expect([r.low, r.high]).toEqual([6, 15]);
  expect(r.coverage).toBeCloseTo(0.9586, 4);
  // n = 60: ranks 22 and 39 (coverage 97.3 %; 23 and 38 would be under 95 %).
  const sixty = medianWithInterval(Array.from({ length: 60 }, (_, i) => i + 1));
  expect([sixty.low, sixty.high]).toEqual([22, 39]);
  expect(sixty.coverage).toBeGreaterThanOrEqual(0.95);
});

test('a side’s cost is read from each round’s own ratio, so a drift shared by both sides cancels', () => {
  // The machine slows down round after round (×1 … ×2), the side costs 2 % more in every round.
  const base = Array.from({ length: 20 }, (_, r) => 100 * (1 + r / 19));
  const side = base.map((x) => x * 1.02);
  const cost = costOver(base, side, 3);
  expect(cost.median).toBeCloseTo(2, 9);
  expect(cost.width).toBeCloseTo(0, 9);
  expect(cost.verdict).toBe('met');
  // One wild round (a neighbour's burst during one window) does not move the median.
  const wild = [...side];
  wild[3] = base[3]! * 1.5;
  expect(costOver(base, wild, 3).median).toBeCloseTo(2, 9);
  expect(
    costOver(
      base,
      base.map((x) => x * 1.05),
      3,
    ).verdict,
  ).toBe('exceeded');
  const noisy = base.map((x, r) => x * (r % 2 ? 1.06 : 0.99));
  expect(costOver(base, noisy, 3).verdict).toBe('undecided');
});
