/**
 * Label slugging (storefront-spec.md section 5): lowercase, accented characters to
 * plain letters, keep Latin letters, digits, Hebrew and Arabic letters, join
 * words with a single hyphen.
 *
 * Decisions beyond the spec sentence:
 * - Latin letters that Unicode does not decompose (ß, ø, æ, œ, ł, đ, ð, þ, ı) are
 *   spelled out, otherwise "Søren" would lose a letter and split into "s-ren".
 * - Apostrophes and quote marks inside words vanish instead of splitting them:
 *   Hebrew abbreviations are written with geresh/gershayim (תנ״ך, צה"ל) and English
 *   with apostrophes (Rock 'n' Roll), and both should stay one word.
 * - Decomposition is NFKD rather than NFD so compatibility forms fold too:
 *   fullwidth "Ｆｕｌｌ", ligatures "ﬁ", Hebrew/Arabic presentation forms.
 * - Hebrew points and Arabic harakat are combining marks, so they go with the
 *   accents. Arabic hamza and madda (U+0653-U+0655) are not accents but part of
 *   letters like أ ئ ؤ آ, so they are kept and recomposed. The tatweel (U+0640)
 *   only stretches a word and is dropped.
 * - Arabic-Indic digits become 0-9 so "٢٠٢٥" and "2025" give the same slug.
 * - Anything else separates words. The result can be '' (a label of emoji only);
 *   callers that need a non-empty slug must supply their own fallback.
 */

const SPELLED_OUT: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

// Every combining mark except Arabic madda and hamza above/below.
const COMBINING_MARKS = /(?![\u0653-\u0655])\p{M}/gu;
const WORD_INTERNAL_QUOTES = /['"\u2018\u2019\u201C\u201D\u05F3\u05F4\u0640]/g;
const NOT_SPELLED = /[ßøæœłđðþı]/g;
const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/g;
const OUTSIDE_KEPT_ALPHABET = /[^a-z0-9\u05D0-\u05EA\u0621-\u064A]+/g;

function toLatinDigit(digit: string): string {
  const code = digit.charCodeAt(0);
  return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
}

export function slugify(label: string): string {
  if (typeof label !== 'string') throw new TypeError(`label must be a string, got ${String(label)}`);
  // Lowercase first: 'İ'.toLowerCase() is 'i' plus a combining dot, which the
  // mark-stripping below then removes.
  return label
    .toLowerCase()
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .normalize('NFC')
    .replace(NOT_SPELLED, (letter) => SPELLED_OUT[letter] ?? '')
    .replace(ARABIC_INDIC_DIGIT, toLatinDigit)
    .replace(WORD_INTERNAL_QUOTES, '')
    .replace(OUTSIDE_KEPT_ALPHABET, '-')
    .replace(/^-+|-+$/g, '');
}
