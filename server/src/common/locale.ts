export const LOCALES = ['he', 'en', 'ru', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'he';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The user's language: `lang` query first (as the storefront sends it), then Accept-Language, then Hebrew. */
export function resolveLocale(query: unknown, acceptLanguage: string | undefined): Locale {
  const lang = (query as Record<string, unknown> | undefined)?.lang;
  if (isLocale(lang)) return lang;
  if (acceptLanguage) {
    for (const part of acceptLanguage.split(',')) {
      const tag = part.trim().slice(0, 2).toLowerCase();
      if (isLocale(tag)) return tag;
    }
  }
  return DEFAULT_LOCALE;
}
