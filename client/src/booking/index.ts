/**
 * The booking flow's building blocks (docs/booking-client.md has the contract).
 * The order page embeds the steps after seat selection; the seat map calls
 * useCart().addSeat / removeSeat (or state/cart-store's useCartStore.getState()) when a lock or an
 * unlock succeeds.
 */
import './booking.css';

export { OrderStepper } from './OrderStepper';
export { OrderTimer } from './OrderTimer';
export { TicketsStep } from './TicketsStep';
export { ProductsStep } from './ProductsStep';
export { OrderSummary } from './OrderSummary';
export { BookingShell } from './BookingShell';
export { useCart, useCartHydration, useCartTotals, useCartCatalogue, useOrderStep, type OrderStep } from './hooks';
export { flushCartSave, installCartSync } from './cart-sync';
export { trackViewItem } from './tracking';
