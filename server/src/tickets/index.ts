/** The tickets context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// The price list (ticket rows) a quote and the pricing read.
export { TicketsRepository } from './tickets.repository';
export type { ProductRow, TicketRow } from './tickets.repository';
// How many of a cart's seats a coupon ticket may pay for (its uses left and eligible seats).
export { assertCouponTerms, seatsCouponAllows } from './coupon-check';
// The payloads the tickets context's sale participants add to a sale (products with their stock, channel quotas).
export type { SaleProduct } from './product-sale.participant';
export type { SaleQuota } from './channel-quota-sale.participant';
