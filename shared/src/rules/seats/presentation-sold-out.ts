import { assertNonNegativeInteger } from '../assert';

export interface PresentationSoldOutInput {
  /** The presentation's soldout flag as the catalogue reports it. */
  soldoutFlag: boolean;
  /** True on a mini-site or the live domain. */
  miniSiteOrLiveDomain: boolean;
  /** Available seats that carry an allocation (AllocationId other than -1). */
  availableWithAllocation: number;
}

/**
 * Sold out (storefront-spec.md section 4): "taken from the soldout flag. In
 * mini-site or live-domain mode it is sold out only if no seat with an
 * allocation is still available."
 *
 * A mini-site sells its own allocation, so there the allocation alone decides
 * and the flag is ignored both ways: the public sale may be sold out while the
 * allocation still has seats, and the allocation may be empty while the public
 * still has seats.
 */
export function isPresentationSoldOut(input: PresentationSoldOutInput): boolean {
  assertNonNegativeInteger(input.availableWithAllocation, 'availableWithAllocation');
  return input.miniSiteOrLiveDomain ? input.availableWithAllocation === 0 : input.soldoutFlag;
}
