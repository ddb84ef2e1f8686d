import { assertNonNegativeInteger } from '../assert';

/** What the catalogue says about a presentation's seats: on sale, last seats, or sold out. */
export type PresentationAvailability = 'available' | 'lastSeats' | 'soldOut';

export interface PresentationAvailabilityInput {
  /** The presentation's soldout flag (storefront-spec.md section 4: it decides sold out). */
  soldoutFlag: boolean;
  /** Reserved seats of the plan plus the general-admission capacity. */
  capacity: number;
  /** Tickets sold and not cancelled (PostgreSQL, the durable truth; holds are not sales). */
  sold: number;
}

/** "Last seats" starts at a tenth of the house, but never more than this many seats (a stadium's tenth is not "last"). */
export const LAST_SEATS_MAX = 100;

/**
 * The catalogue's availability marker: sold out when the flag says so or every place is sold; "last
 * seats" when at most a tenth of the house (at most LAST_SEATS_MAX, at least one seat) is left; otherwise
 * available. A plan without places (capacity 0) is decided by the flag alone: nothing to count.
 */
export function presentationAvailability(input: PresentationAvailabilityInput): PresentationAvailability {
  assertNonNegativeInteger(input.capacity, 'capacity');
  assertNonNegativeInteger(input.sold, 'sold');
  if (input.soldoutFlag) return 'soldOut';
  if (input.capacity === 0) return 'available';
  const left = Math.max(0, input.capacity - input.sold);
  if (left === 0) return 'soldOut';
  const threshold = Math.max(1, Math.min(LAST_SEATS_MAX, Math.ceil(input.capacity / 10)));
  return left <= threshold ? 'lastSeats' : 'available';
}
