import { SalesRepository, type SaleOutcome } from '../../src/reservations/sales.repository';

/**
 * TEST ONLY, for the voucher race's control run: the sale without its voucher guard
 * (no SELECT ... FOR UPDATE and no balance re-check under the lock). Swapped in with a
 * @nestjs/testing provider override; src carries no switch. The control also drops the
 * balance CHECK constraint in its own database, so nothing stops an overdraft.
 */
export class UnguardedVoucherSalesRepository extends SalesRepository {
  protected override async lockVouchers(): Promise<SaleOutcome | null> {
    return null;
  }
}
