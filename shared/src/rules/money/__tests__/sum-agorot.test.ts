import { sumAgorot } from '../sum-agorot';

describe('sumAgorot', () => {
  it.each<[string, number[], number]>([
    ['empty list', [], 0],
    ['one amount', [4500], 4500],
    ['several', [4500, 1250, 1], 5751],
    ['refunds cancel out', [4500, -4500], 0],
    ['negative total', [100, -250], -150],
    ['up to the safe limit', [Number.MAX_SAFE_INTEGER - 1, 1], Number.MAX_SAFE_INTEGER],
  ])('%s', (_label, amounts, expected) => {
    expect(Object.is(sumAgorot(amounts), expected)).toBe(true);
  });

  it.each<[string, number[], string]>([
    ['fraction', [100, 0.5], 'amounts[1] must be a safe integer, got 0.5'],
    ['NaN', [NaN], 'amounts[0] must be a finite number, got NaN'],
    ['overflow', [Number.MAX_SAFE_INTEGER, 1], 'sum must be a safe integer'],
  ])('rejects %s', (_label, amounts, message) => {
    expect(() => sumAgorot(amounts)).toThrow(message);
  });
});
