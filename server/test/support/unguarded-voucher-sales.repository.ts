import type { LimitClaim } from '../../src/reservations/sale-participant';
import { VoucherSaleParticipant } from '../../src/payment/voucher-sale.participant';

/**
 * TEST ONLY, for the voucher race's control run: the sale's voucher participant without its guard (no
 * SELECT ... FOR UPDATE and no balance re-check under the lock). Swapped in with a @nestjs/testing provider
 * override; src carries no switch. The control also drops the balance CHECK constraint in its own database, so
 * nothing stops an overdraft.
 */
export class UnguardedVoucherSalesRepository extends VoucherSaleParticipant {
  /** No claim: neither before the charge nor in the sale (its one check), none of the participant's guards. */
  override claimsOf(): LimitClaim[] {
    return [];
  }
}
