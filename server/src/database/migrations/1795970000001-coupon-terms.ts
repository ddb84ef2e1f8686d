import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A coupon's terms beside its cap (the ticket's balance): switched on or off, a window of validity, the channels it is
 * for, and how many seats one order may put on it. The commit checks them before any money moves
 * (shared/src/rules/catalogue/coupon-terms.ts); existing coupons keep no terms (on, always, everywhere, no per-order
 * limit).
 */
export class CouponTerms1795970000001 implements MigrationInterface {
  name = 'CouponTerms1795970000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE ticket
        ADD COLUMN code_active boolean NOT NULL DEFAULT true,
        ADD COLUMN code_valid_from timestamptz,
        ADD COLUMN code_valid_until timestamptz,
        ADD COLUMN code_channels text[],
        ADD COLUMN code_per_order int CHECK (code_per_order > 0),
        ADD CONSTRAINT ticket_code_window CHECK (code_valid_until > code_valid_from);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE ticket DROP CONSTRAINT ticket_code_window, DROP COLUMN code_per_order, DROP COLUMN code_channels,
        DROP COLUMN code_valid_until, DROP COLUMN code_valid_from, DROP COLUMN code_active;
    `);
  }
}
