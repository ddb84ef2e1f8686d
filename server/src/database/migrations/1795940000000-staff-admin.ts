import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff managed from the back office (docs/back-office.md, "Staff"): an account is created without a password or an
 * authenticator; its owner sets both through a one-time setup link (only the token's SHA-256 is kept, with its
 * expiry). Resetting an account clears both and issues a new link. `revision` is the optimistic-concurrency counter.
 */
export class StaffAdmin1795940000000 implements MigrationInterface {
  name = 'StaffAdmin1795940000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE staff_user
        ALTER COLUMN password_hash DROP NOT NULL,
        ALTER COLUMN totp_secret DROP NOT NULL,
        ADD COLUMN revision int NOT NULL DEFAULT 1,
        ADD COLUMN setup_token_hash varchar(64) UNIQUE,
        ADD COLUMN setup_expires_at timestamptz;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE staff_user SET password_hash = '!', totp_secret = '' WHERE password_hash IS NULL OR totp_secret IS NULL;
      ALTER TABLE staff_user
        ALTER COLUMN password_hash SET NOT NULL,
        ALTER COLUMN totp_secret SET NOT NULL,
        DROP COLUMN revision, DROP COLUMN setup_token_hash, DROP COLUMN setup_expires_at;
    `);
  }
}
