import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A date's hold policy (shared/src/rules/holds/hold-policy.ts): whether hold orders may take its seats, how many
 * minutes before the start an unpaid hold is released, and at most how long a hold lives from its placing (null:
 * until that deadline). The defaults are what every date had before: allowed, 30 minutes, no limit.
 */
export class PresentationHoldPolicy1796040000000 implements MigrationInterface {
  name = 'PresentationHoldPolicy1796040000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE presentation
        ADD COLUMN holds_allowed boolean NOT NULL DEFAULT true,
        ADD COLUMN hold_release_minutes int NOT NULL DEFAULT 30,
        ADD COLUMN hold_max_minutes int,
        ADD CONSTRAINT presentation_hold_release_minutes CHECK (hold_release_minutes BETWEEN 0 AND 20160),
        ADD CONSTRAINT presentation_hold_max_minutes CHECK (hold_max_minutes BETWEEN 15 AND 20160);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE presentation DROP CONSTRAINT presentation_hold_max_minutes,
        DROP CONSTRAINT presentation_hold_release_minutes, DROP COLUMN hold_max_minutes,
        DROP COLUMN hold_release_minutes, DROP COLUMN holds_allowed;
    `);
  }
}
