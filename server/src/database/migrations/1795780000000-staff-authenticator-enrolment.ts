import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A staff member replaces their authenticator (docs/back-office.md, "Authenticator enrolment"): the new secret
 * waits here, for a few minutes, until a code from the new app proves it was scanned; only then does it replace
 * the old one. Sign-in never reads the pending secret.
 */
export class StaffAuthenticatorEnrolment1795780000000 implements MigrationInterface {
  name = 'StaffAuthenticatorEnrolment1795780000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE staff_user ADD COLUMN pending_totp_secret varchar(64), ADD COLUMN pending_totp_until timestamptz;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE staff_user DROP COLUMN pending_totp_secret, DROP COLUMN pending_totp_until`);
  }
}
