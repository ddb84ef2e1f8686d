import type { SupportedLocale } from '../locale/supported-locale';

export type CouponErrorCode = 'COUPON_NEEDS_MORE_TICKETS' | 'COUPON_USED_UP' | 'COUPON_NO_ELIGIBLE_TICKETS';

type PluralCategory = Intl.LDMLPluralRule;

interface CouponTexts {
  /** Exactly one ticket missing: the spec words it without a number. */
  oneMore: string;
  /** Two or more missing, keyed by the count's plural category; 'other' is the fallback. */
  nMore: Partial<Record<PluralCategory, string>> & { other: string };
  usedUp: string;
  noEligible: string;
}

/**
 * The Hebrew texts are the spec's, verbatim (storefront-spec.md section 5). The
 * others are our translations; Russian and Arabic pick the noun form by the
 * language's plural rules (ru: 21 билет, 22 билета, 25 билетов; ar: dual for 2,
 * plural for 3-10, singular accusative from 11), which Intl.PluralRules knows.
 */
const TEXTS: Record<SupportedLocale, CouponTexts> = {
  he: {
    oneMore: 'למימוש הקופון יש להוסיף כרטיס נוסף.',
    nMore: { other: 'למימוש הקופון יש להוסיף {n} כרטיסים נוספים.' },
    usedUp: 'קוד קופון כבר שומש, אנא נסו קופון אחר.',
    noEligible: 'לא נמצאו כרטיסים שניתן להחיל עליהם את הקופון.',
  },
  en: {
    oneMore: 'Add one more ticket to use this coupon.',
    nMore: { other: 'Add {n} more tickets to use this coupon.' },
    usedUp: 'This coupon code has already been used, please try another coupon.',
    noEligible: 'No tickets were found that this coupon can be applied to.',
  },
  ru: {
    oneMore: 'Чтобы воспользоваться купоном, добавьте ещё один билет.',
    nMore: {
      one: 'Чтобы воспользоваться купоном, добавьте ещё {n} билет.',
      few: 'Чтобы воспользоваться купоном, добавьте ещё {n} билета.',
      many: 'Чтобы воспользоваться купоном, добавьте ещё {n} билетов.',
      other: 'Чтобы воспользоваться купоном, добавьте ещё {n} билета.',
    },
    usedUp: 'Этот код купона уже использован, попробуйте другой купон.',
    noEligible: 'Не найдено билетов, к которым можно применить купон.',
  },
  ar: {
    oneMore: 'لاستخدام الكوبون يجب إضافة تذكرة أخرى.',
    nMore: {
      two: 'لاستخدام الكوبون يجب إضافة تذكرتين إضافيتين.',
      few: 'لاستخدام الكوبون يجب إضافة {n} تذاكر إضافية.',
      other: 'لاستخدام الكوبون يجب إضافة {n} تذكرة إضافية.',
    },
    usedUp: 'رمز الكوبون مستخدم بالفعل، يرجى تجربة كوبون آخر.',
    noEligible: 'لم يتم العثور على تذاكر يمكن تطبيق الكوبون عليها.',
  },
};

const pluralRules = new Map<SupportedLocale, Intl.PluralRules>();

function pluralCategory(locale: SupportedLocale, count: number): PluralCategory {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/** "Add n more tickets to use the coupon", in `locale`, for n >= 1. */
export function couponNeedsMoreTicketsMessage(missingTickets: number, locale: SupportedLocale = 'he'): string {
  if (!Number.isSafeInteger(missingTickets) || missingTickets < 1) {
    throw new RangeError(`missingTickets must be a positive integer, got ${String(missingTickets)}`);
  }
  const { oneMore, nMore } = TEXTS[locale];
  if (missingTickets === 1) return oneMore;
  const template = nMore[pluralCategory(locale, missingTickets)] ?? nMore.other;
  return template.replace('{n}', String(missingTickets));
}

export function couponUsedUpMessage(locale: SupportedLocale = 'he'): string {
  return TEXTS[locale].usedUp;
}

export function couponNoEligibleTicketsMessage(locale: SupportedLocale = 'he'): string {
  return TEXTS[locale].noEligible;
}
