import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A date's sale window: sales open at / close at (instants; the back office takes Israel time). Null on either side:
 * no limit there, as every date had before. The storefront shows a date outside its window as not yet on sale or
 * sales closed, and the seat engine's public locks and the commit refuse it (shared/src/rules/catalogue/sale-window.ts).
 */
export class PresentationSaleWindow1796030000000 implements MigrationInterface {
  name = 'PresentationSaleWindow1796030000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE presentation
        ADD COLUMN sales_open_at timestamptz,
        ADD COLUMN sales_close_at timestamptz,
        ADD CONSTRAINT presentation_sale_window CHECK (sales_close_at > sales_open_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE presentation DROP CONSTRAINT presentation_sale_window, DROP COLUMN sales_close_at,
        DROP COLUMN sales_open_at;
    `);
  }
}
