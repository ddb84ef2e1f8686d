import { formatShekels } from '../format-shekels';
import { stripBidiMarks } from '../../text/strip-bidi-marks';

// Exact ICU output, spelled with escapes so the invisible characters are visible:
// RLM U+200F, LRM U+200E, NBSP U+00A0.
const RLM = '\u200F';
const LRM = '\u200E';
const NBSP = '\u00A0';

describe('formatShekels', () => {
  it.each<[number, string, string]>([
    [4500, 'he', `${RLM}45.00${NBSP}${RLM}₪`],
    [4550, 'he', `${RLM}45.50${NBSP}${RLM}₪`],
    [1, 'he', `${RLM}0.01${NBSP}${RLM}₪`],
    [0, 'he', `${RLM}0.00${NBSP}${RLM}₪`],
    [-0, 'he', `${RLM}0.00${NBSP}${RLM}₪`],
    [-4500, 'he', `${RLM}${LRM}-45.00${NBSP}${RLM}₪`],
    [123456750, 'he', `${RLM}1,234,567.50${NBSP}${RLM}₪`],
    [4500, 'ar', `${RLM}45.00${NBSP}₪`],
    [-4500, 'ar', `${RLM}${LRM}-45.00${NBSP}₪`],
    [123456750, 'ar', `${RLM}1,234,567.50${NBSP}₪`],
    [4500, 'en', '₪45.00'],
    [-4500, 'en', '-₪45.00'],
    [123456750, 'en', '₪1,234,567.50'],
    [4500, 'ru', `45,00${NBSP}₪`],
    [123456750, 'ru', `1${NBSP}234${NBSP}567,50${NBSP}₪`],
    [4500, 'en-US', '₪45.00'],
    [4500, 'he-IL', `${RLM}45.00${NBSP}${RLM}₪`],
    // Exact even where a double could not hold the agorot: 2^53 - 1 agorot.
    [Number.MAX_SAFE_INTEGER, 'en', '₪90,071,992,547,409.91'],
  ])('%p agorot in %s -> %j', (agorot, locale, expected) => {
    expect(formatShekels(agorot, locale)).toBe(expected);
  });

  it('defaults to Hebrew', () => {
    expect(formatShekels(4500)).toBe(formatShekels(4500, 'he'));
  });

  it.each([
    ['he', '45.00\u00A0₪'],
    ['ar', '45.00\u00A0₪'],
  ])('strips to plain text in %s', (locale, expected) => {
    expect(stripBidiMarks(formatShekels(4500, locale))).toBe(expected);
  });

  it.each<[unknown, string, ErrorConstructor]>([
    [45.5, 'he', RangeError],
    [NaN, 'he', RangeError],
    ['4500', 'he', TypeError],
    [4500, 'not a locale!', RangeError],
  ])('rejects %p in %p', (agorot, locale, errorType) => {
    expect(() => formatShekels(agorot as number, locale)).toThrow(errorType);
  });
});
