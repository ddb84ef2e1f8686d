import { workFactorFor } from '../src/botcheck/work-factor';

// [load, step, max, factor]
const cases: [number, number, number, number][] = [
  [0, 200, 8, 1],
  [199, 200, 8, 1],
  [200, 200, 8, 2],
  [399, 200, 8, 2],
  [400, 200, 8, 3],
  [1_400, 200, 8, 8],
  [1_000_000, 200, 8, 8],
  [5_000, 0, 8, 1], // step 0: the rise is off
  [5_000, 200, 1, 1], // max 1: never harder
  [-3, 200, 8, 1],
  [Number.NaN, 200, 8, 1],
];

test.each(cases)('load %d, step %d, max %d -> factor %d', (load, step, max, factor) => {
  expect(workFactorFor(load, step, max)).toBe(factor);
});
