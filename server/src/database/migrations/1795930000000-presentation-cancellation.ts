import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A date cancelled from the back office (docs/catalogue-admin.md): nothing is deleted. `presentation.cancelled_at`
 * takes it off sale; `presentation_cancellation` is the job's record: who asked, why, how many orders it had, and
 * when the last one was cancelled and refunded. The job works from the orders that still have live tickets for the
 * date, so a run that dies resumes where it stopped and never cancels an order twice.
 */
export class PresentationCancellation1795930000000 implements MigrationInterface {
  name = 'PresentationCancellation1795930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE presentation ADD COLUMN cancelled_at timestamptz;
      CREATE TABLE presentation_cancellation (
        presentation_id int PRIMARY KEY REFERENCES presentation(id),
        staff_user_id int REFERENCES staff_user(id),
        reason varchar(500) NOT NULL DEFAULT '',
        requested_at timestamptz NOT NULL DEFAULT now(),
        orders_total int NOT NULL CHECK (orders_total >= 0),
        finished_at timestamptz
      );
      CREATE INDEX presentation_cancellation_open ON presentation_cancellation (requested_at)
        WHERE finished_at IS NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE presentation_cancellation;
      ALTER TABLE presentation DROP COLUMN cancelled_at;
    `);
  }
}
