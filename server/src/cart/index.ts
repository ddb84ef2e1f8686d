/** The cart context's public entry (docs/architecture.md, "Boundaries"): what other contexts may import. */
// The booking error catalogue and the filter that answers it.
export { BookingError, CouponNeedsMoreTickets } from './booking.errors';
export { BookingErrorFilter } from './booking-error.filter';
// The cart as a request carries it, and its fingerprint (a hold pays the cart it was placed with).
export { cartSchema } from './cart.schema';
export type { ParsedCart } from './cart.schema';
export { cartFingerprint } from './cart-fingerprint';
// The read-only view of the visitor's seat locks.
export { SeatLockReader } from './seat-lock-reader';
