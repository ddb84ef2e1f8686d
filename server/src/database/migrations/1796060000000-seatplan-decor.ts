import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The shapes and texts a seat plan draws under its seats besides the stage (the designer's `decor`, as the storefront's
 * plan carries it: ApiSeatplan.Decor). Written with the plan version, like the stage; null: nothing to draw. The
 * designer's floor-plan image is not stored here (it stays in the draft's document, for staff).
 */
export class SeatplanDecor1796060000000 implements MigrationInterface {
  name = 'SeatplanDecor1796060000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE seatplan ADD COLUMN decor jsonb');
    // Plans already written from a document (uploads, the designer's drafts and versions) draw the decor they have.
    await q.query(`
      UPDATE seatplan
         SET decor = jsonb_build_object('shapes', COALESCE(document->'decor'->'shapes', '[]'::jsonb),
                                        'texts', COALESCE(document->'decor'->'texts', '[]'::jsonb))
       WHERE jsonb_array_length(COALESCE(document->'decor'->'shapes', '[]'::jsonb))
           + jsonb_array_length(COALESCE(document->'decor'->'texts', '[]'::jsonb)) > 0
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE seatplan DROP COLUMN decor');
  }
}
