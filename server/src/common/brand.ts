import type { Locale } from './locale';

/**
 * The brand as a message in `locale` names it (issue 22): the Hebrew name for Hebrew readers, the Latin one for
 * everyone else - a Russian or Arabic SMS must not open with Hebrew letters. The storefront shows the same two
 * (client i18n `app.brand`: Hebrew in he, English otherwise).
 */
export function brandName(config: { BRAND_NAME: string; BRAND_NAME_EN: string }, locale: Locale): string {
  return locale === 'he' ? config.BRAND_NAME : config.BRAND_NAME_EN;
}
