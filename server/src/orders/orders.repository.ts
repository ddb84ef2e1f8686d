import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * The cart rows the recovery loop moves (the cart's subject of the money-attempt kind, cart-money-subject.ts, and the
 * commit-without-card kind): takeover and reopening. The money attempts are written by the reservations context,
 * their one writer.
 */
@Injectable()
export class OrdersRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * The job takes the cart over to finish its sale or close it: from 'open' (the attempt's node released it)
   * or from a 'paying' attempt older than the in-doubt bound. False when a live attempt holds it or it is closed.
   */
  async takeOverCart(cartId: string, inDoubtSeconds: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `UPDATE cart SET status = 'paying', attempt_started_at = now(), updated_at = now()
        WHERE id = $1 AND (status = 'open' OR (status = 'paying' AND attempt_started_at < now() - make_interval(secs => $2::float8)))
       RETURNING id`,
      [cartId, inDoubtSeconds],
    );
    // TypeORM answers an UPDATE ... RETURNING with [rows, count].
    const list = Array.isArray(rows[0]) ? (rows[0] as unknown[]) : rows;
    return list.length > 0;
  }

  /**
   * Carts a commit left 'paying' with no charge to settle (no money attempt of the cart pending, owed back or
   * approved: a voucher-only or fully discounted order, a box-office cash sale, or a card attempt already closed) and no sale: their node died between taking the cart and writing the
   * sale or opening it again. Nothing moved - vouchers and balances are drawn only inside the sale's transaction and
   * the limit claims expire by themselves - so the cart only needs opening again. Oldest first.
   */
  async staleCardlessCarts(olderThanSeconds: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT c.id::text AS id FROM cart c
        WHERE c.status = 'paying' AND c.attempt_started_at < now() - make_interval(secs => $1::float8)
          AND NOT EXISTS (SELECT 1 FROM money_attempt a WHERE a.subject_kind = 'cart' AND a.kind = 'charge'
                            AND a.subject_id = c.cart_identifier::text
                            AND a.state IN ('pending', 'refund_pending', 'approved'))
          AND NOT EXISTS (SELECT 1 FROM reservation r WHERE r.cart_identifier = c.cart_identifier::text)
        ORDER BY c.attempt_started_at LIMIT $2`,
      [olderThanSeconds, limit],
    );
    return rows.map((r) => r.id);
  }

  /** Opens such a cart again, re-checking every condition in the same statement (a live retry may have taken it). */
  async reopenStaleCardlessCart(id: string, olderThanSeconds: number): Promise<void> {
    await this.db.query(
      `UPDATE cart c SET status = 'open', attempt_started_at = NULL, updated_at = now()
        WHERE c.id = $1 AND c.status = 'paying' AND c.attempt_started_at < now() - make_interval(secs => $2::float8)
          AND NOT EXISTS (SELECT 1 FROM money_attempt a WHERE a.subject_kind = 'cart' AND a.kind = 'charge'
                            AND a.subject_id = c.cart_identifier::text
                            AND a.state IN ('pending', 'refund_pending', 'approved'))
          AND NOT EXISTS (SELECT 1 FROM reservation r WHERE r.cart_identifier = c.cart_identifier::text)`,
      [id, olderThanSeconds],
    );
  }
}
