import { stripBidiMarks } from '../strip-bidi-marks';

describe('stripBidiMarks', () => {
  it.each([
    ['RLM before a he amount', '\u200F45.00\u00A0\u200F₪', '45.00\u00A0₪'],
    ['LRM before a minus', '\u200F\u200E-45.00\u00A0₪', '-45.00\u00A0₪'],
    ['Arabic letter mark', 'a\u061Cb', 'ab'],
    ['other invisible characters are kept (NBSP, ZWJ)', '1\u00A02\u200D3', '1\u00A02\u200D3'],
    ['nothing to strip', '₪45.00', '₪45.00'],
    ['empty', '', ''],
  ])('%s', (_label, input, expected) => {
    expect(stripBidiMarks(input)).toBe(expected);
  });

  it('rejects a non-string', () => {
    expect(() => stripBidiMarks(45 as unknown as string)).toThrow(TypeError);
  });
});
