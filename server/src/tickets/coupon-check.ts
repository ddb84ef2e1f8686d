import {
  couponNeedsMoreTicketsMessage,
  couponTermsRefusal,
  evaluateCoupon,
  type CouponChannel,
  type CouponTerms,
} from '@hotline/shared';
import { BookingError, CouponNeedsMoreTickets } from '../cart';
import { AppError } from '../common/app-error';
import './coupon-terms.errors';
import type { TicketRow } from './tickets.repository';

/**
 * The shared coupon rule (storefront-spec.md section 5) as the server applies it:
 * how many seats the coded ticket may go on, or the spec's refusal. A voucher
 * ticket (a prepaid seat) that is used up says 'לא נותרה יתרה למימוש הטבה'
 * rather than the coupon text, since it is a voucher to the visitor.
 */
export function seatsCouponAllows(ticket: TicketRow, usageCount: number, eligibleSeatCount: number): number {
  const r = evaluateCoupon({
    multiplyFactor: ticket.multiplyFactor,
    balance: ticket.balance,
    usageCount,
    eligibleSeatCount,
  });
  if (r.ok) return r.seatsToApply;
  if (r.code === 'COUPON_USED_UP') throw new BookingError(ticket.isVoucher ? 'VOUCHER_NO_BALANCE' : 'COUPON_USED_UP');
  if (r.code === 'COUPON_NEEDS_MORE_TICKETS') {
    const missing = r.missingTickets ?? 1;
    throw new CouponNeedsMoreTickets((locale) => couponNeedsMoreTicketsMessage(missing, locale), missing);
  }
  throw new BookingError('COUPON_NO_ELIGIBLE_TICKETS');
}

/** Uses left on a coded ticket (null = unlimited). Balance counts uses; usage counts seats. */
export function usesLeft(ticket: TicketRow, usageCount: number): number | null {
  if (ticket.balance === null) return null;
  const factor = Math.max(1, ticket.multiplyFactor);
  return Math.max(0, Math.floor((ticket.balance * factor - usageCount) / factor));
}

/** A coded ticket's terms as the shared rule reads them. */
export const termsOf = (ticket: TicketRow): CouponTerms => ({
  active: ticket.codeActive ?? true,
  validFrom: ticket.codeValidFrom ?? null,
  validUntil: ticket.codeValidUntil ?? null,
  channels: (ticket.codeChannels as CouponChannel[] | null) ?? null,
  perOrder: ticket.codePerOrder ?? null,
});

/**
 * A coupon used now, in this channel, on `seats` seats of one order: refused with the reason in the buyer's language
 * when its terms do not allow it (switched off, outside its window, another channel, more seats than one order may
 * put on it). Its cap is not checked here: the sale claims it under a lock.
 */
export function assertCouponTerms(ticket: TicketRow, use: { now: Date; channel: CouponChannel; seats: number }): void {
  const refusal = couponTermsRefusal(termsOf(ticket), use);
  if (refusal) throw new AppError(refusal, { perOrder: ticket.codePerOrder ?? 0 });
}
