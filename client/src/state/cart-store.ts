import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';

/**
 * Cart skeleton (storefront-spec.md section 3, "Cart" and "Cart seat"). Only the
 * shape and the plain bookkeeping live here; locking, tickets, vouchers and
 * payment arrive with their issues. Money is in shekels as the API sends it.
 */
export interface CartSeat {
  prsntId: number;
  ticketGroupId: number;
  venueId: number;
  seatplanId: number;
  sectionId: number;
  ticketId: number | null;
  amount: number;
  serviceCharge: number;
  pricePolicyId: number | null;
  allocationId: number | null;
  isMultiplyFactorSubTicket: boolean;
  code: string | null;
  XCoordinate: number | null;
  YCoordinate: number | null;
  SeatplanX: number | null;
  SeatplanY: number | null;
  RowName: string | null;
  SeatName: string | null;
}

export interface CartProduct {
  id: number;
  quantity: number;
}

export interface VoucherPayment {
  id: number;
  amount: number;
  balance: number;
  code: string;
  systemVoucher: boolean;
}

export interface CartState {
  seats: CartSeat[];
  products: CartProduct[];
  voucherPayments: VoucherPayment[];
  /** Spec default: 1. */
  numberOfPayments: number;
  miniSiteUrl: string | null;
  isHold: boolean;
  reservationIdentifier: string | null;
  cartIdentifier: string | null;
}

export interface CartActions {
  addSeat: (seat: CartSeat) => void;
  removeSeat: (match: Pick<CartSeat, 'prsntId' | 'sectionId' | 'XCoordinate' | 'YCoordinate'>) => void;
  /** Spec section 4: removing a presentation unselects its seats. */
  removePresentation: (presentationId: number) => void;
  setProductQuantity: (id: number, quantity: number) => void;
  clear: () => void;
}

export const emptyCart = (): CartState => ({
  seats: [],
  products: [],
  voucherPayments: [],
  numberOfPayments: 1,
  miniSiteUrl: null,
  isHold: false,
  reservationIdentifier: null,
  cartIdentifier: null,
});

const sameSeat = (a: Pick<CartSeat, 'prsntId' | 'sectionId' | 'XCoordinate' | 'YCoordinate'>, b: typeof a) =>
  a.prsntId === b.prsntId && a.sectionId === b.sectionId && a.XCoordinate === b.XCoordinate && a.YCoordinate === b.YCoordinate;

export const useCartStore = create<CartState & CartActions>()(
  immer((set) => ({
    ...emptyCart(),
    addSeat: (seat) =>
      set((state) => {
        if (!state.seats.some((s) => sameSeat(s, seat))) state.seats.push(seat);
      }),
    removeSeat: (match) =>
      set((state) => {
        state.seats = state.seats.filter((s) => !sameSeat(s, match));
      }),
    removePresentation: (presentationId) =>
      set((state) => {
        state.seats = state.seats.filter((s) => s.prsntId !== presentationId);
      }),
    setProductQuantity: (id, quantity) =>
      set((state) => {
        const safe = Math.max(0, Math.floor(quantity));
        const existing = state.products.find((p) => p.id === id);
        if (safe === 0) state.products = state.products.filter((p) => p.id !== id);
        else if (existing) existing.quantity = safe;
        else state.products.push({ id, quantity: safe });
      }),
    clear: () => set(() => emptyCart()),
  })),
);

/** Seats in the cart, for a badge or a summary. */
export const selectSeatCount = (state: CartState) => state.seats.length;
