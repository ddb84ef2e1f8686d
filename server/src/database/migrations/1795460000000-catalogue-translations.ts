import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLES = ['feature', 'location', 'venue', 'ticket_group', 'ticket', 'product'];

/**
 * Russian and Arabic for the catalogue: one `translations` jsonb per row,
 * `{ "ru": { "name": …, "description": … }, "ar": { … } }`, next to the Hebrew `name` and English
 * `name_en` columns. Empty by default: a row without a translation shows its English text.
 */
export class CatalogueTranslations1795460000000 implements MigrationInterface {
  name = 'CatalogueTranslations1795460000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of TABLES)
      await q.query(`ALTER TABLE ${table} ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of TABLES) await q.query(`ALTER TABLE ${table} DROP COLUMN translations`);
  }
}
