import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saving a 100,000-seat plan (docs/decisions/040):
 * - `seatplan.document` is kept as `json` (the text, checked as JSON) instead of `jsonb`: nothing queries inside it (it
 *   is read whole, by the designer and the preview), and turning the 16 MB of a stadium into jsonb cost PostgreSQL
 *   about a third of each save's CPU (570-690 ms against 160 ms as json, one insert each, measured side by side);
 * - `seat.group_id` and `seat.zone_id` get indexes: deleting a draft's groups and zones (every save of a draft)
 *   checks that no seat names them (decision 034's statement triggers), which otherwise reads the whole seat table,
 *   every plan's seats, once per statement.
 */
export class SeatPlanDocumentJson1796580000000 implements MigrationInterface {
  name = 'SeatPlanDocumentJson1796580000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE seatplan ALTER COLUMN document TYPE json USING document::json;
      CREATE INDEX seat_by_group ON seat (group_id);
      CREATE INDEX seat_by_zone ON seat (zone_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX seat_by_zone;
      DROP INDEX seat_by_group;
      ALTER TABLE seatplan ALTER COLUMN document TYPE jsonb USING document::jsonb;
    `);
  }
}
