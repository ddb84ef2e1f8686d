/**
 * Where a coupon is sold: the storefront (and a live domain), the box office, a mini-site, a partner's link. A
 * coupon names the channels it may be used in; none named: everywhere.
 */
export const COUPON_CHANNELS = ['web', 'box-office', 'mini-site', 'partner'] as const;
export type CouponChannel = (typeof COUPON_CHANNELS)[number];

/** A coupon's terms beside its cap (the cap is claimed by the sale itself, under a lock). */
export interface CouponTerms {
  /** Switched off in the back office: never accepted, whatever else it says. */
  active: boolean;
  /** Accepted from this instant (inclusive); null: from the start. */
  validFrom: Date | null;
  /** Accepted until this instant (exclusive); null: for as long as the date is sold. */
  validUntil: Date | null;
  /** The channels it may be used in; null: every channel. */
  channels: readonly CouponChannel[] | null;
  /** The most seats one order may put on it; null: as many as the order's seats (and the cap) allow. */
  perOrder: number | null;
}

export type CouponTermsRefusal =
  'COUPON_INACTIVE' | 'COUPON_NOT_YET_VALID' | 'COUPON_EXPIRED' | 'COUPON_NOT_IN_CHANNEL' | 'COUPON_PER_ORDER_EXCEEDED';

/**
 * Why an order may not use a coupon now, or null when it may: switched off, before or after its window, in a
 * channel it is not for, or on more seats than one order may put on it. The first reason found, in that order (a
 * switched-off coupon says so before its dates do).
 */
export function couponTermsRefusal(
  terms: CouponTerms,
  use: { now: Date; channel: CouponChannel; seats: number },
): CouponTermsRefusal | null {
  if (!terms.active) return 'COUPON_INACTIVE';
  if (terms.validFrom && use.now.getTime() < terms.validFrom.getTime()) return 'COUPON_NOT_YET_VALID';
  if (terms.validUntil && use.now.getTime() >= terms.validUntil.getTime()) return 'COUPON_EXPIRED';
  if (terms.channels && !terms.channels.includes(use.channel)) return 'COUPON_NOT_IN_CHANNEL';
  if (terms.perOrder !== null && use.seats > terms.perOrder) return 'COUPON_PER_ORDER_EXCEEDED';
  return null;
}
