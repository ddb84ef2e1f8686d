/**
 * The booking flow's building blocks (docs/booking-client.md has the contract).
 * The order page embeds the steps after seat selection; the seat map calls
 * useCart().addSeat / removeSeat (or useCartStore.getState()) when a lock or an
 * unlock succeeds.
 */
import './booking.css';

export { OrderStepper, type OrderStepperProps } from './OrderStepper';
export { OrderTimer, ORDER_IDLE_MS, ORDER_TIMER_TICK_MS, type OrderTimerProps } from './OrderTimer';
export { TicketsStep, type TicketsStepProps } from './TicketsStep';
export { ProductsStep, type ProductsStepProps } from './ProductsStep';
export { OrderSummary, type OrderSummaryProps } from './OrderSummary';
export { BookingShell, type BookingShellProps } from './BookingShell';
export { CartButton } from './CartButton';
export {
  useCart,
  useCartHydration,
  useCartTotals,
  useCartCatalogue,
  useOrderStep,
  usePresentationDetails,
  ORDER_STEPS,
  type OrderStep,
  type OrderPageStep,
} from './hooks';
export { flushCartSave, hydrateCart, installCartSync, releaseSeats } from './cart-sync';
export { trackViewItem } from './tracking';
export { useCartStore, type CartSeat, type SeatRef } from '../state/cart-store';
