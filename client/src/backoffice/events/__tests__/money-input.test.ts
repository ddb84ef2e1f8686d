import { MAX_AGOROT, shekelsTextToAgorot } from '../money-input';

describe('shekelsTextToAgorot', () => {
  it.each([
    ['150', 15_000],
    ['149.90', 14_990],
    ['149.9', 14_990],
    ['149,90', 14_990],
    ['0.29', 29],
    ['1.01', 101],
    ['0', 0],
    [' 20 ', 2_000],
    ['₪ 20.50', 2_050],
    ['١٥٠', 15_000],
    ['١٤٩٫٩٠', 14_990],
    ['100000', MAX_AGOROT],
  ])('%j -> %i agorot', (text, agorot) => {
    expect(shekelsTextToAgorot(text)).toBe(agorot);
  });

  it.each([[''], ['abc'], ['-5'], ['1.234'], ['1,234.50'], ['12.'], ['.5'], ['100000.01'], ['1e3'], ['1 000']])(
    '%j is not an amount',
    (text) => {
      expect(shekelsTextToAgorot(text)).toBeNull();
    },
  );
});
