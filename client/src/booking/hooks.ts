import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { useLocale } from '../hooks/useLocale';
import { useCartStore } from './cart-store';
import { cartTotals, presentationIdsOf, type CartTotals } from './cart-logic';
import { hydrateCart, installCartSync } from './cart-sync';
import { pricingOf, productOf, serviceChargeOf, useBookingCatalogue, type CatalogueEntry } from './catalogue-store';

/**
 * The cart for components and for the seat map:
 *   const { seats, addSeat, removeSeat } = useCart();
 * addSeat / removeSeat are stable; outside React use `useCartStore.getState()`.
 */
export function useCart() {
  useEffect(() => installCartSync(), []);
  return useCartStore(
    useShallow((s) => ({
      seats: s.seats,
      products: s.products,
      vouchers: s.vouchers,
      ticketCodes: s.ticketCodes,
      customerInfo: s.customerInfo,
      numberOfPayments: s.numberOfPayments,
      cartIdentifier: s.cartIdentifier,
      resId: s.resId,
      hydration: s.hydration,
      lastOrder: s.lastOrder,
      addSeat: s.addSeat,
      removeSeat: s.removeSeat,
      removePresentation: s.removePresentation,
      chooseTicket: s.chooseTicket,
      setProductQuantity: s.setProductQuantity,
      removeCode: s.removeCode,
      addVoucher: s.addVoucher,
      removeVoucher: s.removeVoucher,
      setCustomerInfo: s.setCustomerInfo,
      setNumberOfPayments: s.setNumberOfPayments,
      clear: s.clear,
    })),
  );
}

/** Restores a saved cart on a fresh page (GET /api/reservations/:resId); returns whether it is ready. */
export function useCartHydration(): boolean {
  const hydration = useCartStore((s) => s.hydration);
  useEffect(() => {
    void hydrateCart();
  }, []);
  return hydration === 'done';
}

/** A presentation's details and prices (loaded once, shared by every step). */
export function usePresentationDetails(presentationId: number | null | undefined): CatalogueEntry | undefined {
  const entry = useBookingCatalogue((s) => (presentationId ? s.entries[presentationId] : undefined));
  useEffect(() => {
    if (presentationId) void useBookingCatalogue.getState().ensure(presentationId);
  }, [presentationId]);
  return entry;
}

/** Loads every presentation of the cart; true once all are ready. */
export function useCartCatalogue(): { ready: boolean; failed: number[]; entries: Record<number, CatalogueEntry> } {
  const ids = useCartStore(useShallow((s) => presentationIdsOf(s.seats)));
  const entries = useBookingCatalogue((s) => s.entries);
  useEffect(() => {
    for (const id of ids) void useBookingCatalogue.getState().ensure(id);
  }, [ids]);
  return {
    ready: ids.every((id) => entries[id]?.status === 'ready'),
    failed: ids.filter((id) => entries[id]?.status === 'error'),
    entries,
  };
}

/** The cart's totals in agorot, from the shared rules, recomputed when the cart or prices change. */
export function useCartTotals(): CartTotals {
  const locale = useLocale();
  const { seats, products, vouchers, codedTickets } = useCartStore(
    useShallow((s) => ({ seats: s.seats, products: s.products, vouchers: s.vouchers, codedTickets: s.codedTickets })),
  );
  const entries = useBookingCatalogue((s) => s.entries);
  return useMemo(
    () =>
      cartTotals({
        seats,
        products,
        vouchers,
        pricing: pricingOf,
        coded: codedTickets,
        productPrice: (id) => productOf(entries, id)?.price,
        globalServiceCharge: serviceChargeOf(entries, presentationIdsOf(seats)),
        locale,
      }),
    // entries drives pricingOf as well
    [seats, products, vouchers, codedTickets, entries, locale],
  );
}

export const ORDER_STEPS = ['seats', 'tickets', 'products', 'details', 'payment', 'confirmation'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];
export type OrderPageStep = 'seats' | 'tickets' | 'products';

/**
 * The step inside /order/:presentationId, kept in the URL (?step=tickets) so the
 * browser's back and forward buttons move between steps while the cart stays.
 */
export function useOrderStep(): [OrderPageStep, (step: OrderPageStep, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('step');
  const step: OrderPageStep = raw === 'tickets' || raw === 'products' ? raw : 'seats';
  const goTo = useCallback(
    (next: OrderPageStep, options?: { replace?: boolean }) => {
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next === 'seats') p.delete('step');
          else p.set('step', next);
          return p;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setParams],
  );
  return [step, goTo];
}
