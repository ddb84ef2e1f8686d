import { agorotToShekels } from '../agorot-to-shekels';

describe('agorotToShekels', () => {
  it.each([
    [4500, 45],
    [4550, 45.5],
    [1, 0.01],
    [1999, 19.99],
    [-1234, -12.34],
    [0, 0],
    [-0, 0],
  ])('%p agorot -> %p shekels', (agorot, shekels) => {
    expect(Object.is(agorotToShekels(agorot), shekels)).toBe(true);
  });

  it.each<[unknown, ErrorConstructor]>([
    [45.5, RangeError],
    [NaN, RangeError],
    [Infinity, RangeError],
    [2 ** 53, RangeError],
    ['4500', TypeError],
  ])('rejects %p', (value, errorType) => {
    expect(() => agorotToShekels(value as number)).toThrow(errorType);
  });
});
