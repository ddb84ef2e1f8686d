import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** A commit's card payment the recovery loop has to settle, with its cart (orders/commit-in-doubt.ts). */
export interface ClaimedCardPayment {
  id: string;
  paymentId: string;
  status: 'pending' | 'refund_pending';
  cartIdentifier: string;
  idempotencyKey: string | null;
  amountAgorot: number;
  providerReference: string | null;
  error: string | null;
  draft: unknown;
  attempts: number;
  cartId: string | null;
  visitorId: string | null;
  cartStatus: string | null;
}

/**
 * The commit's card payment rows as the recovery loop moves them (claim with a lease, back-off, close, refunded):
 * written here, in the reservations context, the one writer of payment rows (docs/decisions/015-one-money-attempt.md;
 * the commit's charges move to money_attempt in a later step).
 */
@Injectable()
export class CardPaymentsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Takes up to `limit` due cases for this node for `leaseSeconds` (FOR UPDATE SKIP LOCKED, so nodes never share
   * one): card payments 'pending' and left alone `inDoubtSeconds`, and refunds still owed.
   */
  claim(limit: number, inDoubtSeconds: number, leaseSeconds: number): Promise<ClaimedCardPayment[]> {
    return this.db.query(
      `WITH claimed AS (
         UPDATE payment p SET next_recovery_at = now() + make_interval(secs => $3::float8),
                recovery_attempts = p.recovery_attempts + 1
          WHERE p.id IN (
            SELECT id FROM payment
             WHERE method = 'card'
               AND ((status = 'pending' AND updated_at < now() - make_interval(secs => $2::float8)) OR status = 'refund_pending')
               AND (next_recovery_at IS NULL OR next_recovery_at <= now())
             ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING p.id, p.status, p.cart_identifier, p.idempotency_key, p.amount_agorot, p.provider_reference, p.error,
                    p.sale_draft, p.recovery_attempts)
       SELECT cl.id::text AS id, cl.id::text AS "paymentId", cl.status, cl.cart_identifier AS "cartIdentifier",
              cl.idempotency_key AS "idempotencyKey", cl.amount_agorot AS "amountAgorot",
              cl.provider_reference AS "providerReference", cl.error, cl.sale_draft AS draft,
              cl.recovery_attempts AS attempts, c.id::text AS "cartId", c.visitor_id AS "visitorId", c.status AS "cartStatus"
         FROM claimed cl LEFT JOIN cart c ON c.cart_identifier::text = cl.cart_identifier
        ORDER BY cl.id`,
      [limit, inDoubtSeconds, leaseSeconds],
    );
  }

  async retryLater(paymentId: string, seconds: number): Promise<void> {
    await this.db.query(
      `UPDATE payment SET next_recovery_at = now() + make_interval(secs => $2::float8) WHERE id = $1`,
      [paymentId, seconds],
    );
  }

  /** No money moved after all: the payment closed and a stale cart opened again, in one statement. */
  async closeWithoutCharge(
    paymentId: string,
    cartId: string | null,
    status: 'declined' | 'failed',
    error: string,
    inDoubtSeconds: number,
  ): Promise<void> {
    await this.db.query(
      `WITH p AS (
         UPDATE payment SET status = $2, error = $3, updated_at = now() WHERE id = $1 AND status = 'pending' RETURNING id
       )
       UPDATE cart SET status = 'open', attempt_started_at = NULL, updated_at = now()
        WHERE id = $4::bigint AND status = 'paying' AND attempt_started_at < now() - make_interval(secs => $5::float8)`,
      [paymentId, status, error, cartId, inDoubtSeconds],
    );
  }

  /**
   * The refund went through: the payment is 'refunded' and `alsoInTransaction` (the buyer's notice) runs in the same
   * transaction only if this call moved it, so whatever it writes exists exactly once whichever node got there first.
   */
  async markRefunded(paymentId: string, alsoInTransaction: (tx: EntityManager) => Promise<void>): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Wrapped in a SELECT: TypeORM answers a bare UPDATE with [rows, count] instead of rows.
      const refunded: unknown[] = await tx.query(
        `WITH r AS (UPDATE payment SET status = 'refunded', updated_at = now() WHERE id = $1 AND status = 'refund_pending' RETURNING id)
         SELECT id FROM r`,
        [paymentId],
      );
      if (refunded.length > 0) await alsoInTransaction(tx);
    });
  }
}
