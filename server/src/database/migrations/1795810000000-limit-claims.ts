import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Limits claimed before money moves. A commit claims the limited things its cart needs (coupon
 * uses, gift-voucher balance, mini-site balance, reference quantities, discount-code uses, member units) for a short
 * time before the card is charged, the way seats are locked; the sale consumes the claim in its transaction. A
 * buyer who cannot get one is refused before any charge; a crashed node's claim simply expires.
 *
 * `resource` names the limited row ('coupon:12', 'voucher:7', 'mini-site:1:40', 'reference:3', 'discount:2',
 * 'member:9'); `units` is in that resource's unit (seats, agorot, uses).
 */
export class LimitClaims1795810000000 implements MigrationInterface {
  name = 'LimitClaims1795810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE limit_claim (
        resource text NOT NULL,
        cart_identifier uuid NOT NULL,
        units integer NOT NULL CHECK (units > 0),
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (resource, cart_identifier)
      )`);
    await q.query('CREATE INDEX limit_claim_cart ON limit_claim (cart_identifier)');
    await q.query('CREATE INDEX limit_claim_expiry ON limit_claim (expires_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE limit_claim');
  }
}
