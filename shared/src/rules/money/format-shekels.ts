import { assertSafeInteger } from '../assert';
import { intlLocaleFor } from '../locale/supported-locale';

const formatters = new Map<string, Intl.NumberFormat>();

// Building an Intl.NumberFormat is far slower than using one, and a seat map
// formats hundreds of prices per render.
function formatterFor(intlLocale: string): Intl.NumberFormat {
  let formatter = formatters.get(intlLocale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocale, {
      style: 'currency',
      currency: 'ILS',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      // Arabic locales would otherwise use Arabic-Indic digits; the site shows
      // prices with Latin digits in every language.
      numberingSystem: 'latn',
    });
    formatters.set(intlLocale, formatter);
  }
  return formatter;
}

/** Exact decimal text for an agorot amount, so huge values are not rounded through a double. */
function decimalShekels(agorot: number): `${number}` {
  const sign = agorot < 0 ? '-' : '';
  const magnitude = Math.abs(agorot);
  const shekels = Math.trunc(magnitude / 100);
  const rest = String(magnitude % 100).padStart(2, '0');
  return `${sign}${shekels}.${rest}` as `${number}`;
}

/**
 * Shows an agorot amount in ₪ with 2 decimals (storefront-spec.md sections 5 and 9),
 * in the conventions of `locale` ('he' | 'en' | 'ru' | 'ar' or any BCP 47 tag).
 *
 * The text is exactly what Intl produces, bidi marks included: for he and ar it
 * starts with U+200F (RLM), and negative amounts carry U+200E (LRM) before the minus.
 * They are kept on purpose: without them an RTL paragraph renders "-45.00" as
 * "45.00-". For plain-text sinks (CSV, SMS, logs) use `stripBidiMarks`.
 */
export function formatShekels(agorot: number, locale: string = 'he'): string {
  assertSafeInteger(agorot, 'agorot');
  return formatterFor(intlLocaleFor(locale)).format(decimalShekels(agorot === 0 ? 0 : agorot));
}
