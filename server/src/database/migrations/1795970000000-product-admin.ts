import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Products from the back office: a venue switches one off without deleting it (sold lines keep referring to it),
 * sells one with a single event's dates only, and edits name the revision they saw (like every catalogue row).
 * Existing products stay active, for every event, at revision 1.
 */
export class ProductAdmin1795970000000 implements MigrationInterface {
  name = 'ProductAdmin1795970000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE product
        ADD COLUMN active boolean NOT NULL DEFAULT true,
        ADD COLUMN feature_id int REFERENCES feature(id),
        ADD COLUMN revision int NOT NULL DEFAULT 1;
      CREATE INDEX product_location ON product (location_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX product_location;
      ALTER TABLE product DROP COLUMN revision, DROP COLUMN feature_id, DROP COLUMN active;
    `);
  }
}
