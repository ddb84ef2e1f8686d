import { MIN_KEPT, shortenLabel } from '../label-shortening';

/** Room for `n` characters (one unit each, the ellipsis too). */
const room = (n: number) => (s: string) => [...s].length <= n;

describe('shortenLabel', () => {
  it.each([
    ['fits: unchanged', 'Balcony', 7, 'Balcony'],
    ['cut with an ellipsis', 'Balcony', 5, 'Balc…'],
    ['room for three letters', 'Balcony', 4, 'Bal…'],
    ['the shortest cut keeps two letters', 'Balcony', 3, 'Ba…'],
    ['room for one letter only: hidden, never "B…"', 'Balcony', 2, null],
    ['a number alone is never cut: "201" is never "2…"', '201', 2, null],
    ['a number is not cut in two: the cut moves before it', 'Gate 105', 7, 'Gate…'],
    ['a whole number may stay before the cut', 'Gate 105 North', 9, 'Gate 105…'],
    ['a trailing space is dropped before the ellipsis', 'Box A', 4, 'Box…'],
    ['Hebrew is cut the same way', 'יציע מזרחי', 6, 'יציע…'],
    ['Arabic digits count as digits', 'بوابة ١٠٥', 8, 'بوابة…'],
    ['a short name that does not fit: hidden', 'VIP', 2, null],
    ['empty: kept (fits)', '', 0, ''],
  ])('%s', (_name, text, n, want) => {
    expect(shortenLabel(text, room(n))).toBe(want);
  });

  it('never returns fewer than MIN_KEPT characters before the ellipsis', () => {
    for (const text of ['Balcony', 'Lower tier 101', 'A1', 'Gate 7', 'יציע 12', '101'])
      for (let n = 0; n <= text.length + 1; n++) {
        const out = shortenLabel(text, room(n));
        if (out !== null && out !== text) expect([...out.replace(/…$/, '')].length).toBeGreaterThanOrEqual(MIN_KEPT);
      }
  });
});
