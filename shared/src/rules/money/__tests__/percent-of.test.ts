import { percentOf } from '../percent-of';

describe('percentOf', () => {
  it.each([
    [10000, 10, 1000],
    [4500, 17, 765],
    [1999, 17, 340], // 339.83
    [50, 5, 3], // 2.5 rounds up
    [30, 5, 2], // 1.5 rounds up
    [10, 5, 1], // 0.5 rounds up
    [9, 5, 0], // 0.45 rounds down
    [35, 30, 11], // 10.5
    [1000, 1.1, 11],
    [333, 33.333, 111], // 110.998889
    [-50, 5, -3], // a refund mirrors the charge
    [4500, 0, 0],
    [0, 17, 0],
    [4500, 100, 4500],
    [4500, 150, 6750],
    [4500, -10, -450],
  ])('%p agorot x %p%% -> %p', (agorot, percent, expected) => {
    expect(Object.is(percentOf(agorot, percent), expected)).toBe(true);
  });

  it.each<[number, number, ErrorConstructor, string]>([
    [45.5, 10, RangeError, 'agorot must be a safe integer, got 45.5'],
    [NaN, 10, RangeError, 'agorot must be a finite number, got NaN'],
    [4500, NaN, RangeError, 'percent must be a finite number, got NaN'],
    [4500, Infinity, RangeError, 'percent must be a finite number, got Infinity'],
    [Number.MAX_SAFE_INTEGER, 200, RangeError, 'result must be a safe integer'],
  ])('rejects %p x %p', (agorot, percent, errorType, message) => {
    expect(() => percentOf(agorot, percent)).toThrow(errorType);
    expect(() => percentOf(agorot, percent)).toThrow(message);
  });
});
