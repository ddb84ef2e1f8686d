import { roundHalfAwayFromZero } from '../round-half-away-from-zero';

describe('roundHalfAwayFromZero', () => {
  it.each([
    [0, 0],
    [-0, 0],
    [2.5, 3],
    [-2.5, -3],
    [2.4999, 2],
    [-2.4999, -2],
    [0.5, 1],
    [-0.5, -1],
    [-0.4, 0],
    [1.005 * 100, 101], // 100.49999999999999 in binary, 100.5 as written
    [1.15 * 100, 115], // 114.99999999999999
    [4.35 * 100, 435], // 434.99999999999994
    [0.1 + 0.2, 0],
    [123456789.5, 123456790],
    [1e15 + 0.5, 1e15 + 1], // beyond the noise limit the value is used as is
  ])('%p -> %p', (value, expected) => {
    expect(Object.is(roundHalfAwayFromZero(value), expected)).toBe(true);
  });

  it.each([NaN, Infinity, -Infinity])('rejects %p', (value) => {
    expect(() => roundHalfAwayFromZero(value)).toThrow(RangeError);
  });
});
