import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A price zone's name in Russian and Arabic (`{"ru": {"name": …}, "ar": {"name": …}}`, as sections and ticket groups
 * keep theirs): a seat-plan file may give them, and a date's ticket groups, named after their zones, take them, so a
 * buyer reading Russian or Arabic no longer sees the zone's English name.
 */
export class ZoneTranslations1795945000000 implements MigrationInterface {
  name = 'ZoneTranslations1795945000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE zone ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE zone DROP COLUMN translations`);
  }
}
