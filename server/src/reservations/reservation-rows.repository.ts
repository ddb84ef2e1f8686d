import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Queryable } from './sale-participant';

/**
 * The reservation row's changes after its sale, asked for by other contexts (customers, gifts, cancellations, order
 * changes): written here so the reservations context stays the one writer of reservation rows
 * (docs/decisions/015-one-money-attempt.md; server/test/architecture/money-writers.test.ts).
 */
@Injectable()
export class ReservationRowsRepository {
  constructor(private readonly db: DataSource) {}

  /** Orders placed with this verified mobile number and not yet linked to anyone become the customer's; how many. */
  async claimByMobile(customerId: number, mobile: string): Promise<number> {
    const rows = await this.db.query(
      `WITH c AS (
         UPDATE reservation SET customer_id = $1
          WHERE customer_id IS NULL
            AND regexp_replace(regexp_replace(coalesce(customer->>'mobileNumber', ''), '[^0-9+]', '', 'g'), '^(\\+?972)', '0') = $2
          RETURNING 1)
       SELECT count(*)::int AS n FROM c`,
      [customerId, mobile],
    );
    return rows[0]?.n ?? 0;
  }

  /** Links an order to the logged-in customer (only the buying visitor's, only once). */
  async attachToCustomer(customerId: number, reservationIdentifier: string, visitorId: string): Promise<void> {
    await this.db.query(
      `UPDATE reservation SET customer_id = $1 WHERE identifier = $2 AND visitor_id = $3 AND customer_id IS NULL`,
      [customerId, reservationIdentifier, visitorId],
    );
  }

  /** The whole order is cancelled, in the caller's transaction. */
  async cancel(tx: Queryable, reservationId: string): Promise<void> {
    await this.cancelAll(tx, [reservationId]);
  }

  /** These whole orders are cancelled in one statement (a cancelled date's group of orders), in the caller's transaction. */
  async cancelAll(tx: Queryable, reservationIds: string[]): Promise<void> {
    if (reservationIds.length)
      await tx.query(`UPDATE reservation SET state = 'cancelled' WHERE id = ANY($1::bigint[])`, [reservationIds]);
  }

  /** The order is cancelled once nothing it bought is left (no active voucher, no live ticket), in the caller's transaction. */
  async cancelIfNothingLeft(tx: Queryable, reservationId: string): Promise<void> {
    await tx.query(
      `UPDATE reservation SET state = 'cancelled' WHERE id = $1
          AND NOT EXISTS (SELECT 1 FROM system_voucher WHERE reservation_id = $1 AND active)
          AND NOT EXISTS (SELECT 1 FROM reservation_ticket WHERE reservation_id = $1 AND status = 'live')`,
      [reservationId],
    );
  }

  /** An order change records the order's last transaction, in the caller's transaction. */
  async recordLastTransaction(tx: Queryable, reservationId: string, transactionId: string): Promise<void> {
    await tx.query(`UPDATE reservation SET last_transaction_id = $2 WHERE id = $1`, [reservationId, transactionId]);
  }
}
