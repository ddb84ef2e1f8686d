import type { LimitClaim } from '../../src/reservations/sale-participant';
import { ReferenceSaleParticipant } from '../../src/ticket-references/reference-sale.participant';

/**
 * TEST ONLY, for the ticket-reference race's control run: the sale's reference participant without its guard
 * (no row lock on the option and no re-count of its use under the lock). Only the quote's read-only check is
 * left, which every concurrent buyer passes. Swapped in with a provider override.
 */
export class UnguardedReferenceSalesRepository extends ReferenceSaleParticipant {
  /** No claim: neither before the charge nor in the sale (its one check), none of the participant's guards. */
  override claimsOf(): LimitClaim[] {
    return [];
  }
}
