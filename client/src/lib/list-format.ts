import type { SupportedLocale } from './rules';

/**
 * Lists in running text follow the language: "A, B and C", "A, B וC", "A, B и C", "A وB وC".
 * Intl.ListFormat knows each language's punctuation and conjunction; never join(', ').
 */
export function formatList(items: readonly string[], locale: SupportedLocale): string {
  return new Intl.ListFormat(locale, { type: 'conjunction', style: 'long' }).format(items);
}

/**
 * The comma between two parts of one name ("Hall 2, Cinema City"): Arabic writes "،". Intl.ListFormat has no
 * "apposition" type (its unit lists drop the comma in Russian and add "و" in Arabic), so the comma is chosen here.
 */
export function nameSeparator(locale: SupportedLocale): string {
  return locale === 'ar' ? '، ' : ', ';
}
