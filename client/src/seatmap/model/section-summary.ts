import { SeatStatus } from '@hotline/shared';
import type { SeatStore } from './seat-store';

/** What the section overview tells a buyer before zooming in: the price range and how many seats are left. */
export interface SectionSummary {
  /** Seats a buyer can still pick (available now). */
  seatsLeft: number;
  /** Lowest and highest all-in price among the seats left (or all priced seats when none is left); null if none. */
  minPrice: number | null;
  maxPrice: number | null;
  soldOut: boolean;
}

/**
 * Pure summary of reserved section `s` from the typed arrays. `priceOf(zoneId)` is the all-in price of the seat's
 * price zone (null: not on sale). A section is sold out when it is flagged so, or no seat in it is left.
 */
export function summariseSection(
  store: SeatStore,
  s: number,
  priceOf: (zoneId: number) => number | null,
): SectionSummary {
  const sec = store.sections[s]!;
  let seatsLeft = 0;
  let min = Infinity;
  let max = -Infinity;
  let anyMin = Infinity;
  let anyMax = -Infinity;
  for (let i = sec.seatStart; i < sec.seatEnd; i++) {
    const price = priceOf(store.ticketGroup[i]!);
    if (price !== null) {
      anyMin = Math.min(anyMin, price);
      anyMax = Math.max(anyMax, price);
    }
    if (store.status[i] !== SeatStatus.Available) continue;
    seatsLeft++;
    if (price !== null) {
      min = Math.min(min, price);
      max = Math.max(max, price);
    }
  }
  if (seatsLeft === 0 || min === Infinity) {
    min = anyMin;
    max = anyMax;
  }
  return {
    seatsLeft,
    minPrice: min === Infinity ? null : min,
    maxPrice: max === -Infinity ? null : max,
    soldOut: sec.isSoldOut || seatsLeft === 0,
  };
}
