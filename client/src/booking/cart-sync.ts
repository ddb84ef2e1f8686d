import type { LockSeatInput } from '@hotline/shared';
import { ApiError } from '../api/client';
import { cartEffects, useCartStore, type CartState, type CompletedOrder } from './cart-store';
import { getTimer, lockSeat, restoreCart, saveCart, unlockSeat } from './api';
import { withBotToken } from './botcheck';
import { cartTotals, isGeneralAdmission, presentationIdsOf, toWireCart, type CartSeat } from './cart-logic';
import { pricingOf, productOf, serviceChargeOf, useBookingCatalogue } from './catalogue-store';
import { trackProductAdded, trackSeatAdded } from './tracking';

/**
 * Keeps the cart alive across reloads and devices (storefront-spec.md sections 4 and 7):
 *  - every change is saved with POST /api/cart (debounced); the answer's
 *    cartIdentifier and resId are remembered in localStorage;
 *  - on a fresh page the cart is restored with GET /api/reservations/:resId;
 *  - a restored cart whose holds ended takes its seats again (or drops the
 *    ones someone else took);
 *  - seats the ticket rules deselect are released on the server.
 */
const STORAGE_KEY = 'hotline:cart';
const LAST_ORDER_KEY = 'hotline:last-order';
const SAVE_DEBOUNCE_MS = 600;

interface StoredCart {
  resId: string;
  cartIdentifier: string;
}

function readStored(): StoredCart | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<StoredCart>;
    return typeof v.resId === 'string' && typeof v.cartIdentifier === 'string'
      ? { resId: v.resId, cartIdentifier: v.cartIdentifier }
      : null;
  } catch {
    return null;
  }
}

function writeStored(v: StoredCart | null): void {
  try {
    if (v) localStorage.setItem(STORAGE_KEY, JSON.stringify(v));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    /* storage disabled: the cart still lives for this page */
  }
}

function readLastOrder(): CompletedOrder | null {
  try {
    const raw = sessionStorage.getItem(LAST_ORDER_KEY);
    return raw ? (JSON.parse(raw) as CompletedOrder) : null;
  } catch {
    return null;
  }
}

function writeLastOrder(order: CompletedOrder | null): void {
  try {
    if (order) sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(order));
    else sessionStorage.removeItem(LAST_ORDER_KEY);
  } catch {
    /* ignore */
  }
}

/** The cart as the API takes it, with the totals the visitor is shown. */
export function currentWireCart(extra: { paymentIdentifier?: string | null } = {}) {
  const s = useCartStore.getState();
  const entries = useBookingCatalogue.getState().entries;
  const ids = presentationIdsOf(s.seats);
  const gsc = serviceChargeOf(entries, ids);
  const totals = cartTotals({
    seats: s.seats,
    products: s.products,
    vouchers: s.vouchers,
    pricing: pricingOf,
    coded: s.codedTickets,
    productPrice: (id) => productOf(entries, id)?.price,
    globalServiceCharge: gsc,
    locale: 'he',
  });
  const cart = toWireCart({
    seats: s.seats,
    products: s.products,
    totals,
    ticketCodes: s.ticketCodes,
    codedTickets: s.codedTickets,
    customerInfo: s.customerInfo,
    numberOfPayments: s.numberOfPayments,
    globalServiceCharge: gsc,
    cartIdentifier: s.cartIdentifier,
    paymentIdentifier: extra.paymentIdentifier,
    miniSiteUrl: s.miniSiteUrl,
    isHold: s.isHold,
  });
  return { cart, totals };
}

/* ---------------------------------------------------------------- saving */

let saveTimer: ReturnType<typeof setTimeout> | null = null;
let saving: Promise<void> | null = null;
let saveAgain = false;

async function saveNow(): Promise<void> {
  if (saving) {
    saveAgain = true;
    return saving;
  }
  saving = (async () => {
    try {
      const s = useCartStore.getState();
      if (s.seats.length === 0 && !s.cartIdentifier) return;
      const { cart } = currentWireCart();
      try {
        const saved = await saveCart(cart);
        useCartStore.getState().setSaved(saved);
        writeStored(saved);
      } catch (error) {
        // Paid already, or not ours: start a new cart (its first save gets a new identifier).
        if (error instanceof ApiError && (error.code === 'CART_ALREADY_PAID' || error.code === 'CART_NOT_FOUND')) {
          useCartStore.setState({ cartIdentifier: null, resId: null });
          writeStored(null);
          saveAgain = useCartStore.getState().seats.length > 0;
        }
      }
    } finally {
      saving = null;
      if (saveAgain) {
        saveAgain = false;
        void saveNow();
      }
    }
  })();
  return saving;
}

/** Saves now (before leaving a step), waiting for a save in flight. */
export function flushCartSave(): Promise<void> {
  if (saveTimer) {
    clearTimeout(saveTimer);
    saveTimer = null;
  }
  return saveNow();
}

const contentOf = (s: CartState) =>
  [s.seats, s.products, s.vouchers, s.ticketCodes, s.customerInfo, s.numberOfPayments] as const;

let installed = false;

/** Wires the store's effects and the autosave. Idempotent; called by every booking hook. */
export function installCartSync(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  cartEffects.seatAdded = trackSeatAdded;
  cartEffects.productAdded = trackProductAdded;
  cartEffects.seatsDropped = (seats) => void releaseSeats(seats);

  const stored = readStored();
  const lastOrder = readLastOrder();
  if (lastOrder && useCartStore.getState().seats.length === 0) useCartStore.setState({ lastOrder });

  useCartStore.subscribe((state, prev) => {
    if (state.lastOrder !== prev.lastOrder) writeLastOrder(state.lastOrder);
    if (state.lastOrder && !prev.lastOrder) writeStored(null);
    if (state.hydration === 'restoring') return;
    const a = contentOf(state);
    const b = contentOf(prev);
    if (a.every((v, i) => v === b[i])) return;
    if (saveTimer) clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      saveTimer = null;
      void saveNow();
    }, SAVE_DEBOUNCE_MS);
  });
  if (stored && !useCartStore.getState().cartIdentifier)
    useCartStore.setState({ cartIdentifier: stored.cartIdentifier, resId: stored.resId });
}

/* ---------------------------------------------------------------- restoring */

let hydrating: Promise<void> | null = null;

/**
 * On a fresh page: restores the visitor's saved cart (GET /api/reservations/:resId)
 * unless the page already has seats. Resolves when the cart is ready to show.
 */
export function hydrateCart(): Promise<void> {
  installCartSync();
  const store = useCartStore.getState();
  if (store.hydration === 'done') return Promise.resolve();
  if (hydrating) return hydrating;
  hydrating = (async () => {
    const stored = readStored();
    if (store.seats.length > 0 || !stored) {
      useCartStore.getState().setHydration('done');
      return;
    }
    await restoreFromServer(stored.resId, { keepSeats: true }).catch(() => undefined);
  })().finally(() => {
    hydrating = null;
    if (useCartStore.getState().hydration !== 'done') useCartStore.getState().setHydration('done');
  });
  return hydrating;
}

export type RestoreOutcome =
  { kind: 'open'; lost: CartSeat[] } | { kind: 'paid'; reservationIdentifier: string | null } | { kind: 'closed' };

/** /cart/:resId and reloads: loads the saved cart into the store and makes sure its seats are held. */
export async function restoreFromServer(resId: string, options: { keepSeats?: boolean } = {}): Promise<RestoreOutcome> {
  installCartSync();
  useCartStore.getState().setHydration('restoring');
  try {
    const r = await restoreCart(resId);
    if (r.status !== 'open') {
      if (readStored()?.resId === resId) writeStored(null);
      return r.status === 'paid'
        ? { kind: 'paid', reservationIdentifier: r.reservationIdentifier }
        : { kind: 'closed' };
    }
    useCartStore.getState().restore(r, options);
    writeStored({ resId: r.resId, cartIdentifier: r.cartIdentifier });
    await Promise.all(
      presentationIdsOf(useCartStore.getState().seats).map((id) => useBookingCatalogue.getState().ensure(id)),
    );
    useCartStore.getState().normalise();
    const lost = await ensureHolds();
    return { kind: 'open', lost };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && readStored()?.resId === resId) writeStored(null);
    throw error;
  } finally {
    useCartStore.getState().setHydration('done');
  }
}

/* ---------------------------------------------------------------- holds */

function lockInputOf(seat: CartSeat, forUnlock: boolean): LockSeatInput {
  const p = useBookingCatalogue.getState().entries[seat.prsntId]?.presentation;
  const ga = isGeneralAdmission(seat);
  return {
    PresentationId: seat.prsntId,
    VenueId: seat.venueId ?? p?.venueId ?? 0,
    VenueSeatplanId: seat.seatplanId ?? p?.seatplanId ?? 0,
    VenueSectionId: seat.sectionId,
    TicketGroupId: seat.ticketGroupId,
    // General admission: the server picks the place on lock; unlock names the place it gave.
    XCoordinate: ga && !forUnlock ? null : seat.XCoordinate,
    YCoordinate: ga && !forUnlock ? null : seat.YCoordinate,
  };
}

/**
 * A restored cart may come back after its holds ended. Where the timer says no
 * hold is left, each seat is taken again (a reserved seat the same one, a
 * general-admission place any free one in its section); seats someone else took
 * leave the cart and are returned so the page can say so.
 */
export async function ensureHolds(): Promise<CartSeat[]> {
  const lost: CartSeat[] = [];
  const seats = useCartStore.getState().seats;
  for (const pid of presentationIdsOf(seats)) {
    let left: number;
    try {
      left = (await getTimer(pid)).timer[String(pid)]?.timeInSeconds ?? 0;
    } catch {
      continue;
    }
    if (left > 0) continue;
    await useBookingCatalogue.getState().ensure(pid);
    for (const seat of seats.filter((s) => s.prsntId === pid)) {
      try {
        const res = await withBotToken((token) => lockSeat(lockInputOf(seat, false), token));
        if (isGeneralAdmission(seat) && res.lockedSeat.x !== seat.XCoordinate) {
          useCartStore
            .getState()
            .updateSeat(seat, { XCoordinate: res.lockedSeat.x, YCoordinate: 0, SeatName: String(res.lockedSeat.x) });
        }
      } catch {
        lost.push(seat);
      }
    }
  }
  for (const seat of lost) useCartStore.getState().removeSeat(seat);
  return lost;
}

/** Releases seats on the server (best effort: a hold that already ended is fine). */
export async function releaseSeats(seats: readonly CartSeat[]): Promise<void> {
  await Promise.all(
    seats.map((seat) => withBotToken((token) => unlockSeat(lockInputOf(seat, true), token)).catch(() => undefined)),
  );
}
