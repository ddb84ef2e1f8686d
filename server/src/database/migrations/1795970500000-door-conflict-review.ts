import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office's door screen lists offline conflicts (two gates let one ticket in while offline) and lets staff
 * mark one reviewed: when and by whom. The scan itself stays as recorded.
 */
export class DoorConflictReview1795970500000 implements MigrationInterface {
  name = 'DoorConflictReview1795970500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE checkin_scan
        ADD COLUMN reviewed_at timestamptz,
        ADD COLUMN reviewed_by int REFERENCES staff_user(id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE checkin_scan DROP COLUMN reviewed_at, DROP COLUMN reviewed_by`);
  }
}
