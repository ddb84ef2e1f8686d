import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A show may ask for the rotating ticket code (docs/door-checkin.md, "The rotating code"): its e-tickets show a code
 * that changes every 15 s, and its doors refuse the static codes (a screenshot, a forwarded PDF). Off by default.
 */
export class RotatingTicketCode1796010000000 implements MigrationInterface {
  name = 'RotatingTicketCode1796010000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE presentation ADD COLUMN rotating_code boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE presentation DROP COLUMN rotating_code`);
  }
}
