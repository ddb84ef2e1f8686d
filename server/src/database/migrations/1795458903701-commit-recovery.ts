import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The commit saga's persisted state (docs/booking.md, "Commit saga and recovery"):
 *  - payment.sale_draft: what the sale will write (priced tickets, vouchers, coupons,
 *    customer, messages), stored with the pending card payment BEFORE the charge, so
 *    the recovery job can finish the sale after the node that charged died;
 *  - payment.recovery_attempts / next_recovery_at: the recovery job's lease and back-off;
 *  - sandbox_charge: one charge per card authorisation (single use, capped at the form).
 */
export class CommitRecovery1795458903701 implements MigrationInterface {
  name = 'CommitRecovery1795458903701';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE payment
        ADD COLUMN sale_draft jsonb,
        ADD COLUMN recovery_attempts int NOT NULL DEFAULT 0,
        ADD COLUMN next_recovery_at timestamptz;
      -- The recovery job's scan: in-doubt card attempts and refunds still owed. Small (only open money).
      CREATE INDEX payment_in_doubt ON payment (updated_at, id) WHERE status IN ('pending', 'refund_pending');
      -- A card authorisation pays for at most one charge (whatever the idempotency key).
      CREATE UNIQUE INDEX sandbox_charge_authorisation ON sandbox_charge (authorisation_token);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX sandbox_charge_authorisation;
      DROP INDEX payment_in_doubt;
      ALTER TABLE payment DROP COLUMN next_recovery_at, DROP COLUMN recovery_attempts, DROP COLUMN sale_draft;
    `);
  }
}
