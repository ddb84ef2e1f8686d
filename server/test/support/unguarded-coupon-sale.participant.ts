import { CouponSaleParticipant } from '../../src/tickets/coupon-sale.participant';
import type { LimitClaim } from '../../src/reservations/sale-participant';
import type { SaleOutcome } from '../../src/reservations/sales.repository';

/**
 * TEST ONLY, for the coupon races' control runs: the coupon participant with no claim before the charge
 * (`UnclaimedCouponSaleParticipant`: the sale still guards, so losers are charged and refunded), or with no guard
 * at all (`UnguardedCouponSaleParticipant`: nothing stops an oversell). Swapped in with a provider override.
 */
export class UnclaimedCouponSaleParticipant extends CouponSaleParticipant {
  override claimsOf(): LimitClaim[] {
    return [];
  }
}

export class UnguardedCouponSaleParticipant extends UnclaimedCouponSaleParticipant {
  override async before(): Promise<SaleOutcome | null> {
    return null;
  }
}
