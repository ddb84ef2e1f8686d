import { assertNonNegativeInteger } from '../assert';

export interface PricedTicket {
  /** Agorot. */
  price: number;
  /** The crossed-out price before a promotion, in agorot; null, absent or 0 means none. */
  oldPrice?: number | null;
  /** Priced for an age band (a child's ticket): a lower price for who sits there, not a promotion. */
  forAgeBand?: boolean;
}

/**
 * How much cheaper the seat's actual ticket is than the presentation's first
 * ticket (storefront-spec.md section 4: "the first-ticket price (or old price)
 * minus the actual price"), in agorot.
 *
 * - The first ticket's oldPrice is used when it is set and above 0, since it is
 *   the full price the promotion is measured against; otherwise its price.
 * - Never negative: a ticket dearer than the first one (a premium ticket, a
 *   voucher worth more) is no discount, and showing "you save -₪20" is wrong.
 * - Never for a ticket priced for an age band (a child's ticket): its
 *   price is what a child's seat costs, and "your savings ₪100" next to it is not
 *   what a person would say; only its own promotion (its oldPrice) counts.
 */
export function ticketDiscount(firstTicket: PricedTicket, actual: PricedTicket): number {
  assertNonNegativeInteger(firstTicket.price, 'firstTicket.price');
  assertNonNegativeInteger(actual.price, 'actual.price');
  const { oldPrice } = firstTicket;
  if (oldPrice !== undefined && oldPrice !== null) assertNonNegativeInteger(oldPrice, 'firstTicket.oldPrice');
  if (actual.forAgeBand) {
    const own = actual.oldPrice ?? 0;
    assertNonNegativeInteger(own, 'actual.oldPrice');
    return Math.max(0, own - actual.price);
  }
  const reference = oldPrice !== undefined && oldPrice !== null && oldPrice > 0 ? oldPrice : firstTicket.price;
  return Math.max(0, reference - actual.price);
}
