import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { PreparedSql } from '../database/prepared-sql';
import { StatementBatcher } from '../database/statement-batcher';

export type SandboxOutcome = 'approve' | 'decline' | 'insufficient_funds' | 'timeout';
export type SandboxChargeStatus = 'approved' | 'declined' | 'insufficient_funds' | 'refunded';

export interface SandboxForm {
  token: string;
  visitorId: string;
  locale: string;
  totalAgorot: number;
  ssn: string | null;
}

export interface SandboxAuthorisation {
  token: string;
  visitorId: string;
  last4: string;
  outcome: SandboxOutcome;
  instalments: number;
  ageSeconds: number;
  /** What the hosted form was opened for: the most this authorisation may be charged. */
  formTotalAgorot: number;
  /** True when a charge (under any key) already used this authorisation: it is single-use. */
  used: boolean;
}

export interface SandboxCharge {
  id: string;
  idempotencyKey: string;
  authorisationToken: string;
  amountAgorot: number;
  instalments: number;
  status: SandboxChargeStatus;
  last4: string | null;
}

/**
 * The SANDBOX payment provider's own books (a simulation of what a real
 * provider keeps on its side): hosted forms, card authorisations, charges.
 * Kept in PostgreSQL so every server node sees the same simulated provider.
 */
@Injectable()
export class SandboxLedgerRepository {
  private readonly sql: PreparedSql;

  constructor(private readonly db: DataSource) {
    this.sql = new PreparedSql(db);
  }

  /**
   * Stores a form, unless this visitor already has a live one with the same locale, total
   * and ID number and at least half its lifetime left: then that one's token is answered and
   * nothing is written (reloading the card page must not add a row per call).
   */
  async createForm(form: SandboxForm, ttlSeconds: number): Promise<string> {
    const existing: { token: string }[] = await this.db.query(
      `SELECT token FROM sandbox_payment_form
        WHERE visitor_id = $1 AND locale = $2 AND total_agorot = $3 AND ssn IS NOT DISTINCT FROM $4
          AND expires_at > now() + make_interval(secs => $5::float8 / 2)
        ORDER BY expires_at DESC LIMIT 1`,
      [form.visitorId, form.locale, form.totalAgorot, form.ssn, ttlSeconds],
    );
    if (existing[0]) return existing[0].token;
    await this.db.query(
      `INSERT INTO sandbox_payment_form (token, visitor_id, locale, total_agorot, ssn, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::float8))`,
      [form.token, form.visitorId, form.locale, form.totalAgorot, form.ssn, ttlSeconds],
    );
    return form.token;
  }

  /** A form that exists and has not expired. */
  async form(token: string): Promise<SandboxForm | null> {
    const rows = await this.db.query(
      `SELECT token, visitor_id AS "visitorId", locale, total_agorot AS "totalAgorot", ssn
         FROM sandbox_payment_form WHERE token = $1 AND expires_at > now()`,
      [token],
    );
    return rows[0] ?? null;
  }

  async createAuthorisation(a: {
    token: string;
    formToken: string;
    visitorId: string;
    last4: string;
    outcome: SandboxOutcome;
    instalments: number;
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO sandbox_card_authorisation (token, form_token, visitor_id, card_last4, outcome, instalments) VALUES ($1, $2, $3, $4, $5, $6)`,
      [a.token, a.formToken, a.visitorId, a.last4, a.outcome, a.instalments],
    );
  }

  async authorisation(token: string): Promise<SandboxAuthorisation | null> {
    const rows = await this.sql.query<SandboxAuthorisation>(
      'sandbox_authorisation',
      `SELECT a.token, a.visitor_id AS "visitorId", a.card_last4 AS "last4", a.outcome, a.instalments,
              extract(epoch FROM now() - a.created_at)::float8 AS "ageSeconds", f.total_agorot AS "formTotalAgorot",
              EXISTS (SELECT 1 FROM sandbox_charge u WHERE u.authorisation_token = a.token) AS used
         FROM sandbox_card_authorisation a JOIN sandbox_payment_form f ON f.token = a.form_token WHERE a.token = $1`,
      [token],
    );
    return rows[0] ?? null;
  }

  /**
   * The charge's hot path in one round trip: the authorisation, any charge already made under the key, and, with
   * `record`, the new charge recorded with the authorisation's outcome when the authorisation may pay it: this
   * visitor's, within its lifetime, never used, the amount within what the form was opened for, an outcome that
   * answers (not 'timeout'), no charge under the key yet. Those are the provider's own refusals
   * (sandbox-payment-provider.ts), which it checks again on the rows read; nothing is recorded when one of them would
   * refuse. `recorded` is null when nothing was written: refused, an earlier charge under the key, or another call
   * took the authorisation or the key meanwhile (the unique indexes decide; the caller then reads the key's charge).
   * Charges recorded at the same moment share one statement (GROUPED_CHARGE_SQL, decision 045), each with its own
   * answer; a charge that only reads (`record` false: a simulated delay) goes alone.
   */
  charge(c: SandboxChargeCall): Promise<SandboxChargeSeen> {
    return c.record ? this.charges.call(c) : this.chargeAlone(c);
  }

  /**
   * Charges that arrive while two such statements are in flight go together as one; never two of one key or one
   * authorisation in a statement (the second would find the first's row only after it). When that statement fails,
   * each goes alone.
   */
  private readonly charges = new StatementBatcher<SandboxChargeCall, SandboxChargeSeen>(
    (calls) => this.chargeTogether(calls),
    {
      inFlight: 2,
      deep: { waiting: 8, inFlight: 4 },
      maxBatch: 32,
      keys: (c) => [`key:${c.idempotencyKey}`, `auth:${c.token}`],
    },
  );

  private async chargeTogether(calls: SandboxChargeCall[]): Promise<PromiseSettledResult<SandboxChargeSeen>[]> {
    if (calls.length > 1 && calls.every((c) => c.ttlSeconds === calls[0]!.ttlSeconds)) {
      try {
        const rows = await this.sql.query<SandboxChargeRow>('sandbox_charge_grouped', GROUPED_CHARGE_SQL, [
          calls.map((c) => c.token),
          calls.map((c) => c.idempotencyKey),
          calls.map((c) => c.id),
          calls.map((c) => c.amountAgorot),
          calls.map((c) => c.visitorId),
          calls[0]!.ttlSeconds,
        ]);
        if (rows.length === calls.length) return rows.map((row) => ({ status: 'fulfilled', value: seenOf(row) }));
      } catch {
        // Each alone, below.
      }
    }
    return Promise.allSettled(calls.map((c) => this.chargeAlone(c)));
  }

  private async chargeAlone(c: SandboxChargeCall): Promise<SandboxChargeSeen> {
    const [row] = await this.sql.query<SandboxChargeRow>(
      'sandbox_charge',
      `WITH auth AS (
         SELECT a.token, a.visitor_id, a.card_last4, a.outcome, a.instalments,
                extract(epoch FROM now() - a.created_at)::float8 AS age_seconds, f.total_agorot AS form_total,
                EXISTS (SELECT 1 FROM sandbox_charge u WHERE u.authorisation_token = a.token) AS used
           FROM sandbox_card_authorisation a JOIN sandbox_payment_form f ON f.token = a.form_token WHERE a.token = $1
       ), earlier AS (
         SELECT c.id, c.idempotency_key, c.authorisation_token, c.amount_agorot, c.instalments, c.status, ca.card_last4
           FROM sandbox_charge c LEFT JOIN sandbox_card_authorisation ca ON ca.token = c.authorisation_token
          WHERE c.idempotency_key = $2
       ), recorded AS (
         INSERT INTO sandbox_charge (id, idempotency_key, authorisation_token, amount_agorot, instalments, status)
         SELECT $3, $2, auth.token, $4::int, auth.instalments,
                CASE auth.outcome WHEN 'approve' THEN 'approved' WHEN 'decline' THEN 'declined' ELSE 'insufficient_funds' END
           FROM auth
          WHERE $7::boolean AND NOT EXISTS (SELECT 1 FROM earlier)
            AND auth.visitor_id::text = $5::text AND auth.age_seconds <= $6::float8 AND NOT auth.used
            AND $4::int <= auth.form_total AND auth.outcome <> 'timeout'
         ON CONFLICT DO NOTHING
         RETURNING id, status
       )
       SELECT auth.token, auth.visitor_id AS "visitorId", auth.card_last4 AS "last4", auth.outcome, auth.instalments,
              auth.age_seconds AS "ageSeconds", auth.form_total AS "formTotalAgorot", auth.used,
              earlier.id AS "chargeId", earlier.idempotency_key AS "idempotencyKey",
              earlier.authorisation_token AS "authorisationToken", earlier.amount_agorot AS "amountAgorot",
              earlier.instalments AS "chargeInstalments", earlier.status AS "chargeStatus", earlier.card_last4 AS "chargeLast4",
              recorded.id AS "recordedId", recorded.status AS "recordedStatus"
         FROM (SELECT 1) AS one LEFT JOIN auth ON true LEFT JOIN earlier ON true LEFT JOIN recorded ON true`,
      [c.token, c.idempotencyKey, c.id, c.amountAgorot, c.visitorId, c.ttlSeconds, c.record],
    );
    return seenOf(row);
  }

  async chargeByKey(idempotencyKey: string): Promise<SandboxCharge | null> {
    const rows = await this.sql.query<SandboxCharge>(
      'sandbox_charge_by_key',
      `SELECT c.id, c.idempotency_key AS "idempotencyKey", c.authorisation_token AS "authorisationToken", c.amount_agorot AS "amountAgorot",
              c.instalments, c.status, a.card_last4 AS "last4"
         FROM sandbox_charge c LEFT JOIN sandbox_card_authorisation a ON a.token = c.authorisation_token
        WHERE c.idempotency_key = $1`,
      [idempotencyKey],
    );
    return rows[0] ?? null;
  }

  /** approved -> refunded, once. Answers the charge's status after the call (null: no such charge). */
  async refund(chargeId: string): Promise<SandboxChargeStatus | null> {
    const rows: { status: SandboxChargeStatus }[] = await this.db.query(
      `WITH r AS (UPDATE sandbox_charge SET status = 'refunded', refunded_at = now() WHERE id = $1 AND status = 'approved' RETURNING status)
       SELECT status FROM r UNION ALL SELECT status FROM sandbox_charge WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM r)`,
      [chargeId],
    );
    return rows[0]?.status ?? null;
  }

  /**
   * Refunds part of an approved charge, once per idempotency key (a replay
   * answers 'refunded' again without refunding twice). The charge becomes
   * 'refunded' when its parts add up to the whole amount. Never more than charged.
   */
  async refundPart(chargeId: string, amountAgorot: number, idempotencyKey: string): Promise<'refunded' | string> {
    return this.db.transaction(async (tx) => {
      const [charge] = await tx.query(
        `SELECT amount_agorot AS "amountAgorot", status FROM sandbox_charge WHERE id = $1 FOR UPDATE`,
        [chargeId],
      );
      if (!charge) return 'no such charge';
      const [done] = await tx.query(`SELECT charge_id AS "chargeId" FROM sandbox_refund WHERE idempotency_key = $1`, [
        idempotencyKey,
      ]);
      if (done) return done.chargeId === chargeId ? 'refunded' : 'key used for another charge';
      if (charge.status !== 'approved') return `charge is ${charge.status}`;
      const [{ sum }] = await tx.query(
        `SELECT coalesce(sum(amount_agorot), 0)::int AS sum FROM sandbox_refund WHERE charge_id = $1`,
        [chargeId],
      );
      if (amountAgorot <= 0 || sum + amountAgorot > charge.amountAgorot) return 'more than the charge left';
      await tx.query(
        `INSERT INTO sandbox_refund (id, charge_id, idempotency_key, amount_agorot) VALUES ($1, $2, $3, $4)`,
        [`sbx_rf_${randomBytes(12).toString('base64url')}`, chargeId, idempotencyKey, amountAgorot],
      );
      if (sum + amountAgorot === charge.amountAgorot) {
        await tx.query(`UPDATE sandbox_charge SET status = 'refunded', refunded_at = now() WHERE id = $1`, [chargeId]);
      }
      return 'refunded';
    });
  }
}

/** One row of `sandbox_charge`: each LEFT JOINed part is all-null when its record does not exist. */
interface SandboxChargeRow {
  token: SandboxAuthorisation['token'] | null;
  visitorId: SandboxAuthorisation['visitorId'];
  last4: SandboxAuthorisation['last4'];
  outcome: SandboxAuthorisation['outcome'];
  instalments: SandboxAuthorisation['instalments'];
  ageSeconds: SandboxAuthorisation['ageSeconds'];
  formTotalAgorot: SandboxAuthorisation['formTotalAgorot'];
  used: SandboxAuthorisation['used'];
  chargeId: SandboxCharge['id'] | null;
  idempotencyKey: SandboxCharge['idempotencyKey'];
  authorisationToken: SandboxCharge['authorisationToken'];
  amountAgorot: SandboxCharge['amountAgorot'];
  chargeInstalments: SandboxCharge['instalments'];
  chargeStatus: SandboxCharge['status'];
  chargeLast4: SandboxCharge['last4'];
  recordedId: SandboxCharge['id'] | null;
  recordedStatus: SandboxCharge['status'] | null;
}

/** One charge call of the provider: the authorisation, the key, the new charge's id and what it may be. */
interface SandboxChargeCall {
  token: string;
  idempotencyKey: string;
  id: string;
  amountAgorot: number;
  visitorId: string;
  ttlSeconds: number;
  record: boolean;
}

/** What a charge call saw: the authorisation, the key's earlier charge, and the charge it recorded (null: none). */
interface SandboxChargeSeen {
  authorisation: SandboxAuthorisation | null;
  charge: SandboxCharge | null;
  recorded: Pick<SandboxCharge, 'id' | 'status'> | null;
}

function seenOf(row: SandboxChargeRow | undefined): SandboxChargeSeen {
  return {
    authorisation: row?.token
      ? {
          token: row.token,
          visitorId: row.visitorId,
          last4: row.last4,
          outcome: row.outcome,
          instalments: row.instalments,
          ageSeconds: row.ageSeconds,
          formTotalAgorot: row.formTotalAgorot,
          used: row.used,
        }
      : null,
    charge: row?.chargeId
      ? {
          id: row.chargeId,
          idempotencyKey: row.idempotencyKey,
          authorisationToken: row.authorisationToken,
          amountAgorot: row.amountAgorot,
          instalments: row.chargeInstalments,
          status: row.chargeStatus,
          last4: row.chargeLast4,
        }
      : null,
    recorded: row?.recordedId ? { id: row.recordedId, status: row.recordedStatus! } : null,
  };
}

/**
 * Charges recorded at the same moment, in ONE statement: for each, what `sandbox_charge` does for one, row for row (the
 * authorisation, the key's earlier charge, and the new charge recorded only when none of the provider's refusals
 * applies). One row per call, in order. Within one statement no two calls share a key or an authorisation (the
 * batcher's keys); across statements the unique indexes decide, as they do for calls alone.
 */
const GROUPED_CHARGE_SQL = `WITH c AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[])
    WITH ORDINALITY AS c(token, idempotency_key, id, amount_agorot, visitor_id, n)
), auth AS (
  SELECT c.n, a.token, a.visitor_id, a.card_last4, a.outcome, a.instalments,
         extract(epoch FROM now() - a.created_at)::float8 AS age_seconds, f.total_agorot AS form_total,
         EXISTS (SELECT 1 FROM sandbox_charge u WHERE u.authorisation_token = a.token) AS used
    FROM c JOIN sandbox_card_authorisation a ON a.token = c.token JOIN sandbox_payment_form f ON f.token = a.form_token
), earlier AS (
  SELECT c.n, s.id, s.idempotency_key, s.authorisation_token, s.amount_agorot, s.instalments, s.status, ca.card_last4
    FROM c JOIN sandbox_charge s ON s.idempotency_key = c.idempotency_key
    LEFT JOIN sandbox_card_authorisation ca ON ca.token = s.authorisation_token
), recorded AS (
  INSERT INTO sandbox_charge (id, idempotency_key, authorisation_token, amount_agorot, instalments, status)
  SELECT c.id, c.idempotency_key, auth.token, c.amount_agorot, auth.instalments,
         CASE auth.outcome WHEN 'approve' THEN 'approved' WHEN 'decline' THEN 'declined' ELSE 'insufficient_funds' END
    FROM c JOIN auth ON auth.n = c.n
   WHERE NOT EXISTS (SELECT 1 FROM earlier WHERE earlier.n = c.n)
     AND auth.visitor_id::text = c.visitor_id AND auth.age_seconds <= $6::float8 AND NOT auth.used
     AND c.amount_agorot <= auth.form_total AND auth.outcome <> 'timeout'
   ORDER BY c.idempotency_key
  ON CONFLICT DO NOTHING
  RETURNING id, status
)
SELECT c.n, auth.token, auth.visitor_id AS "visitorId", auth.card_last4 AS "last4", auth.outcome, auth.instalments,
       auth.age_seconds AS "ageSeconds", auth.form_total AS "formTotalAgorot", auth.used,
       earlier.id AS "chargeId", earlier.idempotency_key AS "idempotencyKey",
       earlier.authorisation_token AS "authorisationToken", earlier.amount_agorot AS "amountAgorot",
       earlier.instalments AS "chargeInstalments", earlier.status AS "chargeStatus", earlier.card_last4 AS "chargeLast4",
       recorded.id AS "recordedId", recorded.status AS "recordedStatus"
  FROM c LEFT JOIN auth ON auth.n = c.n LEFT JOIN earlier ON earlier.n = c.n LEFT JOIN recorded ON recorded.id = c.id
 ORDER BY c.n`;
