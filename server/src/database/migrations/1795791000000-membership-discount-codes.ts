import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Membership discount codes (docs/memberships.md, "Discount code"): a percentage or a fixed amount off a
 * membership's price, valid for the memberships listed (none listed: every membership), between optional dates,
 * with an optional use limit. `used_count` is drawn down inside the sale's transaction by one conditional UPDATE;
 * the CHECK backs it up. `membership_discount_use` records the code on the sale it was used in.
 */
export class MembershipDiscountCodes1795791000000 implements MigrationInterface {
  name = 'MembershipDiscountCodes1795791000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE membership_discount_code (
        id serial PRIMARY KEY,
        code varchar(40) NOT NULL,
        name varchar(200) NOT NULL,
        kind varchar(10) NOT NULL CHECK (kind IN ('percent', 'amount')),
        value integer NOT NULL CHECK (value > 0 AND (kind <> 'percent' OR value <= 100)),
        membership_ids integer[] NOT NULL DEFAULT '{}',
        max_uses integer CHECK (max_uses IS NULL OR max_uses > 0),
        used_count integer NOT NULL DEFAULT 0 CHECK (used_count >= 0 AND (max_uses IS NULL OR used_count <= max_uses)),
        valid_from timestamptz,
        valid_until timestamptz,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX membership_discount_code_code ON membership_discount_code (lower(code));
      CREATE TABLE membership_discount_use (
        id bigserial PRIMARY KEY,
        membership_discount_code_id integer NOT NULL REFERENCES membership_discount_code(id),
        code varchar(40) NOT NULL,
        membership_id integer NOT NULL,
        discount_agorot integer NOT NULL CHECK (discount_agorot >= 0),
        reservation_id bigint NOT NULL REFERENCES reservation(id),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX membership_discount_use_reservation ON membership_discount_use (reservation_id);
      CREATE INDEX membership_discount_use_code ON membership_discount_use (membership_discount_code_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE membership_discount_use; DROP TABLE membership_discount_code`);
  }
}
