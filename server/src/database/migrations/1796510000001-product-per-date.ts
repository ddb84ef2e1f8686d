import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A product may be sold with one date only (docs/catalogue-admin.md, "Products"): `presentation_id`, null for every
 * date of its event (or of its venue). The back office writes the date's event in `feature_id` too, so every reader
 * of the older columns still narrows to that event.
 */
export class ProductPerDate1796510000001 implements MigrationInterface {
  name = 'ProductPerDate1796510000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE product ADD COLUMN presentation_id int REFERENCES presentation(id)');
    await q.query('ALTER TABLE product ADD CHECK (presentation_id IS NULL OR feature_id IS NOT NULL)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE product DROP COLUMN presentation_id');
  }
}
