import { SalesRepository, type SaleOutcome } from '../../src/reservations/sales.repository';

/**
 * TEST ONLY, for the ticket-reference race's control run: the sale without its reference guard
 * (no row lock on the option and no re-count of its use under the lock). Only the quote's
 * read-only check is left, which every concurrent buyer passes. Swapped in with a provider override.
 */
export class UnguardedReferenceSalesRepository extends SalesRepository {
  protected override async lockReferences(): Promise<SaleOutcome | null> {
    return null;
  }
}
