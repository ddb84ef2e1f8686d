import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Names the CHECKs behind the sale's unconditional draws of a discount code's uses and a mini-site ticket's balance
 * (docs/decisions/017-sale-statement-in-parts.md): the sale maps a violation to its refusal by the constraint's name,
 * and PostgreSQL had named them after the table (`membership_discount_code_check1`, next to an unrelated `_check`).
 * Renamed, found by what they check, so a database whose generated names differ ends the same.
 */
export class SaleCounterCheckNames1796200000000 implements MigrationInterface {
  name = 'SaleCounterCheckNames1796200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(renamed('membership_discount_code', 'used_count', 'membership_discount_code_uses_left'));
    await q.query(renamed('mini_site_ticket', 'balance', 'mini_site_ticket_balance_left'));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      'ALTER TABLE membership_discount_code RENAME CONSTRAINT membership_discount_code_uses_left TO membership_discount_code_check1',
    );
    await q.query(
      'ALTER TABLE mini_site_ticket RENAME CONSTRAINT mini_site_ticket_balance_left TO mini_site_ticket_balance_check',
    );
  }
}

/** The table's one CHECK that names `column` (a CHECK over the counter), renamed to `to`. */
function renamed(table: string, column: string, to: string): string {
  return `DO $$
    DECLARE found text;
    BEGIN
      SELECT conname INTO STRICT found FROM pg_constraint
       WHERE conrelid = '${table}'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) ~ '\\m${column}\\M';
      EXECUTE format('ALTER TABLE ${table} RENAME CONSTRAINT %I TO ${to}', found);
    END $$`;
}
