import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What kind of place a venue is: the back office's capacity report is headed "by cinema", "by hall",
 * "by stadium" or "by arena" after the venues it lists, and "by venue" when they are mixed - no longer "cinema" for
 * a stadium. Venues that exist already are a hall unless their code says otherwise (the demo's cinema, arena and
 * stadium); a real box office sets its own.
 */
export class VenueKind1795820000001 implements MigrationInterface {
  name = 'VenueKind1795820000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE venue ADD COLUMN kind varchar NOT NULL DEFAULT 'hall'
        CHECK (kind IN ('cinema', 'hall', 'stadium', 'arena'));
      UPDATE venue SET kind = code WHERE code IN ('cinema', 'stadium', 'arena');
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE venue DROP COLUMN kind');
  }
}
