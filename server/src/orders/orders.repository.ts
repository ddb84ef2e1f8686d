import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { enqueueMessages } from '../notifications';
import { CardPaymentsRepository } from '../reservations';
import type { SaleDraft } from './sale-draft';

/** A card payment the recovery job has to settle: in doubt ('pending', too old) or a refund still owed. */
export interface RecoveryCase {
  /** The payment row's id, under the recovery loop's name for a case's id. */
  id: string;
  paymentId: string;
  status: 'pending' | 'refund_pending';
  cartIdentifier: string;
  idempotencyKey: string | null;
  amountAgorot: number;
  providerReference: string | null;
  error: string | null;
  draft: SaleDraft | null;
  attempts: number;
  cartId: string | null;
  visitorId: string | null;
  cartStatus: string | null;
}

/**
 * The recovery job's rows: claims with a lease (FOR UPDATE SKIP LOCKED, so nodes never share a case), back-off,
 * takeover. The cart's SQL is here; the payment rows are written by the reservations context, their one writer.
 */
@Injectable()
export class OrdersRepository {
  constructor(
    private readonly db: DataSource,
    private readonly payments: CardPaymentsRepository,
  ) {}

  /**
   * Takes up to `limit` due cases for this node for `leaseSeconds`: a node that dies holding one
   * leaves it to the next pass after the lease (at least once; every action below is idempotent).
   */
  claim(limit: number, inDoubtSeconds: number, leaseSeconds: number): Promise<RecoveryCase[]> {
    return this.payments.claim(limit, inDoubtSeconds, leaseSeconds) as Promise<RecoveryCase[]>;
  }

  /** Try again later (provider unreachable, refund refused, cart busy with a live attempt). */
  retryLater(paymentId: string, seconds: number): Promise<void> {
    return this.payments.retryLater(paymentId, seconds);
  }

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
   * Carts a commit left 'paying' with no card attempt to settle (a voucher-only or fully discounted order, a box-office
   * cash sale, or a card attempt already closed) and no sale: their node died between taking the cart and writing the
   * sale or opening it again. Nothing moved - vouchers and balances are drawn only inside the sale's transaction and
   * the limit claims expire by themselves - so the cart only needs opening again. Oldest first.
   */
  async staleCardlessCarts(olderThanSeconds: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT c.id::text AS id FROM cart c
        WHERE c.status = 'paying' AND c.attempt_started_at < now() - make_interval(secs => $1::float8)
          AND NOT EXISTS (SELECT 1 FROM payment p WHERE p.cart_identifier = c.cart_identifier::text
                            AND p.status IN ('pending', 'refund_pending', 'approved'))
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
          AND NOT EXISTS (SELECT 1 FROM payment p WHERE p.cart_identifier = c.cart_identifier::text
                            AND p.status IN ('pending', 'refund_pending', 'approved'))
          AND NOT EXISTS (SELECT 1 FROM reservation r WHERE r.cart_identifier = c.cart_identifier::text)`,
      [id, olderThanSeconds],
    );
  }

  /** No money moved after all: the attempt is over, the payment closed and a stale cart opened again. */
  closeWithoutCharge(
    paymentId: string,
    cartId: string | null,
    status: 'declined' | 'failed',
    error: string,
    inDoubtSeconds: number,
  ): Promise<void> {
    return this.payments.closeWithoutCharge(paymentId, cartId, status, error, inDoubtSeconds);
  }

  /**
   * The refund went through: the payment is 'refunded' and the buyer is told, in one transaction, so the
   * notice exists exactly once whichever node (or retry) got there first.
   */
  markRefundedWithNotice(
    paymentId: string,
    notice: { locale: string; messages: { channel: 'email' | 'sms'; recipient: string }[]; payload: object },
  ): Promise<void> {
    return this.payments.markRefunded(paymentId, (tx) =>
      enqueueMessages(tx, { reservationId: null, template: 'payment-refunded', ...notice }),
    );
  }
}
