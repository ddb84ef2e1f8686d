import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On-sales behind the waiting room (docs/waiting-room.md): per presentation, or per
 * feature as the default for each of its presentations (a presentation's own row wins). Queue
 * positions are not here: they live in Redis (AOF); this is the configuration staff set.
 */
export class OnSaleQueue1795710000000 implements MigrationInterface {
  name = 'OnSaleQueue1795710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE on_sale (
        id serial PRIMARY KEY,
        presentation_id int UNIQUE REFERENCES presentation(id) ON DELETE CASCADE,
        feature_id int UNIQUE REFERENCES feature(id) ON DELETE CASCADE,
        enabled boolean NOT NULL DEFAULT true,
        sale_starts_at timestamptz NOT NULL,
        max_active int NOT NULL CHECK (max_active BETWEEN 1 AND 1000000),
        admit_per_minute int NOT NULL CHECK (admit_per_minute BETWEEN 1 AND 1000000),
        shopping_minutes int NOT NULL CHECK (shopping_minutes BETWEEN 1 AND 240),
        updated_by int REFERENCES staff_user(id),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((presentation_id IS NULL) <> (feature_id IS NULL))
      )
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE on_sale');
  }
}
