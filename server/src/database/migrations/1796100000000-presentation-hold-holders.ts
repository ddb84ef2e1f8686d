import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who may place a hold on a date (shared/src/rules/holds/hold-holders.ts): customers with an active membership (what
 * every date had, the default), any signed-in customer, or nobody on the storefront (`box-office`).
 */
export class PresentationHoldHolders1796100000000 implements MigrationInterface {
  name = 'PresentationHoldHolders1796100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE presentation
        ADD COLUMN hold_holders text NOT NULL DEFAULT 'members',
        ADD CONSTRAINT presentation_hold_holders CHECK (hold_holders IN ('members', 'customers', 'box-office'));
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE presentation DROP CONSTRAINT presentation_hold_holders, DROP COLUMN hold_holders;`);
  }
}
