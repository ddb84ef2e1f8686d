import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One record of an attempt to move money (docs/decisions/015-one-money-attempt.md): `money_attempt`, one row per
 * charge or refund whatever it is for, with one state machine (the commit's payment vocabulary) and one index keeping
 * one charge in flight per thing. Hold payments move into it first; `hold_payment` stays as a view of the same
 * columns and states, so the reports and tests that read it answer the same and nothing writes it by mistake (its
 * mapped columns are not updatable).
 */
export class OneMoneyAttempt1795975000000 implements MigrationInterface {
  name = 'OneMoneyAttempt1795975000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE money_attempt (
        id bigserial PRIMARY KEY,
        kind varchar NOT NULL CHECK (kind IN ('charge', 'refund')),
        -- What the money is for: the cart's identifier, the hold's reservation id, the change's or cancellation's id.
        subject_kind varchar NOT NULL
          CHECK (subject_kind IN ('cart', 'hold', 'order_change', 'cancellation', 'membership')),
        subject_id varchar NOT NULL,
        channel varchar NOT NULL CHECK (channel IN ('online', 'box_office')),
        method varchar NOT NULL CHECK (method IN ('card', 'wallet', 'cash', 'terminal', 'voucher', 'credit')),
        amount_agorot int NOT NULL CHECK (amount_agorot >= 0),
        currency char(3) NOT NULL DEFAULT 'ILS',
        -- Who moves it; null when no provider is asked (cash or the box office's own terminal).
        provider varchar,
        -- The idempotency key sent to the provider for the current try.
        provider_key varchar UNIQUE,
        provider_reference varchar,
        -- The caller's idempotency key, bound to the parameters hashed in fingerprint.
        idempotency_key varchar NOT NULL UNIQUE,
        fingerprint varchar NOT NULL,
        visitor_id uuid,
        state varchar NOT NULL
          CHECK (state IN ('pending', 'approved', 'declined', 'failed', 'refund_pending', 'refunded')),
        error varchar,
        result jsonb,
        recovery_attempts int NOT NULL DEFAULT 0,
        next_recovery_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- At most one charge in flight per thing: a second is refused before its provider call.
      CREATE UNIQUE INDEX money_attempt_one_charging ON money_attempt (subject_kind, subject_id)
        WHERE kind = 'charge' AND state = 'pending';
      -- The recovery claim and the in-doubt gauge.
      CREATE INDEX money_attempt_open ON money_attempt (updated_at, id) WHERE state IN ('pending', 'refund_pending');
      CREATE INDEX money_attempt_subject ON money_attempt (subject_kind, subject_id);

      INSERT INTO money_attempt (id, kind, subject_kind, subject_id, channel, method, amount_agorot, provider,
                                 provider_key, provider_reference, idempotency_key, fingerprint, visitor_id, state, error,
                                 result, recovery_attempts, next_recovery_at, created_at, updated_at)
      SELECT id, 'charge', 'hold', reservation_id::text, channel, method, amount_agorot,
             CASE WHEN provider_key IS NULL THEN NULL ELSE 'card' END,
             provider_key, provider_reference, idempotency_key, fingerprint, visitor_id,
             CASE state WHEN 'charging' THEN 'pending' WHEN 'paid' THEN 'approved' ELSE state END,
             error, result, recovery_attempts, next_recovery_at, created_at, updated_at
        FROM hold_payment;
      SELECT setval(pg_get_serial_sequence('money_attempt', 'id'), coalesce((SELECT max(id) FROM money_attempt), 0) + 1, false);

      DROP TABLE hold_payment;
      CREATE VIEW hold_payment AS
        SELECT id, idempotency_key, fingerprint, subject_id::bigint AS reservation_id, channel, method, amount_agorot,
               provider_key, visitor_id,
               (CASE state WHEN 'pending' THEN 'charging' WHEN 'approved' THEN 'paid' WHEN 'declined' THEN 'failed'
                           ELSE state END)::varchar AS state,
               provider_reference, error, result, recovery_attempts, next_recovery_at, created_at, updated_at
          FROM money_attempt WHERE subject_kind = 'hold' AND kind = 'charge';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP VIEW hold_payment;
      CREATE TABLE hold_payment (
        id bigserial PRIMARY KEY,
        idempotency_key varchar NOT NULL UNIQUE,
        fingerprint varchar NOT NULL,
        reservation_id bigint NOT NULL REFERENCES reservation(id),
        channel varchar NOT NULL CHECK (channel IN ('online', 'box_office')),
        method varchar NOT NULL CHECK (method IN ('card', 'cash', 'terminal')),
        amount_agorot int NOT NULL CHECK (amount_agorot >= 0),
        provider_key varchar UNIQUE,
        visitor_id uuid,
        state varchar NOT NULL CHECK (state IN ('charging', 'paid', 'failed', 'refund_pending', 'refunded')),
        provider_reference varchar,
        error varchar,
        result jsonb,
        recovery_attempts int NOT NULL DEFAULT 0,
        next_recovery_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO hold_payment (id, idempotency_key, fingerprint, reservation_id, channel, method, amount_agorot,
                                provider_key, visitor_id, state, provider_reference, error, result, recovery_attempts,
                                next_recovery_at, created_at, updated_at)
      SELECT id, idempotency_key, fingerprint, subject_id::bigint, channel, method, amount_agorot, provider_key,
             visitor_id,
             CASE state WHEN 'pending' THEN 'charging' WHEN 'approved' THEN 'paid' WHEN 'declined' THEN 'failed'
                        ELSE state END,
             provider_reference, error, result, recovery_attempts, next_recovery_at, created_at, updated_at
        FROM money_attempt WHERE subject_kind = 'hold' AND kind = 'charge';
      SELECT setval(pg_get_serial_sequence('hold_payment', 'id'), coalesce((SELECT max(id) FROM hold_payment), 0) + 1, false);
      CREATE INDEX hold_payment_open ON hold_payment (updated_at, id) WHERE state IN ('charging', 'refund_pending');
      CREATE INDEX hold_payment_reservation ON hold_payment (reservation_id);
      CREATE UNIQUE INDEX hold_payment_one_charging ON hold_payment (reservation_id) WHERE state = 'charging';
      DROP TABLE money_attempt;
    `);
  }
}
