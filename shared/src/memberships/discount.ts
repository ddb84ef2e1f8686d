/**
 * The membership discount code (memberships-backoffice-spec.md "Selections and payments": a discount code can be
 * entered only once for memberships; docs/memberships.md). One rule: what a code takes off one membership's price.
 */

/** At most one discount code per membership order. */
export const MAX_MEMBERSHIP_DISCOUNT_CODES_PER_ORDER = 1;

export type MembershipDiscountKind = 'percent' | 'amount';

export interface MembershipDiscountRule {
  kind: MembershipDiscountKind;
  /** A percentage (1..100) or an amount in agorot. */
  value: number;
}

/**
 * The discount in agorot on a price in agorot: a percentage rounds half up to the agora, an amount is capped at the
 * price (a membership never costs less than nothing).
 */
export function membershipDiscountAgorot(priceAgorot: number, rule: MembershipDiscountRule): number {
  if (priceAgorot <= 0 || rule.value <= 0) return 0;
  const off = rule.kind === 'percent' ? Math.round((priceAgorot * Math.min(rule.value, 100)) / 100) : rule.value;
  return Math.min(off, priceAgorot);
}

/** POST /membership/discount-code: the code a storefront may apply, and what it takes off the chosen price. */
export interface MembershipDiscountCheckResponse {
  code: string;
  name: string;
  kind: MembershipDiscountKind;
  /** Percentage, or shekels for an amount code. */
  value: number;
  /** Shekels off the price named in the request (0 when no price was named). */
  discountAmount: number;
}
