import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A product's stock (an optional total quantity) and per-order limit, and what each order bought: until now a
 * product was priced and charged but not recorded apart from the order's total. `reservation_product` is what the
 * stock is counted from (the quantities of orders that still have a live ticket), so a cancelled order or a released
 * hold gives its products back by itself, as coupon uses do.
 */
export class ProductStock1796030000001 implements MigrationInterface {
  name = 'ProductStock1796030000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE product
        ADD COLUMN stock int CHECK (stock >= 0),
        ADD COLUMN per_order int CHECK (per_order > 0);
      CREATE TABLE reservation_product (
        reservation_id bigint NOT NULL REFERENCES reservation(id),
        product_id int NOT NULL REFERENCES product(id),
        quantity int NOT NULL CHECK (quantity > 0),
        unit_agorot int NOT NULL CHECK (unit_agorot >= 0),
        PRIMARY KEY (reservation_id, product_id)
      );
      CREATE INDEX reservation_product_product ON reservation_product (product_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE reservation_product;
      ALTER TABLE product DROP COLUMN per_order, DROP COLUMN stock;
    `);
  }
}
