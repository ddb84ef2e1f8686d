import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A simulated line for the demo. With the real demo on-sale a visitor is admitted at once, so
 * nobody ever sees the waiting page with a place, an estimate and a countdown. `demo_line_ahead` > 0 marks an
 * on-sale as demo data: whoever joins finds at least that many synthetic entries ahead (`demo:<n>` in Redis), which
 * leave the head at the admission rate like real shoppers but never shop. Staff cannot set it (the seed does), so a
 * real on-sale never has one.
 */
export class OnSaleDemoLine1795830000000 implements MigrationInterface {
  name = 'OnSaleDemoLine1795830000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE on_sale ADD COLUMN demo_line_ahead integer NOT NULL DEFAULT 0
         CHECK (demo_line_ahead BETWEEN 0 AND 10000)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE on_sale DROP COLUMN demo_line_ahead');
  }
}
