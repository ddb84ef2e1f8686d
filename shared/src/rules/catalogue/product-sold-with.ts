/**
 * Where and with what a product is sold: at its location (null: everywhere), with its event's dates (null: every
 * event) or with one date only (null: every date of the event), while it is active.
 */
export interface ProductScope {
  active: boolean;
  locationId: number | null;
  featureId: number | null;
  presentationId: number | null;
}

/** The dates an order is for: their locations, events and ids. */
export interface OrderDates {
  locationIds: ReadonlySet<number>;
  featureIds: ReadonlySet<number>;
  presentationIds: ReadonlySet<number>;
}

/** Whether an order for these dates may buy the product (the commit prices it only then; the date's page lists it). */
export function productSoldWith(product: ProductScope, order: OrderDates): boolean {
  return (
    product.active &&
    (product.locationId === null || order.locationIds.has(product.locationId)) &&
    (product.featureId === null || order.featureIds.has(product.featureId)) &&
    (product.presentationId === null || order.presentationIds.has(product.presentationId))
  );
}
