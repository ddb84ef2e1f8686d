import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The commit's own card charges become money attempts (docs/decisions/015-one-money-attempt.md, step 3): one row per
 * charge of a cart (subject 'cart', the cart identifier), with the quoted sale the recovery loop may finish
 * (sale_draft), under the one state machine and the one index keeping one charge in flight per cart. `payment` keeps
 * only the ledger of what paid for a reservation, inserted by the sale statement: a charge that paid for nothing
 * (declined, failed, refunded) is an attempt, not a payment. The control room's recent failures read the attempts.
 */
export class CartChargesAsMoneyAttempts1796000000000 implements MigrationInterface {
  name = 'CartChargesAsMoneyAttempts1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE money_attempt ADD COLUMN sale_draft jsonb;

      -- Every commit attempt (the rows the commit opened with its quoted sale): what became a sale keeps its ledger
      -- row and its attempt is approved with it (a later cancellation's refund is the cancellation's own attempt).
      INSERT INTO money_attempt (kind, subject_kind, subject_id, channel, method, amount_agorot, provider, provider_key,
                                 provider_reference, idempotency_key, fingerprint, state, error, sale_draft,
                                 recovery_attempts, next_recovery_at, payment_id, created_at, updated_at)
      SELECT 'charge', 'cart', p.cart_identifier, 'online', 'card', p.amount_agorot, p.provider, p.idempotency_key,
             p.provider_reference, p.idempotency_key, 'cart:' || p.cart_identifier,
             CASE WHEN p.reservation_id IS NOT NULL THEN 'approved' ELSE p.status END,
             p.error, p.sale_draft, p.recovery_attempts, p.next_recovery_at,
             CASE WHEN p.reservation_id IS NOT NULL THEN p.id END, p.created_at, p.updated_at
        FROM payment p
       WHERE p.sale_draft IS NOT NULL AND p.idempotency_key IS NOT NULL
       ORDER BY p.id;
      DELETE FROM payment WHERE sale_draft IS NOT NULL AND idempotency_key IS NOT NULL AND reservation_id IS NULL;
      UPDATE payment SET sale_draft = NULL, recovery_attempts = 0, next_recovery_at = NULL WHERE sale_draft IS NOT NULL;

      -- The control room counts a presentation's failed charges of the last minutes every two seconds.
      CREATE INDEX money_attempt_failures_recent ON money_attempt (updated_at)
        WHERE kind = 'charge' AND state IN ('declined', 'failed');
      -- The ledger has no attempts left to find: its in-doubt and failure indexes go (money_attempt_open and the one
      -- above are read instead).
      DROP INDEX payment_in_doubt;
      DROP INDEX payment_failures_recent;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX money_attempt_failures_recent;
      CREATE INDEX payment_failures_recent ON payment (updated_at) WHERE status IN ('declined', 'failed');
      CREATE INDEX payment_in_doubt ON payment (updated_at, id) WHERE status IN ('pending', 'refund_pending');
      INSERT INTO payment (cart_identifier, provider, method, provider_reference, amount_agorot, status,
                           idempotency_key, error, sale_draft, recovery_attempts, next_recovery_at, created_at, updated_at)
      SELECT subject_id, provider, 'card', provider_reference, amount_agorot, state, idempotency_key, error, sale_draft,
             recovery_attempts, next_recovery_at, created_at, updated_at
        FROM money_attempt WHERE subject_kind = 'cart' AND kind = 'charge' AND payment_id IS NULL;
      UPDATE payment p SET sale_draft = a.sale_draft FROM money_attempt a WHERE a.payment_id = p.id AND a.subject_kind = 'cart';
      DELETE FROM money_attempt WHERE subject_kind = 'cart' AND kind = 'charge';
      ALTER TABLE money_attempt DROP COLUMN sale_draft;
    `);
  }
}
