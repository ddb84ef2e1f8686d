import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff sign-in refuses known and unknown names the same way. Failures used to be counted on the
 * staff_user row, so a real user name locked (423) after five tries while a made-up one answered 401 for ever: the
 * lockout told names apart. And anyone could lock a staff member out from anywhere. Failures are now counted per
 * (name as typed, client address), known or not, both kept only as digests: the same five tries lock the same way
 * whatever the name, and only from the address that made them (ASVS V6.3: throttle per address first).
 */
export class StaffSignInFailures1795840000002 implements MigrationInterface {
  name = 'StaffSignInFailures1795840000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE staff_sign_in_failure (
        name_key text NOT NULL,
        address_key text NOT NULL,
        failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
        locked_until timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (name_key, address_key)
      );
      CREATE INDEX staff_sign_in_failure_updated ON staff_sign_in_failure (updated_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE staff_sign_in_failure');
  }
}
