import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import {
  RegisteredSaleParticipant,
  type ClaimableSale,
  type LimitClaim,
  type SaleInput,
  type SaleOutcome,
  type SaleRefused,
} from '../reservations';
import { PRODUCT_UNITS_HELD_SQL } from '../database/product-stock-sql';

/** A product bought with the tickets, one line per product; `stocked`: its stock is claimed and checked. */
export interface SaleProduct {
  productId: number;
  quantity: number;
  unitAgorot: number;
  stocked: boolean;
}

declare module '../reservations' {
  interface SaleInput {
    /** Products bought with the tickets, one line per product (this participant's payload). */
    products?: SaleProduct[];
  }
}

const idOf = (resource: string): number => Number(resource.slice('product:'.length));

/**
 * Products beside the tickets: what the order bought is recorded with it (`reservation_product`), and a product with
 * a stock is claimed before money moves like every other limit (limit-claims.ts) and re-checked under its row lock
 * in the sale. The stock is counted from live orders, so cancellations and released holds give it back by themselves.
 */
@Injectable()
export class ProductSaleParticipant extends RegisteredSaleParticipant {
  readonly name = 'products';
  readonly order = 25;

  applies(sale: SaleInput): boolean {
    return (sale.products?.length ?? 0) > 0;
  }

  claimsOf(sale: ClaimableSale): LimitClaim[] {
    return (sale.products ?? [])
      .filter((p) => p.stocked)
      .sort((a, b) => a.productId - b.productId)
      .map((p) => ({ resource: `product:${p.productId}`, units: p.quantity }));
  }

  /**
   * Units left: the stock less what live orders hold. Two statements on purpose (as for coupons): the count is read
   * after the lock is granted, so it sees the sale it waited for.
   */
  async remaining(runner: QueryRunner, resources: string[]): Promise<Map<string, number>> {
    const ids = resources.map(idOf);
    const stocks: { id: number; stock: number | null }[] = await runner.query(
      'SELECT id, stock FROM product WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
      [ids],
    );
    const held: { id: number; n: number }[] = await runner.query(PRODUCT_UNITS_HELD_SQL, [ids]);
    const heldOf = new Map(held.map((h) => [h.id, h.n]));
    return new Map(
      stocks.map((s) => [
        `product:${s.id}`,
        s.stock === null ? Number.POSITIVE_INFINITY : s.stock - (heldOf.get(s.id) ?? 0),
      ]),
    );
  }

  refusalFor(resource: string): SaleRefused {
    return { ok: false, reason: 'PRODUCT_SOLD_OUT', detail: resource.slice('product:'.length) };
  }

  async after(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null> {
    const lines = sale.products ?? [];
    await runner.query(
      `INSERT INTO reservation_product (reservation_id, product_id, quantity, unit_agorot)
       SELECT $1::bigint, l.product_id, l.quantity, l.unit FROM unnest($2::int[], $3::int[], $4::int[]) AS l(product_id, quantity, unit)`,
      [reservationId, lines.map((l) => l.productId), lines.map((l) => l.quantity), lines.map((l) => l.unitAgorot)],
    );
    return null;
  }
}
