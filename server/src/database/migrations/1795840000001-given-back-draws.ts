import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every draw has its give-back. A hold released at its deadline kept the member units and the
 * mini-site balance it drew, and member units never came back at all, cancellations included. Member units and a
 * discount code's uses are counters, so the ledger rows that drew them (member_redemption, membership_discount_use)
 * are marked when they are given back, in the transaction that ends the order: each comes back once.
 */
export class GivenBackDraws1795840000001 implements MigrationInterface {
  name = 'GivenBackDraws1795840000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE member_redemption ADD COLUMN given_back_at timestamptz');
    await q.query('ALTER TABLE membership_discount_use ADD COLUMN given_back_at timestamptz');
    await q.query('CREATE INDEX member_redemption_reservation ON member_redemption (reservation_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX member_redemption_reservation');
    await q.query('ALTER TABLE membership_discount_use DROP COLUMN given_back_at');
    await q.query('ALTER TABLE member_redemption DROP COLUMN given_back_at');
  }
}
