import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events and dates a venue manages itself (docs/catalogue-admin.md). An event belongs to a business (the staff who
 * may edit it) and may carry an age limit; a date is a draft, invisible to buyers and refused by the seat engine,
 * until it is published; an event is shown once one of its dates is. Rows written without naming `published_at`
 * (everything before this, the demo's own extras) are published as they are written: only the back office writes
 * drafts, and says so. `revision` is the optimistic-concurrency counter every edit names.
 */
export class EventsAndDatesAdmin1795920000000 implements MigrationInterface {
  name = 'EventsAndDatesAdmin1795920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE feature
        ADD COLUMN business_id int,
        ADD COLUMN age_limit int CHECK (age_limit BETWEEN 0 AND 21),
        ADD COLUMN revision int NOT NULL DEFAULT 1,
        ADD COLUMN published_at timestamptz DEFAULT now();
      UPDATE feature f SET published_at = now(),
        business_id = coalesce((SELECT min(p.business_id) FROM presentation p WHERE p.feature_id = f.id),
                               (SELECT min(l.business_id) FROM location l), 1);
      ALTER TABLE feature ALTER COLUMN business_id SET NOT NULL;
      ALTER TABLE presentation
        ADD COLUMN revision int NOT NULL DEFAULT 1,
        ADD COLUMN published_at timestamptz DEFAULT now();
      UPDATE presentation SET published_at = now();
      CREATE INDEX presentation_venue_time ON presentation (venue_id, date_time);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX presentation_venue_time;
      ALTER TABLE presentation DROP COLUMN revision, DROP COLUMN published_at;
      ALTER TABLE feature DROP COLUMN business_id, DROP COLUMN age_limit, DROP COLUMN revision,
        DROP COLUMN published_at;
    `);
  }
}
