import { shekelsToAgorot } from '../shekels-to-agorot';

describe('shekelsToAgorot', () => {
  it.each([
    [45, 4500],
    [45.5, 4550],
    [0.01, 1],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [1.005, 101],
    [1.15, 115],
    [4.35, 435],
    [0.004, 0],
    [0.005, 1],
    [-0.005, -1],
    [-12.34, -1234],
    [-0, 0],
    [0, 0],
    [90_000_000_000_000, 9_000_000_000_000_000],
  ])('%p shekels -> %p agorot', (shekels, agorot) => {
    expect(Object.is(shekelsToAgorot(shekels), agorot)).toBe(true);
  });

  it.each<[unknown, ErrorConstructor, string]>([
    [NaN, RangeError, 'shekels must be a finite number, got NaN'],
    [Infinity, RangeError, 'shekels must be a finite number, got Infinity'],
    [-Infinity, RangeError, 'shekels must be a finite number, got -Infinity'],
    ['45', TypeError, 'shekels must be a number, got "45"'],
    [null, TypeError, 'shekels must be a number, got null'],
    [1e14, RangeError, 'agorot must be a safe integer'],
  ])('rejects %p', (value, errorType, message) => {
    expect(() => shekelsToAgorot(value as number)).toThrow(errorType);
    expect(() => shekelsToAgorot(value as number)).toThrow(message);
  });
});
