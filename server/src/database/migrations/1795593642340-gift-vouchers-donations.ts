import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gift (system) vouchers on sale, their ledger, and donations
 * (docs/vouchers-donations-waivers.md). Additive only: system_voucher
 * gets nullable columns; a voucher's history is the append-only
 * system_voucher_event ledger, written in the same transaction as the change.
 */
export class GiftVouchersDonations1795593642340 implements MigrationInterface {
  name = 'GiftVouchersDonations1795593642340';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      -- A voucher on sale (spec: SystemVoucherId / SystemVoucherClassId, grouped by SystemVoucherSuperClassId).
      CREATE TABLE system_voucher_class (
        id serial PRIMARY KEY,
        super_class_id int NOT NULL DEFAULT 1,
        name varchar NOT NULL,
        name_en varchar NOT NULL,
        description varchar NOT NULL DEFAULT '',
        description_en varchar NOT NULL DEFAULT '',
        -- How long a sold voucher stays valid.
        valid_days int NOT NULL DEFAULT 365 CHECK (valid_days > 0),
        -- Outlets (locations) that sell it and where it pays; NULL = everywhere.
        location_ids int[],
        sale_start timestamptz,
        sale_end timestamptz,
        active boolean NOT NULL DEFAULT true,
        sort int NOT NULL DEFAULT 0
      );
      CREATE TABLE system_voucher_price (
        id serial PRIMARY KEY,
        class_id int NOT NULL REFERENCES system_voucher_class(id),
        -- What the buyer pays, and what the voucher is worth (spec redemptionData: reference and price).
        price_agorot int NOT NULL CHECK (price_agorot > 0),
        value_agorot int NOT NULL CHECK (value_agorot > 0),
        redemption_reference varchar NOT NULL DEFAULT '',
        is_new boolean NOT NULL DEFAULT false,
        active boolean NOT NULL DEFAULT true,
        sort int NOT NULL DEFAULT 0
      );
      CREATE INDEX system_voucher_price_class ON system_voucher_price (class_id);

      ALTER TABLE system_voucher
        ADD COLUMN class_id int REFERENCES system_voucher_class(id),
        ADD COLUMN price_id int REFERENCES system_voucher_price(id),
        -- The order that bought it (NULL: demo or store credit).
        ADD COLUMN reservation_id bigint REFERENCES reservation(id),
        ADD COLUMN starts_at timestamptz,
        ADD COLUMN cancelled_at timestamptz,
        ADD COLUMN replaced_at timestamptz;
      CREATE INDEX system_voucher_reservation ON system_voucher (reservation_id) WHERE reservation_id IS NOT NULL;

      -- Every change of a voucher, with the balance after it: GET /system-vouchers/:ref/history.
      CREATE TABLE system_voucher_event (
        id bigserial PRIMARY KEY,
        system_voucher_id bigint NOT NULL REFERENCES system_voucher(id),
        kind varchar NOT NULL
          CHECK (kind IN ('purchase', 'store_credit', 'redemption', 'recredit', 'cancel', 'replacement')),
        amount_agorot int NOT NULL CHECK (amount_agorot >= 0),
        balance_after_agorot int NOT NULL CHECK (balance_after_agorot >= 0),
        reservation_id bigint REFERENCES reservation(id),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX system_voucher_event_voucher ON system_voucher_event (system_voucher_id, id);

      -- Vouchers that existed before the ledger start with what they hold now.
      INSERT INTO system_voucher_event (system_voucher_id, kind, amount_agorot, balance_after_agorot, created_at)
      SELECT id, CASE WHEN reference LIKE 'CR%' THEN 'store_credit' ELSE 'purchase' END, initial_agorot, balance_agorot, created_at
        FROM system_voucher;

      CREATE TABLE donation (
        id serial PRIMARY KEY,
        code varchar NOT NULL UNIQUE,
        name varchar NOT NULL,
        name_en varchar NOT NULL,
        description varchar NOT NULL DEFAULT '',
        description_en varchar NOT NULL DEFAULT '',
        min_custom_agorot int NOT NULL DEFAULT 100 CHECK (min_custom_agorot > 0),
        max_custom_agorot int NOT NULL DEFAULT 10000000 CHECK (max_custom_agorot >= min_custom_agorot),
        active boolean NOT NULL DEFAULT true,
        sort int NOT NULL DEFAULT 0
      );
      CREATE TABLE donation_detail (
        id serial PRIMARY KEY,
        donation_id int NOT NULL REFERENCES donation(id),
        -- A preset amount, or NULL on the custom option (the donor types the amount).
        amount_agorot int CHECK (amount_agorot > 0),
        is_custom boolean NOT NULL DEFAULT false,
        sort int NOT NULL DEFAULT 0,
        CHECK (is_custom = (amount_agorot IS NULL))
      );
      CREATE INDEX donation_detail_donation ON donation_detail (donation_id);
      CREATE TABLE reservation_donation (
        id bigserial PRIMARY KEY,
        reservation_id bigint NOT NULL REFERENCES reservation(id),
        donation_id int NOT NULL REFERENCES donation(id),
        donation_detail_id int NOT NULL REFERENCES donation_detail(id),
        quantity int NOT NULL CHECK (quantity > 0),
        unit_agorot int NOT NULL CHECK (unit_agorot > 0),
        -- Receipt number, unique per donation line.
        receipt_number varchar NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX reservation_donation_reservation ON reservation_donation (reservation_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE reservation_donation; DROP TABLE donation_detail; DROP TABLE donation;
      DROP TABLE system_voucher_event;
      ALTER TABLE system_voucher DROP COLUMN replaced_at, DROP COLUMN cancelled_at, DROP COLUMN starts_at,
        DROP COLUMN reservation_id, DROP COLUMN price_id, DROP COLUMN class_id;
      DROP TABLE system_voucher_price; DROP TABLE system_voucher_class;
    `);
  }
}
