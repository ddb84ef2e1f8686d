/** The cart context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// The booking error catalogue and the filter that answers it.
export { BookingError, CouponNeedsMoreTickets } from './booking.errors';
export type { BookingErrorCode } from './booking.errors';
export { BookingErrorFilter } from './booking-error.filter';
// The cart as a request carries it, its stored form, and its fingerprint (a hold pays the cart it was placed with).
export { cartSchema, storableCart } from './cart.schema';
export type { ParsedCart } from './cart.schema';
export { cartFingerprint } from './cart-fingerprint';
// The read-only view of the visitor's seat locks.
export { SeatLockReader } from './seat-lock-reader';
export type { SeatHold } from './seat-lock-reader';
// The saved carts the commit reads and writes, and the identifiers a cart and its reservation are created with.
export { CartRepository } from './cart.repository';
export type { CartRow } from './cart.repository';
export { newCartIdentifier, newResId } from './cart-ids';
