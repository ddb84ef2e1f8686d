/** A product's limits: at most `perOrder` in one order, at most `left` (its stock less what live orders hold). */
export interface ProductLimits {
  /** Null: no per-order limit. */
  perOrder: number | null;
  /** What the stock has left for this order; null: the product has no stock (sold as often as ordered). */
  left: number | null;
}

export type ProductLimitRefusal = 'PRODUCT_PER_ORDER_EXCEEDED' | 'PRODUCT_SOLD_OUT';

/**
 * Why an order may not take `quantity` of a product, or null when it may. The per-order limit first: it is the
 * buyer's to fix in the cart, whatever the stock.
 */
export function productLimitRefusal(limits: ProductLimits, quantity: number): ProductLimitRefusal | null {
  if (limits.perOrder !== null && quantity > limits.perOrder) return 'PRODUCT_PER_ORDER_EXCEEDED';
  if (limits.left !== null && quantity > limits.left) return 'PRODUCT_SOLD_OUT';
  return null;
}
