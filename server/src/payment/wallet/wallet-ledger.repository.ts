import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { SandboxChargeStatus, SandboxOutcome } from '../sandbox-ledger.repository';

export interface WalletOrder {
  id: string;
  token: string;
  visitorId: string;
  locale: string;
  totalAgorot: number;
  status: 'created' | 'approved' | 'cancelled';
  outcome: SandboxOutcome | null;
  payerId: string | null;
  paymentId: string | null;
  ageSeconds: number;
  /** True when a capture (under any key) already used this approval: it pays once. */
  used: boolean;
}

export interface WalletCapture {
  id: string;
  idempotencyKey: string;
  paymentId: string;
  amountAgorot: number;
  status: SandboxChargeStatus;
}

const ORDER_COLUMNS = `o.id, o.token, o.visitor_id AS "visitorId", o.locale, o.total_agorot AS "totalAgorot", o.status, o.outcome,
  o.payer_id AS "payerId", o.payment_id AS "paymentId", extract(epoch FROM now() - o.created_at)::float8 AS "ageSeconds",
  EXISTS (SELECT 1 FROM sandbox_wallet_capture u WHERE u.payment_id = o.payment_id) AS used`;
const CAPTURE_COLUMNS = `c.id, c.idempotency_key AS "idempotencyKey", c.payment_id AS "paymentId", c.amount_agorot AS "amountAgorot", c.status`;

/**
 * The SANDBOX wallet's own books (a simulation of a PayPal-like wallet's side):
 * checkout orders, the buyer's approval or cancellation, captures and refunds.
 * In PostgreSQL so every server node sees the same simulated wallet.
 */
@Injectable()
export class WalletLedgerRepository {
  constructor(private readonly db: DataSource) {}

  async createOrder(o: { visitorId: string; locale: string; totalAgorot: number }, ttlSeconds: number) {
    const order = {
      id: `wlt_ord_${randomBytes(12).toString('base64url')}`,
      token: `EC-${randomBytes(32).toString('base64url')}`,
    };
    await this.db.query(
      `INSERT INTO sandbox_wallet_order (id, token, visitor_id, locale, total_agorot, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::float8))`,
      [order.id, order.token, o.visitorId, o.locale, o.totalAgorot, ttlSeconds],
    );
    return order;
  }

  /** A checkout the buyer may still act on (not expired). */
  async orderByToken(token: string): Promise<WalletOrder | null> {
    const rows = await this.db.query(
      `SELECT ${ORDER_COLUMNS} FROM sandbox_wallet_order o WHERE o.token = $1 AND o.expires_at > now()`,
      [token],
    );
    return rows[0] ?? null;
  }

  async orderByPayment(paymentId: string): Promise<WalletOrder | null> {
    const rows = await this.db.query(`SELECT ${ORDER_COLUMNS} FROM sandbox_wallet_order o WHERE o.payment_id = $1`, [
      paymentId,
    ]);
    return rows[0] ?? null;
  }

  /** created -> approved once (a second click answers the first approval). */
  async approve(token: string, outcome: SandboxOutcome): Promise<WalletOrder | null> {
    await this.db.query(
      `UPDATE sandbox_wallet_order SET status = 'approved', outcome = $2, approved_at = now(), payer_id = $3, payment_id = $4
        WHERE token = $1 AND status = 'created' AND expires_at > now()`,
      [
        token,
        outcome,
        `SBX${randomBytes(8).toString('hex').toUpperCase().slice(0, 10)}`,
        `wlt_pay_${randomBytes(24).toString('base64url')}`,
      ],
    );
    return this.orderByToken(token);
  }

  /** created -> cancelled; an approved checkout stays approved. */
  async cancel(token: string): Promise<void> {
    await this.db.query(
      `UPDATE sandbox_wallet_order SET status = 'cancelled' WHERE token = $1 AND status = 'created'`,
      [token],
    );
  }

  async captureByKey(idempotencyKey: string): Promise<WalletCapture | null> {
    const rows = await this.db.query(
      `SELECT ${CAPTURE_COLUMNS} FROM sandbox_wallet_capture c WHERE c.idempotency_key = $1`,
      [idempotencyKey],
    );
    return rows[0] ?? null;
  }

  /**
   * Records a capture once per key AND once per approval (both unique): the loser of a concurrent double call
   * with the same key gets the winner's row; null when the approval already paid under another key.
   */
  async recordCapture(c: Omit<WalletCapture, 'id'>): Promise<WalletCapture | null> {
    const id = `wlt_cap_${randomBytes(12).toString('base64url')}`;
    const rows = await this.db.query(
      `INSERT INTO sandbox_wallet_capture (id, idempotency_key, payment_id, amount_agorot, status)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
      [id, c.idempotencyKey, c.paymentId, c.amountAgorot, c.status],
    );
    if (rows[0]) return { ...c, id };
    return this.captureByKey(c.idempotencyKey);
  }

  /** approved -> refunded, once. The capture's status after the call (null: no such capture). */
  async refund(captureId: string): Promise<SandboxChargeStatus | null> {
    const rows: { status: SandboxChargeStatus }[] = await this.db.query(
      `WITH r AS (UPDATE sandbox_wallet_capture SET status = 'refunded', refunded_at = now() WHERE id = $1 AND status = 'approved' RETURNING status)
       SELECT status FROM r UNION ALL SELECT status FROM sandbox_wallet_capture WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM r)`,
      [captureId],
    );
    return rows[0]?.status ?? null;
  }

  /** Part of an approved capture, once per key; 'refunded' when the parts add up to the whole. Never more than captured. */
  async refundPart(captureId: string, amountAgorot: number, idempotencyKey: string): Promise<'refunded' | string> {
    return this.db.transaction(async (tx) => {
      const [capture] = await tx.query(
        `SELECT amount_agorot AS "amountAgorot", status FROM sandbox_wallet_capture WHERE id = $1 FOR UPDATE`,
        [captureId],
      );
      if (!capture) return 'no such capture';
      const [done] = await tx.query(
        `SELECT capture_id AS "captureId" FROM sandbox_wallet_refund WHERE idempotency_key = $1`,
        [idempotencyKey],
      );
      if (done) return done.captureId === captureId ? 'refunded' : 'key used for another capture';
      if (capture.status !== 'approved') return `capture is ${capture.status}`;
      const [{ sum }] = await tx.query(
        `SELECT coalesce(sum(amount_agorot), 0)::int AS sum FROM sandbox_wallet_refund WHERE capture_id = $1`,
        [captureId],
      );
      if (amountAgorot <= 0 || sum + amountAgorot > capture.amountAgorot) return 'more than the capture left';
      await tx.query(
        `INSERT INTO sandbox_wallet_refund (id, capture_id, idempotency_key, amount_agorot) VALUES ($1, $2, $3, $4)`,
        [`wlt_rf_${randomBytes(12).toString('base64url')}`, captureId, idempotencyKey, amountAgorot],
      );
      if (sum + amountAgorot === capture.amountAgorot) {
        await tx.query(`UPDATE sandbox_wallet_capture SET status = 'refunded', refunded_at = now() WHERE id = $1`, [
          captureId,
        ]);
      }
      return 'refunded';
    });
  }
}
