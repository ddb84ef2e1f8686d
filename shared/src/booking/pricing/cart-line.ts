import { assertNonNegativeInteger } from '../../rules/assert';

/** Money in whole agorot (1/100 shekel). Every amount of the pricing pipeline is one; names end in `Agorot` too. */
export type Agorot = number;

/**
 * One line of a cart, by kind: tickets and products (a ticket order), gift
 * vouchers sold (a voucher order) and donations (a donation order); memberships
 * are added the same way. Every caller gets them through `priceCart`. `ref` is
 * the caller's own handle (a seat, a product row) carried through untouched.
 */
export type CartLine<Ref = unknown> =
  | {
      kind: 'ticket';
      ref: Ref;
      /** What the ticket costs on this seat (0 on a multiply-factor sub-ticket). */
      priceAgorot: Agorot;
      serviceChargeAgorot: Agorot;
    }
  | { kind: 'product'; ref: Ref; unitPriceAgorot: Agorot; quantity: number }
  /** A gift (system) voucher sold: what the buyer pays for each one (its value may differ, e.g. pay 90 get 100). */
  | { kind: 'voucher'; ref: Ref; unitPriceAgorot: Agorot; quantity: number }
  /** A donation: a preset amount, or the custom amount the donor typed, times quantity. */
  | { kind: 'donation'; ref: Ref; unitPriceAgorot: Agorot; quantity: number }
  /** A membership sold, a top-up, or a season enrolment (its whole price; its seats are written at 0). */
  | { kind: 'membership'; ref: Ref; unitPriceAgorot: Agorot; quantity: number };

export type CartLineKind = CartLine['kind'];

/** A line's money: its price part (counts toward the subtotal) and its per-line service charge. */
export interface LineAmounts {
  priceAgorot: Agorot;
  serviceChargeAgorot: Agorot;
}

/** The money of one line, by kind. Whole, non-negative agorot or it throws (a bug upstream). */
export function lineAmounts(line: CartLine): LineAmounts {
  switch (line.kind) {
    case 'ticket':
      assertNonNegativeInteger(line.priceAgorot, 'ticket priceAgorot');
      assertNonNegativeInteger(line.serviceChargeAgorot, 'ticket serviceChargeAgorot');
      return { priceAgorot: line.priceAgorot, serviceChargeAgorot: line.serviceChargeAgorot };
    case 'product':
    case 'voucher':
    case 'donation':
    case 'membership':
      assertNonNegativeInteger(line.unitPriceAgorot, `${line.kind} unitPriceAgorot`);
      assertNonNegativeInteger(line.quantity, `${line.kind} quantity`);
      return { priceAgorot: line.unitPriceAgorot * line.quantity, serviceChargeAgorot: 0 };
    default: {
      const unknown: never = line;
      throw new RangeError(`unknown cart line kind ${(unknown as { kind: string }).kind}`);
    }
  }
}
