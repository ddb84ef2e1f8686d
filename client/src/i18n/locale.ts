import {
  DEFAULT_LOCALE,
  isRightToLeft,
  isSupportedLocale,
  SUPPORTED_LOCALES,
  type SupportedLocale,
} from '../lib/rules';

export { DEFAULT_LOCALE, SUPPORTED_LOCALES, isSupportedLocale, isRightToLeft, type SupportedLocale };

/** localStorage key of the visitor's last language choice. */
export const LOCALE_STORAGE_KEY = 'locale';
/** The query parameter that selects the language (spec section 2). */
export const LANG_PARAM = 'lang';

export type LangParam =
  { kind: 'missing' } | { kind: 'valid'; locale: SupportedLocale } | { kind: 'invalid'; value: string };

/**
 * Reads `lang` from a query string. The spec's client accepted he and en; this
 * product enables all four locales. Any other value (including an empty one, or
 * a different case such as "HE") is invalid and the page answers 404.
 */
export function parseLangParam(search: string | URLSearchParams): LangParam {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.get(LANG_PARAM);
  if (value === null) return { kind: 'missing' };
  return isSupportedLocale(value) ? { kind: 'valid', locale: value } : { kind: 'invalid', value };
}

export function storedLocale(): SupportedLocale | null {
  try {
    const value = localStorage.getItem(LOCALE_STORAGE_KEY);
    return isSupportedLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: SupportedLocale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
}

/** The language to show: a valid `lang` parameter, else the stored choice, else Hebrew. */
export function resolveLocale(param: LangParam): SupportedLocale {
  if (param.kind === 'valid') return param.locale;
  return storedLocale() ?? DEFAULT_LOCALE;
}

export function directionOf(locale: SupportedLocale): 'rtl' | 'ltr' {
  return isRightToLeft(locale) ? 'rtl' : 'ltr';
}

/** Keeps <html lang> and <html dir> in step with the language. */
export function applyDocumentLocale(locale: SupportedLocale): void {
  const root = document.documentElement;
  if (root.lang !== locale) root.lang = locale;
  const dir = directionOf(locale);
  if (root.dir !== dir) root.dir = dir;
}
