import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The one state machine of an attempt to move money (docs/decisions/012-one-money-attempt.md). */
type MoneyAttemptState = 'pending' | 'approved' | 'declined' | 'failed' | 'refund_pending' | 'refunded';
/** What the money is for. */
export type MoneySubjectKind = 'cart' | 'hold' | 'order_change' | 'cancellation' | 'membership';
type MoneyMethod = 'card' | 'wallet' | 'cash' | 'terminal' | 'voucher' | 'credit';

export interface MoneyAttemptRow {
  id: string;
  kind: 'charge' | 'refund';
  subjectKind: MoneySubjectKind;
  subjectId: string;
  channel: 'online' | 'box_office';
  method: MoneyMethod;
  amountAgorot: number;
  provider: string | null;
  providerKey: string | null;
  providerReference: string | null;
  idempotencyKey: string;
  fingerprint: string;
  visitorId: string | null;
  state: MoneyAttemptState;
  error: string | null;
  result: Record<string, unknown> | null;
  /** How many times recovery has claimed it (the loop's back-off). */
  attempts: number;
}

/** A charge to open: what the caller's key is bound to. */
interface OpenCharge {
  subjectKind: MoneySubjectKind;
  subjectId: string;
  channel: 'online' | 'box_office';
  method: MoneyMethod;
  amountAgorot: number;
  provider: string | null;
  providerKey: string | null;
  idempotencyKey: string;
  fingerprint: string;
  visitorId: string | null;
}

const MONEY_ATTEMPT_COLUMNS = `id::text, kind, subject_kind AS "subjectKind", subject_id AS "subjectId", channel,
  method, amount_agorot AS "amountAgorot", provider, provider_key AS "providerKey",
  provider_reference AS "providerReference", idempotency_key AS "idempotencyKey", fingerprint,
  visitor_id AS "visitorId", state, error, result, recovery_attempts AS attempts`;

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
 * THE writer of money_attempt besides the sale statement (which approves a charge in the same statement as the thing
 * it paid for, sales.repository.ts): one row per attempt to move money, opened BEFORE the provider is called, so a
 * retry, a second node or the recovery loop finds it. The architecture test (money-writers.test.ts) holds this.
 */
@Injectable()
export class MoneyAttemptsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Opens the charge for this key, or takes over a declined or failed one (a refused card may be retried under the
   * same key with a new authorisation, a new provider key). Null when the key already has a live or finished attempt:
   * read it with byKey. 'busy' when ANOTHER charge of the same thing is pending (another device, another key): at
   * most one charge per thing reaches the provider at a time (the index money_attempt_one_charging).
   */
  async openCharge(a: OpenCharge): Promise<MoneyAttemptRow | null | 'busy'> {
    let result: unknown;
    try {
      result = await this.db.query(
        `INSERT INTO money_attempt (kind, subject_kind, subject_id, channel, method, amount_agorot, provider, provider_key,
                                    idempotency_key, fingerprint, visitor_id, state)
         VALUES ('charge', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending')
         ON CONFLICT (idempotency_key) DO UPDATE
           SET state = 'pending', provider = EXCLUDED.provider, provider_key = EXCLUDED.provider_key,
               amount_agorot = EXCLUDED.amount_agorot, error = NULL, provider_reference = NULL, updated_at = now()
          WHERE money_attempt.state IN ('declined', 'failed') AND money_attempt.kind = 'charge'
            AND money_attempt.fingerprint = EXCLUDED.fingerprint
            AND money_attempt.provider_key IS DISTINCT FROM EXCLUDED.provider_key
         RETURNING ${MONEY_ATTEMPT_COLUMNS}`,
        [
          a.subjectKind,
          a.subjectId,
          a.channel,
          a.method,
          a.amountAgorot,
          a.provider,
          a.providerKey,
          a.idempotencyKey,
          a.fingerprint,
          a.visitorId,
        ],
      );
    } catch (error) {
      if (violates(error, 'money_attempt_one_charging')) return 'busy';
      throw error;
    }
    return rowsOf<MoneyAttemptRow>(result)[0] ?? null;
  }

  async byKey(idempotencyKey: string): Promise<MoneyAttemptRow | null> {
    const rows: MoneyAttemptRow[] = await this.db.query(
      `SELECT ${MONEY_ATTEMPT_COLUMNS} FROM money_attempt WHERE idempotency_key = $1`,
      [idempotencyKey],
    );
    return rows[0] ?? null;
  }

  /** No money moved: declined by the provider, or failed (not authorised, no charge, abandoned, nothing to pay). */
  async close(
    id: string,
    state: 'declined' | 'failed',
    error: string,
    providerReference: string | null = null,
  ): Promise<void> {
    await this.db.query(
      `UPDATE money_attempt SET state = $2, error = $3, provider_reference = coalesce($4, provider_reference), updated_at = now()
        WHERE id = $1 AND state = 'pending'`,
      [id, state, error.slice(0, 500), providerReference],
    );
  }

  /** Charged, but the thing can no longer be had: recorded first, so the refund is never forgotten. */
  async refundPending(id: string, providerReference: string, reason: string, result: object): Promise<void> {
    await this.db.query(
      `UPDATE money_attempt SET state = 'refund_pending', provider_reference = $2, error = $3, result = $4::jsonb, updated_at = now()
        WHERE id = $1 AND state IN ('pending', 'refund_pending')`,
      [id, providerReference, reason, JSON.stringify(result)],
    );
  }

  async refunded(id: string): Promise<void> {
    await this.db.query(
      `UPDATE money_attempt SET state = 'refunded', updated_at = now() WHERE id = $1 AND state = 'refund_pending'`,
      [id],
    );
  }

  /**
   * The recovery loop's claim: attempts still 'pending' after `inDoubtSeconds` (their node died or lost the answer)
   * and refunds still owed, leased for `leaseSeconds` under FOR UPDATE SKIP LOCKED so nodes never share one.
   */
  async claim(limit: number, inDoubtSeconds: number, leaseSeconds: number): Promise<MoneyAttemptRow[]> {
    return rowsOf<MoneyAttemptRow>(
      await this.db.query(
        `UPDATE money_attempt a SET next_recovery_at = now() + make_interval(secs => $3::float8),
                recovery_attempts = a.recovery_attempts + 1
          WHERE a.id IN (
            SELECT id FROM money_attempt
             WHERE ((state = 'pending' AND updated_at < now() - make_interval(secs => $2::float8)) OR state = 'refund_pending')
               AND (next_recovery_at IS NULL OR next_recovery_at <= now())
             ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING ${MONEY_ATTEMPT_COLUMNS}`,
        [limit, inDoubtSeconds, leaseSeconds],
      ),
    );
  }

  async retryLater(id: string, seconds: number): Promise<void> {
    await this.db.query(
      `UPDATE money_attempt SET next_recovery_at = now() + make_interval(secs => $2::float8) WHERE id = $1`,
      [id, seconds],
    );
  }
}
