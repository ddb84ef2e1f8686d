import { SEAT_FEATURE_CODES, SeatStatus } from '@hotline/shared';
import { featureMask } from './features';
import type { SeatStore } from './seat-store';

/** What the buyer asked the map to point out. Both off = no highlight. */
export interface SeatFilter {
  /** Wheelchair spaces and their companion seats. */
  accessible: boolean;
  /** All-in price at most this (shekels); null = any price. */
  maxPrice: number | null;
}

export const NO_FILTER: SeatFilter = { accessible: false, maxPrice: null };

const ACCESSIBLE = featureMask([SEAT_FEATURE_CODES.isHandicap, SEAT_FEATURE_CODES.isCompanion]);

export const isFilterActive = (f: SeatFilter): boolean => f.accessible || f.maxPrice !== null;

/**
 * The available seats matching the filter (both conditions when both are set), ascending indices. `priceOf(zoneId)`
 * is the all-in price of the seat's zone, null when not on sale. Pure: the renderer rings these seats.
 */
export function matchingSeats(
  store: SeatStore,
  filter: SeatFilter,
  priceOf: (zoneId: number) => number | null,
): Int32Array {
  if (!isFilterActive(filter)) return new Int32Array(0);
  const out: number[] = [];
  const cache = new Map<number, number | null>();
  for (let i = 0; i < store.count; i++) {
    if (store.status[i] !== SeatStatus.Available) continue;
    if (filter.accessible && (store.features[i]! & ACCESSIBLE) === 0) continue;
    if (filter.maxPrice !== null) {
      const zone = store.ticketGroup[i]!;
      let price = cache.get(zone);
      if (price === undefined) cache.set(zone, (price = priceOf(zone)));
      if (price === null || price > filter.maxPrice + 1e-9) continue;
    }
    out.push(i);
  }
  return Int32Array.from(out);
}

/** True when the plan has any wheelchair or companion seat (the filter is offered only then). */
export function hasAccessibleSeats(store: SeatStore): boolean {
  for (let i = 0; i < store.count; i++) if ((store.features[i]! & ACCESSIBLE) !== 0) return true;
  return false;
}
