/**
 * What a product's stock has given out: the quantities of the orders that still have a live ticket (a cancelled
 * order or a released hold has none, so its products come back by themselves, exactly once, like coupon uses).
 * `$1`: the product ids.
 */
export const PRODUCT_UNITS_HELD_SQL = `
  SELECT rp.product_id AS id, sum(rp.quantity)::int AS n FROM reservation_product rp
   WHERE rp.product_id = ANY($1::int[])
     AND EXISTS (SELECT 1 FROM reservation_ticket rt WHERE rt.reservation_id = rp.reservation_id AND rt.status = 'live')
   GROUP BY rp.product_id`;
