import type { Locale } from './locale';

export interface BrandNames {
  BRAND_NAME: string;
  BRAND_NAME_EN: string;
  BRAND_NAME_RU: string;
  BRAND_NAME_AR: string;
}

/**
 * The brand as a message in `locale` names it: a Russian or Arabic SMS must not open with Hebrew letters.
 * The defaults are the storefront's own (client i18n `app.brand` in each language), so the SMS and the page agree.
 */
export function brandName(config: BrandNames, locale: Locale): string {
  const names: Record<Locale, string> = {
    he: config.BRAND_NAME,
    en: config.BRAND_NAME_EN,
    ru: config.BRAND_NAME_RU,
    ar: config.BRAND_NAME_AR,
  };
  return names[locale];
}
