import type { Locale } from './locale';

/** A catalogue name in four languages, as the e-ticket, the calendar and the confirmation read it. */
export interface LocalizedNames {
  he: string;
  en: string;
  ru?: string | null;
  ar?: string | null;
}

const filled = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/**
 * The name to show a reader of `locale`: their own language, then the English (a Latin-script name is the better
 * guess for Russian and Arabic readers), then the Hebrew. The storefront's rule (client lib/localized.ts pickText),
 * for texts the server writes itself (calendar, e-mail, SMS).
 */
export function localizedName(locale: Locale, names: LocalizedNames): string {
  const own = locale === 'he' ? names.he : locale === 'ru' ? names.ru : locale === 'ar' ? names.ar : names.en;
  if (filled(own)) return own;
  if (filled(names.en)) return names.en;
  return names.he || names.en;
}
