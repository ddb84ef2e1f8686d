import { assertNonNegativeInteger, assertSafeInteger } from '../assert';
import { DEFAULT_LOCALE, type SupportedLocale } from '../locale/supported-locale';
import {
  couponNeedsMoreTicketsMessage,
  couponNoEligibleTicketsMessage,
  couponUsedUpMessage,
  type CouponErrorCode,
} from './coupon-messages';

export interface CouponState {
  /** Seats one use of the coupon covers ("2 for 1" is 2); absent or <= 1 means 1. */
  multiplyFactor?: number | null;
  /** Uses the code allows; null means unlimited. */
  balance: number | null;
  /** Seats already redeemed with this code. */
  usageCount: number;
  /** Seats in the cart the coupon's ticket may be put on. */
  eligibleSeatCount: number;
}

export type CouponApplication =
  { ok: true; seatsToApply: number } | { ok: false; code: CouponErrorCode; message: string; missingTickets?: number };

/**
 * Whether a coupon can be applied to the cart, and to how many seats
 * (storefront-spec.md section 5). Checked in this order, so the visitor hears
 * the reason they can act on:
 *   1. used up: the usage count has reached balance x multiply factor (counted in
 *      seats). Also when fewer seats remain than one use covers, since half a
 *      "2 for 1" cannot be redeemed;
 *   2. no eligible tickets: no seat in the cart can take the coupon;
 *   3. needs more tickets: fewer eligible seats than one use covers;
 *   4. otherwise ok, on as many whole uses as both the cart and the balance allow.
 */
export function evaluateCoupon(coupon: CouponState, locale: SupportedLocale = DEFAULT_LOCALE): CouponApplication {
  const { balance, usageCount, eligibleSeatCount } = coupon;
  const rawFactor = coupon.multiplyFactor ?? 1;
  assertSafeInteger(rawFactor, 'multiplyFactor');
  const factor = Math.max(1, rawFactor); // 0 and 1 both mean a plain one-seat coupon
  if (balance !== null) assertNonNegativeInteger(balance, 'balance');
  assertNonNegativeInteger(usageCount, 'usageCount');
  assertNonNegativeInteger(eligibleSeatCount, 'eligibleSeatCount');

  const usedUp = { ok: false, code: 'COUPON_USED_UP', message: couponUsedUpMessage(locale) } as const;
  const remainingSeats = balance === null ? Infinity : balance * factor - usageCount;
  if (remainingSeats < factor) return usedUp;
  if (eligibleSeatCount === 0) {
    return { ok: false, code: 'COUPON_NO_ELIGIBLE_TICKETS', message: couponNoEligibleTicketsMessage(locale) };
  }
  if (eligibleSeatCount < factor) {
    const missingTickets = factor - eligibleSeatCount;
    return {
      ok: false,
      code: 'COUPON_NEEDS_MORE_TICKETS',
      message: couponNeedsMoreTicketsMessage(missingTickets, locale),
      missingTickets,
    };
  }
  const wholeUses = Math.floor(Math.min(eligibleSeatCount, remainingSeats) / factor);
  return { ok: true, seatsToApply: wholeUses * factor };
}
