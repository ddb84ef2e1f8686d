import type { TFunction } from 'i18next';
import type { ApiTicketGroup, ApiProduct } from '@hotline/shared';
import { formatShekels, isRightToLeft, shekelsToAgorot } from '../lib/rules';
import { pickText } from '../lib/localized';
import type { SupportedLocale } from '../lib/rules';
import type { CartSeat, TicketInfo } from './cart-logic';
import { isGeneralAdmission } from './cart-logic';

/**
 * Text from the catalogue or a code inside a translated sentence: wrapped in
 * first-strong isolates (FSI…PDI) so "10% off coupon" stays itself inside an
 * Arabic or Hebrew sentence instead of being reordered by its neighbours.
 */
export const isolate = (text: string, locale: SupportedLocale) =>
  isRightToLeft(locale) ? `\u2068${text}\u2069` : text;

/** ₪ with 2 decimals (spec sections 5 and 9), from agorot. */
export const money = (agorot: number, locale: SupportedLocale) => formatShekels(agorot, locale);

/** ₪ with 2 decimals, from an API shekel amount. */
export const moneyOfShekels = (shekels: number, locale: SupportedLocale) =>
  formatShekels(shekelsToAgorot(shekels), locale);

type Names = { name: string; nameEn: string; nameRu?: string | null; nameAr?: string | null };
const pick = (locale: SupportedLocale, n: Names) => pickText(locale, n.name, n.nameEn, n.nameRu, n.nameAr);

export const ticketName = (t: Pick<TicketInfo, keyof Names>, locale: SupportedLocale) => pick(locale, t);
export const groupName = (g: Pick<ApiTicketGroup, keyof Names>, locale: SupportedLocale) => pick(locale, g);
export const productName = (p: Pick<ApiProduct, keyof Names>, locale: SupportedLocale) => pick(locale, p);

/** "Row 5, seat 12" or "General admission, place 3". */
export function seatLabel(
  seat: Pick<CartSeat, 'RowName' | 'SeatName' | 'XCoordinate' | 'YCoordinate'>,
  t: TFunction,
  /** The seat is an online show's viewing (video on demand): called that, not "general admission". */
  online = false,
): string {
  if (online) return t('vod.viewing');
  if (isGeneralAdmission(seat)) return t('ticketsStep.gaPlace');
  if (seat.RowName && seat.SeatName) return t('ticketsStep.rowSeat', { row: seat.RowName, seat: seat.SeatName });
  return t('ticketsStep.seatOnly', { seat: seat.SeatName ?? String(seat.XCoordinate ?? '') });
}

/** "Choose N seats for <ticket>" for the first ticket sold in units that lacks seats (`incompleteUnits`); else null. */
export function incompleteMessage(incomplete: readonly TicketInfo[], t: TFunction, locale: SupportedLocale) {
  const first = incomplete[0];
  return first
    ? t('ticketsStep.incomplete', { name: isolate(ticketName(first, locale), locale), count: first.multiplyFactor })
    : null;
}
