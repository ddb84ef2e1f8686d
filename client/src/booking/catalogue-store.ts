import { create } from 'zustand';
import type { ApiGlobalServiceCharge, ApiPresentation, ApiProduct, ApiTicketGroup } from '@hotline/shared';
import { getPresentationWithProducts, getTicketGroups } from './api';
import type { PresentationPricing } from './cart-logic';

/**
 * What the booking steps need to know about each presentation in the cart: the
 * presentation (names, venue, products sold where it plays) and its ticket
 * groups with the order-level service charge. Loaded once per presentation per
 * page load and shared by every step; a failed load can be retried.
 */
export type PresentationDetails = ApiPresentation & { products: ApiProduct[] };

export interface CatalogueEntry {
  status: 'loading' | 'ready' | 'error';
  presentation?: PresentationDetails;
  groups?: ApiTicketGroup[];
  serviceCharge?: ApiGlobalServiceCharge;
  error?: unknown;
}

interface CatalogueState {
  entries: Record<number, CatalogueEntry>;
  /** Loads a presentation's details and prices unless already loaded or loading. */
  ensure: (presentationId: number) => Promise<CatalogueEntry>;
  retry: (presentationId: number) => Promise<CatalogueEntry>;
}

const inFlight = new Map<number, Promise<CatalogueEntry>>();

export const useBookingCatalogue = create<CatalogueState>()((set, get) => {
  const load = (id: number): Promise<CatalogueEntry> => {
    const running = inFlight.get(id);
    if (running) return running;
    set((s) => ({ entries: { ...s.entries, [id]: { ...s.entries[id], status: 'loading' } } }));
    const promise = Promise.all([getPresentationWithProducts(id), getTicketGroups(id)])
      .then(([presentation, tg]) => {
        const entry: CatalogueEntry = {
          status: 'ready',
          presentation,
          groups: tg.ticketGroups,
          serviceCharge: tg.serviceCharge,
        };
        set((s) => ({ entries: { ...s.entries, [id]: entry } }));
        return entry;
      })
      .catch((error: unknown) => {
        const entry: CatalogueEntry = { status: 'error', error };
        set((s) => ({ entries: { ...s.entries, [id]: entry } }));
        return entry;
      })
      .finally(() => inFlight.delete(id));
    inFlight.set(id, promise);
    return promise;
  };
  return {
    entries: {},
    ensure: (id) => {
      const entry = get().entries[id];
      if (entry && entry.status !== 'error') return inFlight.get(id) ?? Promise.resolve(entry);
      return load(id);
    },
    retry: (id) => load(id),
  };
});

/** The prices the cart rules need, for a presentation whose details have loaded. */
export function pricingOf(presentationId: number): PresentationPricing | undefined {
  const e = useBookingCatalogue.getState().entries[presentationId];
  return e?.status === 'ready' && e.groups ? { groups: e.groups, serviceCharge: e.serviceCharge ?? null } : undefined;
}

/** A product's price (shekels) from any loaded presentation that sells it. */
export function productOf(entries: Record<number, CatalogueEntry>, productId: number): ApiProduct | undefined {
  for (const e of Object.values(entries)) {
    const p = e.presentation?.products.find((x) => x.id === productId);
    if (p) return p;
  }
  return undefined;
}

/** The order-level handling fee: the same for every presentation of a deployment; the first loaded one is used. */
export function serviceChargeOf(
  entries: Record<number, CatalogueEntry>,
  presentationIds: readonly number[],
): ApiGlobalServiceCharge | null {
  for (const id of presentationIds) {
    const sc = entries[id]?.serviceCharge;
    if (sc) return sc;
  }
  return null;
}
