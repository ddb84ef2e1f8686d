import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Russian and Arabic section names of a seat plan (the map's section names in all four languages), in the
 * same `translations` jsonb the catalogue rows carry (`{ "ru": { "name": … }, "ar": { … } }`). The stage label's
 * Russian and Arabic live in the seat plan's `stage` jsonb (`labelRu`, `labelAr`) and need no column.
 */
export class SectionTranslations1795600000000 implements MigrationInterface {
  name = 'SectionTranslations1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE section ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE section DROP COLUMN translations');
  }
}
