import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cancellations' refunds become money attempts (docs/decisions/015-one-money-attempt.md, step 2): each part of a
 * cancellation's refund is a `refund` attempt of subject `cancellation` (card: given back by the provider, pending
 * until it answers; voucher re-credit and store credit: approved in the cancellation's own transaction). A refund
 * names the payment it gives back and the voucher it went to. `cancellation_refund` stays as a read-only view of the
 * same columns and states (`done` = `approved`).
 */
export class CancellationRefundsAsMoneyAttempts1795980000000 implements MigrationInterface {
  name = 'CancellationRefundsAsMoneyAttempts1795980000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE money_attempt
        -- A refund goes back the way its charge came: no channel of its own.
        ALTER COLUMN channel DROP NOT NULL,
        -- The payment (ledger row) a refund gives back, and the system voucher it went to (re-credit, store credit).
        ADD COLUMN payment_id bigint REFERENCES payment(id),
        ADD COLUMN system_voucher_id bigint REFERENCES system_voucher(id);
      CREATE INDEX money_attempt_payment ON money_attempt (payment_id) WHERE payment_id IS NOT NULL;

      INSERT INTO money_attempt (kind, subject_kind, subject_id, method, amount_agorot, provider, provider_key,
                                 provider_reference, idempotency_key, fingerprint, state, error, payment_id,
                                 system_voucher_id, created_at, updated_at)
      SELECT 'refund', 'cancellation', cr.cancellation_id::text, cr.kind, cr.amount_agorot,
             CASE cr.kind WHEN 'card' THEN coalesce(p.provider, 'card') WHEN 'voucher' THEN 'system_voucher'
                          ELSE 'store_credit' END,
             CASE cr.kind WHEN 'card' THEN cr.idempotency_key END,
             CASE cr.kind WHEN 'card' THEN p.provider_reference END,
             cr.idempotency_key,
             'cancellation:' || cr.cancellation_id || ':' || coalesce(cr.payment_id::text, 'credit') || ':' || cr.amount_agorot,
             CASE cr.status WHEN 'done' THEN 'approved' ELSE cr.status END,
             cr.error, cr.payment_id, cr.system_voucher_id, cr.updated_at, cr.updated_at
        FROM cancellation_refund cr LEFT JOIN payment p ON p.id = cr.payment_id
       ORDER BY cr.id;

      DROP TABLE cancellation_refund;
      CREATE VIEW cancellation_refund AS
        SELECT id, subject_id::bigint AS cancellation_id, payment_id, method AS kind, amount_agorot,
               (CASE state WHEN 'approved' THEN 'done' ELSE state END)::varchar AS status, idempotency_key,
               system_voucher_id, error, updated_at
          FROM money_attempt WHERE subject_kind = 'cancellation' AND kind = 'refund';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP VIEW cancellation_refund;
      CREATE TABLE cancellation_refund (
        id bigserial PRIMARY KEY,
        cancellation_id bigint NOT NULL REFERENCES cancellation(id),
        payment_id bigint REFERENCES payment(id),
        kind varchar NOT NULL CHECK (kind IN ('card', 'voucher', 'credit')),
        amount_agorot int NOT NULL CHECK (amount_agorot > 0),
        status varchar NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
        idempotency_key varchar NOT NULL UNIQUE,
        system_voucher_id bigint REFERENCES system_voucher(id),
        error varchar,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX cancellation_refund_payment ON cancellation_refund (payment_id) WHERE payment_id IS NOT NULL;
      INSERT INTO cancellation_refund (cancellation_id, payment_id, kind, amount_agorot, status, idempotency_key,
                                       system_voucher_id, error, updated_at)
      SELECT subject_id::bigint, payment_id, method, amount_agorot,
             CASE state WHEN 'approved' THEN 'done' ELSE state END, idempotency_key, system_voucher_id, error, updated_at
        FROM money_attempt WHERE subject_kind = 'cancellation' AND kind = 'refund' ORDER BY id;
      DELETE FROM money_attempt WHERE subject_kind = 'cancellation' AND kind = 'refund';
      DROP INDEX money_attempt_payment;
      ALTER TABLE money_attempt DROP COLUMN system_voucher_id, DROP COLUMN payment_id,
        ALTER COLUMN channel SET NOT NULL;
    `);
  }
}
