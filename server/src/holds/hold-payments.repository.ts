import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export type HoldPaymentState = 'charging' | 'paid' | 'failed' | 'refund_pending' | 'refunded';

export interface HoldPaymentRow {
  id: string;
  idempotencyKey: string;
  fingerprint: string;
  reservationId: string;
  channel: 'online' | 'box_office';
  method: 'card' | 'cash' | 'terminal';
  amountAgorot: number;
  providerKey: string | null;
  visitorId: string | null;
  state: HoldPaymentState;
  providerReference: string | null;
  error: string | null;
  result: Record<string, unknown> | null;
  attempts: number;
}

const COLUMNS = `id::text, idempotency_key AS "idempotencyKey", fingerprint, reservation_id::text AS "reservationId", channel,
  method, amount_agorot AS "amountAgorot", provider_key AS "providerKey", visitor_id AS "visitorId", state,
  provider_reference AS "providerReference", error, result, recovery_attempts AS attempts`;

function rowsOf<T>(result: unknown): T[] {
  const list = result as unknown[];
  return (Array.isArray(list[0]) ? list[0] : list) as T[];
}

function violates(error: unknown, constraint: string): boolean {
  type PgError = { code?: string; constraint?: string; driverError?: PgError };
  const outer = error as PgError;
  const e = outer?.code ? outer : (outer?.driverError ?? outer);
  return e?.code === '23505' && e.constraint === constraint;
}

/**
 * The attempts to pay an existing reservation (hold_payment): one row per idempotency key, opened BEFORE the
 * provider is called (check before charge), so a retry, a second node or the recovery job finds it.
 */
@Injectable()
export class HoldPaymentsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Opens the attempt for this key, or takes over a failed one (a declined card may be retried under the same key
   * with a new authorisation). Null when the key already has a live or finished attempt: read it with byKey.
   * 'busy' when ANOTHER attempt on the same reservation is charging (another device, another key): at most one
   * attempt per hold reaches the provider at a time (the index hold_payment_one_charging).
   */
  async open(a: {
    idempotencyKey: string;
    fingerprint: string;
    reservationId: string;
    channel: 'online' | 'box_office';
    method: 'card' | 'cash' | 'terminal';
    amountAgorot: number;
    providerKey: string | null;
    visitorId: string | null;
  }): Promise<HoldPaymentRow | null | 'busy'> {
    let result: unknown;
    try {
      result = await this.db.query(
        `INSERT INTO hold_payment (idempotency_key, fingerprint, reservation_id, channel, method, amount_agorot, provider_key, visitor_id, state)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'charging')
         ON CONFLICT (idempotency_key) DO UPDATE
           SET state = 'charging', provider_key = EXCLUDED.provider_key, amount_agorot = EXCLUDED.amount_agorot,
               error = NULL, provider_reference = NULL, updated_at = now()
          WHERE hold_payment.state = 'failed' AND hold_payment.fingerprint = EXCLUDED.fingerprint
            AND hold_payment.provider_key IS DISTINCT FROM EXCLUDED.provider_key
         RETURNING ${COLUMNS}`,
        [
          a.idempotencyKey,
          a.fingerprint,
          a.reservationId,
          a.channel,
          a.method,
          a.amountAgorot,
          a.providerKey,
          a.visitorId,
        ],
      );
    } catch (error) {
      if (violates(error, 'hold_payment_one_charging')) return 'busy';
      throw error;
    }
    return rowsOf<HoldPaymentRow>(result)[0] ?? null;
  }

  async byKey(idempotencyKey: string): Promise<HoldPaymentRow | null> {
    const rows: HoldPaymentRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM hold_payment WHERE idempotency_key = $1`,
      [idempotencyKey],
    );
    return rows[0] ?? null;
  }

  /** No money moved (declined, not authorised, timed out for sure, hold gone before the charge). */
  async fail(id: string, error: string, providerReference: string | null = null): Promise<void> {
    await this.db.query(
      `UPDATE hold_payment SET state = 'failed', error = $2, provider_reference = coalesce($3, provider_reference), updated_at = now()
        WHERE id = $1 AND state = 'charging'`,
      [id, error.slice(0, 500), providerReference],
    );
  }

  /** Charged, but the hold is no longer payable: recorded first, so the refund is never forgotten. */
  async refundPending(id: string, providerReference: string, reason: string, result: object): Promise<void> {
    await this.db.query(
      `UPDATE hold_payment SET state = 'refund_pending', provider_reference = $2, error = $3, result = $4::jsonb, updated_at = now()
        WHERE id = $1 AND state IN ('charging', 'refund_pending')`,
      [id, providerReference, reason, JSON.stringify(result)],
    );
  }

  async refunded(id: string): Promise<void> {
    await this.db.query(
      `UPDATE hold_payment SET state = 'refunded', updated_at = now() WHERE id = $1 AND state = 'refund_pending'`,
      [id],
    );
  }

  /**
   * The recovery job's claim: attempts still 'charging' after `inDoubtSeconds` (their node died or lost the answer)
   * and refunds still owed, leased for `leaseSeconds` under FOR UPDATE SKIP LOCKED so nodes never share one.
   */
  async claim(limit: number, inDoubtSeconds: number, leaseSeconds: number): Promise<HoldPaymentRow[]> {
    return rowsOf<HoldPaymentRow>(
      await this.db.query(
        `UPDATE hold_payment p SET next_recovery_at = now() + make_interval(secs => $3::float8),
                recovery_attempts = p.recovery_attempts + 1
          WHERE p.id IN (
            SELECT id FROM hold_payment
             WHERE ((state = 'charging' AND updated_at < now() - make_interval(secs => $2::float8)) OR state = 'refund_pending')
               AND (next_recovery_at IS NULL OR next_recovery_at <= now())
             ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING ${COLUMNS}`,
        [limit, inDoubtSeconds, leaseSeconds],
      ),
    );
  }

  async retryLater(id: string, seconds: number): Promise<void> {
    await this.db.query(
      `UPDATE hold_payment SET next_recovery_at = now() + make_interval(secs => $2::float8) WHERE id = $1`,
      [id, seconds],
    );
  }
}
