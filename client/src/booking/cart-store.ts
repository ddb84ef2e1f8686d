import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { presentationsToRemoveOnSelect, type CustomerDetailsInput, type RestoreCartResponse } from '@hotline/shared';
import {
  applyCodedTicket,
  chooseTicket,
  codedTicketsFromWire,
  codesInUse,
  normaliseSeats,
  removeCodedTicket,
  sameSeat,
  seatFromWire,
  type CartProduct,
  type CartSeat,
  type CartVoucher,
  type SeatRef,
  type TicketChangeResult,
  type TicketInfo,
} from './cart-logic';
import { pricingOf, useBookingCatalogue } from './catalogue-store';
import type { ConfirmedShow } from './confirmed-shows';

/**
 * The visitor's cart (storefront-spec.md section 3 "Cart"). The rules live in
 * booking/cart-logic.ts; this store only holds the state and applies them.
 * Saving it to the server (POST /api/cart), restoring it, analytics and seat
 * release are wired in booking/cart-sync.ts through `cartEffects`.
 *
 * The seat map calls `addSeat` when a lock succeeds and `removeSeat` when an
 * unlock succeeds (see docs/booking-client.md).
 */
export type { CartSeat, CartProduct, SeatRef } from './cart-logic';

/** What the confirmation page shows after a successful commit. */
export interface CompletedOrder {
  reservationIdentifier: string;
  documentKey: string;
  ticketIdentifiers: string[];
  /** Shekels. */
  total: number;
  charged: number;
  email: string | null;
  presentationIds: number[];
  at: string;
  /** Show, date, venue and seats of each show bought (absent in orders kept by an older version). */
  shows?: ConfirmedShow[];
}

export interface CartState {
  seats: CartSeat[];
  products: CartProduct[];
  vouchers: CartVoucher[];
  /** Coupon and voucher-ticket codes the visitor entered. */
  ticketCodes: string[];
  /** Coded tickets fetched by code, by ticket id. */
  codedTickets: Record<number, TicketInfo>;
  customerInfo: CustomerDetailsInput | null;
  /** Instalments; spec default 1. */
  numberOfPayments: number;
  miniSiteUrl: string | null;
  isHold: boolean;
  /** From POST /api/cart: the commit's idempotency anchor. */
  cartIdentifier: string | null;
  /** From POST /api/cart: /cart/{resId} restores this cart. */
  resId: string | null;
  lastOrder: CompletedOrder | null;
  /** 'restoring' while GET /api/reservations/:resId is in flight. */
  hydration: 'idle' | 'restoring' | 'done';
}

export interface CartActions {
  /** The seat map: a lock succeeded. The seat gets the default ticket if it has none. */
  addSeat: (seat: CartSeat) => void;
  /** The seat map: an unlock succeeded (or the hold expired). */
  removeSeat: (match: SeatRef) => void;
  /** Spec section 4: removing a presentation unselects its seats. */
  removePresentation: (presentationId: number) => void;
  /** A seat moved (a general-admission place re-taken after its hold ended). */
  updateSeat: (match: SeatRef, patch: Partial<CartSeat>) => void;
  /** Re-applies the ticket rules (after ticket groups load). */
  normalise: () => void;
  chooseTicket: (seat: SeatRef, ticketId: number) => TicketChangeResult;
  /** Puts a coded ticket on up to `quantity` seats; returns how many took it. */
  applyCodedTicket: (presentationId: number, ticket: TicketInfo, quantity: number) => number;
  removeCode: (code: string) => void;
  setProductQuantity: (id: number, quantity: number) => void;
  addVoucher: (voucher: CartVoucher) => void;
  removeVoucher: (id: number) => void;
  setCustomerInfo: (info: CustomerDetailsInput | null) => void;
  setNumberOfPayments: (n: number) => void;
  setSaved: (saved: { cartIdentifier: string; resId: string }) => void;
  setHydration: (h: CartState['hydration']) => void;
  /**
   * Replaces the cart with a restored one (GET /api/reservations/:resId).
   * `keepSeats`: seats the page added while the restore was in flight stay.
   */
  restore: (r: RestoreCartResponse, options?: { keepSeats?: boolean }) => void;
  /** After a successful commit: the cart is empty, the confirmation remembered. */
  completeOrder: (order: CompletedOrder) => void;
  clear: () => void;
}

export const emptyCart = (): CartState => ({
  seats: [],
  products: [],
  vouchers: [],
  ticketCodes: [],
  codedTickets: {},
  customerInfo: null,
  numberOfPayments: 1,
  miniSiteUrl: null,
  isHold: false,
  cartIdentifier: null,
  resId: null,
  lastOrder: null,
  hydration: 'idle',
});

/**
 * Side effects the store triggers but does not own (set by booking/cart-sync.ts):
 * releasing seats the rules deselected, analytics. No-ops until installed, so the
 * store is usable in unit tests and before the booking code loads.
 */
export const cartEffects: {
  seatAdded: (seat: CartSeat) => void;
  seatsDropped: (seats: CartSeat[]) => void;
  productAdded: (id: number, quantity: number) => void;
} = {
  seatAdded: () => undefined,
  seatsDropped: () => undefined,
  productAdded: () => undefined,
};

const MAX_PRODUCT_QUANTITY = 50;

export const useCartStore = create<CartState & CartActions>()(
  immer((set, get) => {
    /** Runs the ticket rules over the seats; seats without any ticket leave the cart (and are released). */
    const normaliseDraft = (state: CartState): CartSeat[] => {
      const { seats, withoutTicket } = normaliseSeats(state.seats, pricingOf, state.codedTickets);
      state.seats = seats;
      state.ticketCodes = codesInUse(state.ticketCodes, seats);
      return withoutTicket;
    };
    const withDropped = (fn: (state: CartState) => void) => {
      let dropped: CartSeat[] = [];
      set((state) => {
        fn(state);
        dropped = normaliseDraft(state);
        if (dropped.length) state.seats = state.seats.filter((s) => !dropped.some((d) => sameSeat(d, s)));
      });
      if (dropped.length) cartEffects.seatsDropped(dropped);
    };

    return {
      ...emptyCart(),
      addSeat: (seat) => {
        if (get().seats.some((s) => sameSeat(s, seat))) return;
        withDropped((state) => {
          state.lastOrder = null;
          state.seats.push({ ...seat, previousTicketId: seat.previousTicketId ?? null });
        });
        void useBookingCatalogue
          .getState()
          .ensure(seat.prsntId)
          .then(() => {
            // A single-event video-on-demand show takes the cart alone (shared presentationsToRemoveOnSelect).
            const entries = useBookingCatalogue.getState().entries;
            const typeOf = (id: number) => ({ id, venueTypeId: entries[id]?.presentation?.venueTypeId ?? 0 });
            const inCart = [...new Set(get().seats.map((s) => s.prsntId))].map(typeOf);
            for (const id of presentationsToRemoveOnSelect(inCart, typeOf(seat.prsntId))) get().removePresentation(id);
            get().normalise();
          });
        cartEffects.seatAdded(seat);
      },
      removeSeat: (match) =>
        withDropped((state) => {
          state.seats = state.seats.filter((s) => !sameSeat(s, match));
        }),
      removePresentation: (presentationId) =>
        withDropped((state) => {
          state.seats = state.seats.filter((s) => s.prsntId !== presentationId);
        }),
      updateSeat: (match, patch) =>
        withDropped((state) => {
          const seat = state.seats.find((s) => sameSeat(s, match));
          if (seat) Object.assign(seat, patch);
        }),
      normalise: () => withDropped(() => undefined),
      chooseTicket: (seat, ticketId) => {
        const state = get();
        const index = state.seats.findIndex((s) => sameSeat(s, seat));
        const result = chooseTicket(state.seats, index, ticketId, pricingOf, state.codedTickets);
        if (result.ok) withDropped((draft) => void (draft.seats = result.seats));
        return result;
      },
      applyCodedTicket: (presentationId, ticket, quantity) => {
        const state = get();
        const coded = { ...state.codedTickets, [ticket.id]: ticket };
        const r = applyCodedTicket(state.seats, presentationId, ticket, quantity, pricingOf, coded);
        if (r.applied === 0) return 0;
        withDropped((draft) => {
          draft.codedTickets[ticket.id] = ticket;
          draft.seats = r.seats;
          if (ticket.code && !draft.ticketCodes.some((c) => c.toLowerCase() === ticket.code!.toLowerCase()))
            draft.ticketCodes.push(ticket.code);
        });
        return r.applied;
      },
      removeCode: (code) =>
        withDropped((state) => {
          state.seats = removeCodedTicket(state.seats, code);
          state.ticketCodes = state.ticketCodes.filter((c) => c.toLowerCase() !== code.toLowerCase());
          for (const [id, t] of Object.entries(state.codedTickets)) {
            if (t.code && t.code.toLowerCase() === code.toLowerCase()) delete state.codedTickets[Number(id)];
          }
        }),
      setProductQuantity: (id, quantity) => {
        const safe = Math.min(MAX_PRODUCT_QUANTITY, Math.max(0, Math.floor(quantity)));
        const before = get().products.find((p) => p.id === id)?.quantity ?? 0;
        set((state) => {
          const existing = state.products.find((p) => p.id === id);
          if (safe === 0) state.products = state.products.filter((p) => p.id !== id);
          else if (existing) existing.quantity = safe;
          else state.products.push({ id, quantity: safe });
        });
        if (safe > before) cartEffects.productAdded(id, safe - before);
      },
      addVoucher: (voucher) =>
        set((state) => {
          if (!state.vouchers.some((v) => v.id === voucher.id)) state.vouchers.push(voucher);
        }),
      removeVoucher: (id) =>
        set((state) => {
          state.vouchers = state.vouchers.filter((v) => v.id !== id);
        }),
      setCustomerInfo: (info) =>
        set((state) => {
          state.customerInfo = info;
        }),
      setNumberOfPayments: (n) =>
        set((state) => {
          state.numberOfPayments = Math.max(1, Math.floor(n) || 1);
        }),
      setSaved: ({ cartIdentifier, resId }) =>
        set((state) => {
          state.cartIdentifier = cartIdentifier;
          state.resId = resId;
        }),
      setHydration: (h) =>
        set((state) => {
          state.hydration = h;
        }),
      restore: (r, options) => {
        const cart = r.cart;
        withDropped((state) => {
          const restored = cart.seats.map(seatFromWire);
          const kept = options?.keepSeats ? state.seats.filter((s) => !restored.some((x) => sameSeat(x, s))) : [];
          state.seats = [...restored, ...kept];
          state.products = (cart.products ?? []).map((p) => ({ id: p.id, quantity: p.quantity }));
          state.vouchers = (cart.voucherPayments ?? []).map((v) => ({
            id: v.id,
            code: v.code,
            balance: v.balance ?? v.amount,
          }));
          state.ticketCodes = [...(cart.ticketCodes ?? [])];
          state.codedTickets = codedTicketsFromWire(cart.ticketGroups);
          state.customerInfo = cart.customerInfo ?? null;
          state.numberOfPayments = cart.numberOfPayments ?? 1;
          state.miniSiteUrl = cart.miniSiteUrl ?? null;
          state.isHold = cart.isHold ?? false;
          state.cartIdentifier = r.cartIdentifier;
          state.resId = r.resId;
          state.lastOrder = null;
        });
        for (const id of new Set(get().seats.map((s) => s.prsntId))) {
          void useBookingCatalogue
            .getState()
            .ensure(id)
            .then(() => get().normalise());
        }
      },
      completeOrder: (order) => set(() => ({ ...emptyCart(), lastOrder: order, hydration: 'done' as const })),
      clear: () => set(() => emptyCart()),
    };
  }),
);
