import { CouponSaleParticipant } from '../../src/tickets/coupon-sale.participant';
import type { ClaimableSale, LimitClaim } from '../../src/reservations/sale-participant';

/**
 * TEST ONLY, for the coupon races' control runs: the coupon participant with no claim before the charge
 * (`UnclaimedCouponSaleParticipant`: the sale still guards, so losers are charged and refunded), or with no guard
 * at all (`UnguardedCouponSaleParticipant`: nothing stops an oversell). Swapped in with a provider override.
 */
export class UnclaimedCouponSaleParticipant extends CouponSaleParticipant {
  /**
   * The one check runs both before the charge (on the quoted draft) and in the sale (on the sale's input, which
   * alone carries a reservation identifier): only the sale's is kept.
   */
  override claimsOf(sale: ClaimableSale): LimitClaim[] {
    return 'reservationIdentifier' in sale ? super.claimsOf(sale) : [];
  }
}

export class UnguardedCouponSaleParticipant extends CouponSaleParticipant {
  override claimsOf(): LimitClaim[] {
    return [];
  }
}
