import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { CartKind, CommitResponse, CustomerDetailsInput } from '@hotline/shared';
import type { CartVoucher } from '../booking/cart-logic';
import { useCartStore } from '../booking/cart-store';

/** A gift voucher chosen: one price of one voucher on sale, shown prices in shekels. */
export interface ChosenVoucher {
  classId: number;
  priceId: number;
  quantity: number;
  price: number;
  value: number;
  name: string;
  nameEn: string;
  /** Russian and Arabic names; absent in an order kept from before them. */
  nameRu?: string | null;
  nameAr?: string | null;
}

/** A donation chosen: a preset (customAmount null) or the custom option with the amount typed, shekels. */
export interface ChosenDonation {
  donationId: number;
  detailId: number;
  quantity: number;
  /** The unit amount, shekels (the preset's, or the custom amount). */
  amount: number;
  custom: boolean;
  name: string;
  nameEn: string;
  nameRu?: string | null;
  nameAr?: string | null;
}

export type GiftKind = Extract<CartKind, 'vouchers' | 'donations'>;

export interface GiftCompletedOrder extends Omit<CommitResponse, 'replayed'> {
  kind: GiftKind;
  email: string | null;
}

export interface GiftOrderState {
  kind: GiftKind | null;
  vouchers: ChosenVoucher[];
  donations: ChosenDonation[];
  /** Vouchers paying for this order (the same lookup as the ticket flow). */
  payWith: CartVoucher[];
  customerInfo: CustomerDetailsInput | null;
  /** The commit's idempotency key; a new one whenever what is bought changes. */
  cartIdentifier: string;
  lastOrder: GiftCompletedOrder | null;
}

interface GiftOrderActions {
  /**
   * Starts (or continues) an order of this kind. Carts are one kind at a time (shared cartKind): starting one
   * clears the other kinds - the other gift kind and any held ticket seats - and keeps the customer details.
   */
  start: (kind: GiftKind) => void;
  setVoucherQuantity: (voucher: Omit<ChosenVoucher, 'quantity'>, quantity: number) => void;
  setDonation: (donation: ChosenDonation | null, donationId: number) => void;
  addPayWith: (voucher: CartVoucher) => void;
  removePayWith: (id: number) => void;
  setCustomerInfo: (info: CustomerDetailsInput) => void;
  complete: (order: GiftCompletedOrder) => void;
  reset: () => void;
}

const newIdentifier = () => crypto.randomUUID();

const empty = (): Omit<GiftOrderState, 'customerInfo' | 'lastOrder'> => ({
  kind: null,
  vouchers: [],
  donations: [],
  payWith: [],
  cartIdentifier: newIdentifier(),
});

/** Leaves the ticket cart (seats are released by its own effects), keeping the customer's details. */
function clearTicketCart(): CustomerDetailsInput | null {
  const tickets = useCartStore.getState();
  const info = tickets.customerInfo;
  for (const id of new Set(tickets.seats.map((s) => s.prsntId))) tickets.removePresentation(id);
  return info;
}

/**
 * The gift-voucher or donation order being put together (not the ticket cart: those
 * have seats, holds and a timer). Kept for the tab's session so a reload on the
 * payment step keeps the selection; prices are always the server's at commit.
 */
export const useGiftOrder = create<GiftOrderState & GiftOrderActions>()(
  persist(
    (set, get) => ({
      ...empty(),
      customerInfo: null,
      lastOrder: null,
      start: (kind) => {
        const ticketInfo = useCartStore.getState().seats.length ? clearTicketCart() : null;
        const state = get();
        const customerInfo = state.customerInfo ?? ticketInfo ?? useCartStore.getState().customerInfo;
        if (state.kind === kind) {
          if (customerInfo !== state.customerInfo) set({ customerInfo });
          return;
        }
        set({ ...empty(), kind, customerInfo });
      },
      setVoucherQuantity: (voucher, quantity) => {
        const others = get().vouchers.filter((v) => v.priceId !== voucher.priceId);
        const vouchers = quantity > 0 ? [...others, { ...voucher, quantity }] : others;
        vouchers.sort((a, b) => a.classId - b.classId || a.priceId - b.priceId);
        set({ vouchers, payWith: [], cartIdentifier: newIdentifier(), lastOrder: null });
      },
      setDonation: (donation, donationId) => {
        const others = get().donations.filter((d) => d.donationId !== donationId);
        set({
          donations: donation ? [...others, donation] : others,
          payWith: [],
          cartIdentifier: newIdentifier(),
          lastOrder: null,
        });
      },
      addPayWith: (voucher) => set({ payWith: [...get().payWith, voucher] }),
      removePayWith: (id) => set({ payWith: get().payWith.filter((v) => v.id !== id) }),
      setCustomerInfo: (info) => set({ customerInfo: info }),
      complete: (order) => set({ ...empty(), kind: get().kind, lastOrder: order }),
      reset: () => set({ ...empty(), customerInfo: get().customerInfo, lastOrder: null }),
    }),
    { name: 'hotline-gift-order', storage: createJSONStorage(() => sessionStorage) },
  ),
);

/** A ticket seat added elsewhere starts a ticket order: the gift selection goes, the details stay. */
useCartStore.subscribe((state, before) => {
  if (state.seats.length > before.seats.length && useGiftOrder.getState().kind) {
    const { customerInfo } = useGiftOrder.getState();
    useGiftOrder.setState({ ...empty(), customerInfo });
  }
});
