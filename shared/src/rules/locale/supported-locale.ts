/**
 * The storefront's languages (memberships-backoffice-spec.md section 9: he is the
 * default, en enabled, a Russian set exists and Arabic appears among storefront locales).
 */
export const SUPPORTED_LOCALES = ['he', 'en', 'ru', 'ar'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: SupportedLocale = 'he';

export function isSupportedLocale(value: unknown): value is SupportedLocale {
  return typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);
}

/** he and ar are written right to left; the UI uses this for `dir`. */
export function isRightToLeft(locale: SupportedLocale): boolean {
  return locale === 'he' || locale === 'ar';
}

// Regional tags so Intl picks Israeli conventions (e.g. en-IL writes dates day-first
// like the rest of the site). Russian has no Israeli data in ICU, so ru-RU.
const INTL_TAG: Record<SupportedLocale, string> = {
  he: 'he-IL',
  en: 'en-IL',
  ru: 'ru-RU',
  ar: 'ar-IL',
};

/**
 * The BCP 47 tag to hand to Intl for one of our locales. A full tag ('he-IL',
 * 'en-US') is passed through unchanged so callers can be specific; Intl itself
 * rejects malformed tags with a RangeError.
 */
export function intlLocaleFor(locale: string): string {
  return isSupportedLocale(locale) ? INTL_TAG[locale] : locale;
}
