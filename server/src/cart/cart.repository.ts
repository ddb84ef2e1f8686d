import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Cart, CartStatus } from '@hotline/shared';
import { PreparedSql } from '../database/prepared-sql';

export interface CartRow {
  id: string;
  cartIdentifier: string;
  resId: string;
  visitorId: string;
  cart: Cart;
  status: CartStatus;
  reservationId: string | null;
  result: Record<string, unknown> | null;
  reservationIdentifier: string | null;
}

interface DbCartRow {
  id: string;
  cart_identifier: string;
  res_id: string;
  visitor_id: string;
  cart: Cart;
  status: CartStatus;
  reservation_id: string | null;
  result: Record<string, unknown> | null;
  reservation_identifier: string | null;
}

const toRow = (r: DbCartRow): CartRow => ({
  id: String(r.id),
  cartIdentifier: r.cart_identifier,
  resId: r.res_id,
  visitorId: r.visitor_id,
  cart: r.cart,
  status: r.status,
  reservationId: r.reservation_id === null ? null : String(r.reservation_id),
  result: r.result,
  reservationIdentifier: r.reservation_identifier,
});

const SELECT = `SELECT c.id, c.cart_identifier, c.res_id, c.visitor_id, c.cart, c.status, c.reservation_id, c.result,
                       r.identifier AS reservation_identifier
                  FROM cart c LEFT JOIN reservation r ON r.id = c.reservation_id`;

/** The cart table's only door. A cart belongs to one visitor and is the idempotency anchor of its commit. */
@Injectable()
export class CartRepository {
  private readonly sql: PreparedSql;

  constructor(private readonly db: DataSource) {
    this.sql = new PreparedSql(db);
  }

  /**
   * Creates the cart, or replaces the contents of the visitor's open cart with
   * this identifier. Returns null when the identifier exists but is someone
   * else's or no longer open (the caller looks up why).
   */
  async upsert(
    cartIdentifier: string,
    resId: string,
    visitorId: string,
    cart: Cart,
  ): Promise<{ cartIdentifier: string; resId: string } | null> {
    const rows: { cart_identifier: string; res_id: string }[] = await this.db.query(
      `INSERT INTO cart (cart_identifier, res_id, visitor_id, cart) VALUES ($1, $2, $3, $4)
       ON CONFLICT (cart_identifier) DO UPDATE SET cart = EXCLUDED.cart, updated_at = now()
        WHERE cart.visitor_id = EXCLUDED.visitor_id AND cart.status = 'open'
       RETURNING cart_identifier, res_id`,
      [cartIdentifier, resId, visitorId, JSON.stringify(cart)],
    );
    return rows[0] ? { cartIdentifier: rows[0].cart_identifier, resId: rows[0].res_id } : null;
  }

  async byResId(resId: string): Promise<CartRow | null> {
    const rows: DbCartRow[] = await this.db.query(`${SELECT} WHERE c.res_id = $1`, [resId]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  async byIdentifier(cartIdentifier: string): Promise<CartRow | null> {
    const rows = await this.sql.query<DbCartRow>('cart_by_identifier', `${SELECT} WHERE c.cart_identifier = $1`, [
      cartIdentifier,
    ]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** The attempt ended without a sale and without money kept: the cart may be paid again. */
  async release(cartId: string): Promise<void> {
    await this.sql.query(
      'cart_release',
      `UPDATE cart SET status = 'open', attempt_started_at = NULL, updated_at = now() WHERE id = $1 AND status = 'paying'`,
      [cartId],
    );
  }

  /** Paid, but the seats (or a voucher/coupon) were lost and the money returned: final, replayed to retries. */
  async markRefunded(cartId: string, result: Record<string, unknown>): Promise<void> {
    // Only from 'paying': a cart another attempt has paid keeps its sale.
    await this.db.query(
      `UPDATE cart SET status = 'refunded', result = $2, updated_at = now() WHERE id = $1 AND status = 'paying'`,
      [cartId, JSON.stringify(result)],
    );
  }
}
