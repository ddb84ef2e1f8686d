import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Queryable } from './sale-participant';

/** The one state machine of an attempt to move money (docs/decisions/015-one-money-attempt.md). */
type MoneyAttemptState = 'pending' | 'approved' | 'declined' | 'failed' | 'refund_pending' | 'refunded';
/** What the money is for. */
export type MoneySubjectKind = 'cart' | 'hold' | 'order_change' | 'cancellation' | 'membership';
type MoneyMethod = 'card' | 'wallet' | 'cash' | 'terminal' | 'voucher' | 'credit';

export interface MoneyAttemptRow {
  id: string;
  kind: 'charge' | 'refund';
  subjectKind: MoneySubjectKind;
  subjectId: string;
  /** Null for a refund: it goes back the way its charge came. */
  channel: 'online' | 'box_office' | null;
  method: MoneyMethod;
  amountAgorot: number;
  provider: string | null;
  providerKey: string | null;
  /** A charge's reference at the provider; for a refund, the reference of the charge it gives back. */
  providerReference: string | null;
  idempotencyKey: string;
  fingerprint: string;
  visitorId: string | null;
  state: MoneyAttemptState;
  /** A refund's payment (the ledger row it gives back). */
  paymentId: string | null;
  error: string | null;
  result: Record<string, unknown> | null;
  /** How many times recovery has claimed it (the loop's back-off). */
  attempts: number;
  /** A cart's charge: the quoted sale the recovery loop finishes when the provider holds the money. */
  saleDraft: unknown;
}

/** A refund to record: what it gives back, and whether it is done already (a voucher re-credit, store credit). */
interface RecordRefund {
  subjectKind: MoneySubjectKind;
  subjectId: string;
  method: 'card' | 'voucher' | 'credit';
  amountAgorot: number;
  provider: string;
  /** The key sent to the provider (a card refund), once per refund. */
  providerKey: string | null;
  /** The reference of the charge given back (a card refund). */
  providerReference: string | null;
  idempotencyKey: string;
  paymentId: string | null;
  systemVoucherId: string | null;
  state: 'pending' | 'approved';
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
  visitor_id AS "visitorId", state, error, result, recovery_attempts AS attempts, payment_id::text AS "paymentId",
  sale_draft AS "saleDraft"`;

/** How long a refund recorded pending is left to the request that recorded it before recovery takes it. */
const REFUND_IN_DOUBT_SECONDS = 10;

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
   * most one charge per thing reaches the provider at a time (the index money_attempt_one_charging). 'paid' when the
   * thing already has an approved charge (a request that read it unpaid before another one's charge went through):
   * refused before the provider, never charged and refunded.
   */
  async openCharge(a: OpenCharge): Promise<MoneyAttemptRow | null | 'busy' | 'paid'> {
    let result: unknown;
    try {
      result = await this.db.query(
        `INSERT INTO money_attempt (kind, subject_kind, subject_id, channel, method, amount_agorot, provider, provider_key,
                                    idempotency_key, fingerprint, visitor_id, state)
         SELECT 'charge', $1::varchar, $2::varchar, $3::varchar, $4::varchar, $5::int, $6::varchar, $7::varchar,
                $8::varchar, $9::varchar, $10::uuid, 'pending'
          WHERE NOT EXISTS (SELECT 1 FROM money_attempt WHERE subject_kind = $1::varchar AND subject_id = $2::varchar
                               AND kind = 'charge' AND state = 'approved')
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
    const opened = rowsOf<MoneyAttemptRow>(result)[0];
    if (opened) return opened;
    const paid: unknown[] = await this.db.query(
      `SELECT 1 FROM money_attempt WHERE subject_kind = $1 AND subject_id = $2 AND kind = 'charge' AND state = 'approved'`,
      [a.subjectKind, a.subjectId],
    );
    return paid.length > 0 ? 'paid' : null;
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

  /**
   * A refund, in the caller's transaction (a cancellation's): pending for a card (the provider is asked after the
   * commit, with `providerKey`), approved for what the transaction itself gave back (a voucher re-credit, store credit).
   */
  async recordRefund(tx: Queryable, r: RecordRefund): Promise<void> {
    await tx.query(
      `INSERT INTO money_attempt (kind, subject_kind, subject_id, method, amount_agorot, provider, provider_key,
                                  provider_reference, idempotency_key, fingerprint, state, payment_id, system_voucher_id)
       VALUES ('refund', $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        r.subjectKind,
        r.subjectId,
        r.method,
        r.amountAgorot,
        r.provider,
        r.providerKey,
        r.providerReference,
        r.idempotencyKey,
        `${r.subjectKind}:${r.subjectId}:${r.paymentId ?? 'credit'}:${r.amountAgorot}`,
        r.state,
        r.paymentId,
        r.systemVoucherId,
      ],
    );
  }

  /**
   * The provider's answer to a refund: approved (and its payment marked refunded once its refunds add up to all of
   * it), or failed for good (a person takes it; it is not retried forever).
   */
  async settleRefund(id: string, state: 'approved' | 'failed', error: string | null): Promise<void> {
    await this.db.query(
      `UPDATE money_attempt SET state = $2, error = $3, updated_at = now() WHERE id = $1 AND kind = 'refund'`,
      [id, state, error],
    );
    if (state === 'approved') {
      await this.db.query(
        `UPDATE payment p SET status = 'refunded', updated_at = now()
          WHERE p.id = (SELECT payment_id FROM money_attempt WHERE id = $1) AND p.status = 'approved'
            AND p.amount_agorot <= (SELECT coalesce(sum(amount_agorot), 0) FROM money_attempt
                                     WHERE payment_id = p.id AND kind = 'refund' AND state = 'approved')`,
        [id],
      );
    }
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
   * The refund went through: the attempt is 'refunded' and `alsoInTransaction` (the buyer's notice) runs in the same
   * transaction only if this call moved it, so whatever it writes exists exactly once whichever node got there first.
   */
  async refundedWith(id: string, alsoInTransaction: (tx: EntityManager) => Promise<void>): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Wrapped in a SELECT: TypeORM answers a bare UPDATE with [rows, count] instead of rows.
      const refunded: unknown[] = await tx.query(
        `WITH r AS (UPDATE money_attempt SET state = 'refunded', updated_at = now()
                     WHERE id = $1 AND state = 'refund_pending' RETURNING id)
         SELECT id FROM r`,
        [id],
      );
      if (refunded.length > 0) await alsoInTransaction(tx);
    });
  }

  /**
   * A cart's charge that moved no money after all (recovery heard so from the provider): the attempt closed and its
   * cart, left 'paying' by a request that died, opened again, in one statement.
   */
  async closeCartCharge(
    id: string,
    state: 'declined' | 'failed',
    error: string,
    cartIdentifier: string,
    inDoubtSeconds: number,
  ): Promise<void> {
    await this.db.query(
      `WITH a AS (
         UPDATE money_attempt SET state = $2, error = $3, updated_at = now() WHERE id = $1 AND state = 'pending' RETURNING id
       )
       UPDATE cart SET status = 'open', attempt_started_at = NULL, updated_at = now()
        WHERE cart_identifier = $4::uuid AND status = 'paying'
          AND attempt_started_at < now() - make_interval(secs => $5::float8)`,
      [id, state, error.slice(0, 500), cartIdentifier, inDoubtSeconds],
    );
  }

  /**
   * The recovery loop's claim: charges still 'pending' after `inDoubtSeconds` (their node died or lost the answer),
   * refunds still pending after REFUND_IN_DOUBT_SECONDS (or `inDoubtSeconds` if shorter), and refunds still owed,
   * leased for `leaseSeconds` under FOR UPDATE SKIP LOCKED so nodes never share one.
   */
  async claim(limit: number, inDoubtSeconds: number, leaseSeconds: number): Promise<MoneyAttemptRow[]> {
    return rowsOf<MoneyAttemptRow>(
      await this.db.query(
        `UPDATE money_attempt a SET next_recovery_at = now() + make_interval(secs => $3::float8),
                recovery_attempts = a.recovery_attempts + 1
          WHERE a.id IN (
            SELECT id FROM money_attempt
             WHERE ((state = 'pending' AND kind = 'charge' AND updated_at < now() - make_interval(secs => $2::float8))
                 OR (state = 'pending' AND kind = 'refund' AND updated_at < now() - make_interval(secs => least($2::float8, $4::float8)))
                 OR state = 'refund_pending')
               AND (next_recovery_at IS NULL OR next_recovery_at <= now())
             ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING ${MONEY_ATTEMPT_COLUMNS}`,
        [limit, inDoubtSeconds, leaseSeconds, REFUND_IN_DOUBT_SECONDS],
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
