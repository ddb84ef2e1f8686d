import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PreparedSql } from '../cart/sql';

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

  async createForm(form: SandboxForm, ttlSeconds: number): Promise<void> {
    await this.db.query(
      `INSERT INTO sandbox_payment_form (token, visitor_id, locale, total_agorot, ssn, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::float8))`,
      [form.token, form.visitorId, form.locale, form.totalAgorot, form.ssn, ttlSeconds],
    );
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
      `SELECT token, visitor_id AS "visitorId", card_last4 AS "last4", outcome, instalments,
              extract(epoch FROM now() - created_at)::float8 AS "ageSeconds"
         FROM sandbox_card_authorisation WHERE token = $1`,
      [token],
    );
    return rows[0] ?? null;
  }

  /** The authorisation and any charge already made under the key, in one round trip (the charge's hot path). */
  async lookup(
    token: string,
    idempotencyKey: string,
  ): Promise<{ authorisation: SandboxAuthorisation | null; charge: SandboxCharge | null }> {
    const [row] = await this.sql.query<SandboxLookupRow>(
      'sandbox_lookup',
      `SELECT a.token, a.visitor_id AS "visitorId", a.card_last4 AS "last4", a.outcome, a.instalments,
              extract(epoch FROM now() - a.created_at)::float8 AS "ageSeconds",
              c.id AS "chargeId", c.idempotency_key AS "idempotencyKey", c.authorisation_token AS "authorisationToken",
              c.amount_agorot AS "amountAgorot", c.instalments AS "chargeInstalments", c.status AS "chargeStatus", ca.card_last4 AS "chargeLast4"
         FROM (SELECT 1) AS one
         LEFT JOIN sandbox_card_authorisation a ON a.token = $1
         LEFT JOIN sandbox_charge c ON c.idempotency_key = $2
         LEFT JOIN sandbox_card_authorisation ca ON ca.token = c.authorisation_token`,
      [token, idempotencyKey],
    );
    return {
      authorisation: row?.token
        ? {
            token: row.token,
            visitorId: row.visitorId,
            last4: row.last4,
            outcome: row.outcome,
            instalments: row.instalments,
            ageSeconds: row.ageSeconds,
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
    };
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

  /** Records a charge once per idempotency key; the loser of a concurrent double call gets the winner's row. */
  async recordCharge(c: Omit<SandboxCharge, 'last4'>): Promise<SandboxCharge> {
    const rows = await this.sql.query(
      'sandbox_charge_record',
      `INSERT INTO sandbox_charge (id, idempotency_key, authorisation_token, amount_agorot, instalments, status)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [c.id, c.idempotencyKey, c.authorisationToken, c.amountAgorot, c.instalments, c.status],
    );
    if (rows[0]) return { ...c, last4: null };
    return (await this.chargeByKey(c.idempotencyKey))!;
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
}

/** One row of `sandbox_lookup`: each LEFT JOINed half is all-null when its record does not exist. */
interface SandboxLookupRow {
  token: SandboxAuthorisation['token'] | null;
  visitorId: SandboxAuthorisation['visitorId'];
  last4: SandboxAuthorisation['last4'];
  outcome: SandboxAuthorisation['outcome'];
  instalments: SandboxAuthorisation['instalments'];
  ageSeconds: SandboxAuthorisation['ageSeconds'];
  chargeId: SandboxCharge['id'] | null;
  idempotencyKey: SandboxCharge['idempotencyKey'];
  authorisationToken: SandboxCharge['authorisationToken'];
  amountAgorot: SandboxCharge['amountAgorot'];
  chargeInstalments: SandboxCharge['instalments'];
  chargeStatus: SandboxCharge['status'];
  chargeLast4: SandboxCharge['last4'];
}
