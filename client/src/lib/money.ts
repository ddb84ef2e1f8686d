import { formatShekels, shekelsToAgorot } from './rules';

/** A shekel amount from the API (e.g. presentation.priceFrom) shown as ₪ with 2 decimals. */
export function formatApiShekels(shekels: number, locale: string): string {
  return formatShekels(shekelsToAgorot(shekels), locale);
}
