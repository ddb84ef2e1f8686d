import type { SupportedLocale } from '../locale/supported-locale';

/**
 * "No balance left to redeem the benefit". Hebrew is the spec's text verbatim
 * (storefront-spec.md section 5); the others are our translations.
 */
const NO_BALANCE: Record<SupportedLocale, string> = {
  he: 'לא נותרה יתרה למימוש הטבה',
  en: 'No balance left to redeem this benefit',
  ru: 'Не осталось остатка для использования льготы',
  ar: 'لم يتبقَّ رصيد لاستخدام الميزة',
};

export function voucherNoBalanceMessage(locale: SupportedLocale = 'he'): string {
  return NO_BALANCE[locale];
}
