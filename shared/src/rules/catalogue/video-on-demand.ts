import { assertSafeInteger } from '../assert';

/** Venue types 101 to 104 are video-on-demand; anything else is a physical venue. */
export function isVideoOnDemand(venueTypeId: number): boolean {
  assertSafeInteger(venueTypeId, 'venueTypeId');
  return venueTypeId >= 101 && venueTypeId <= 104;
}

/**
 * Venue types 101 and 102 are sold one event at a time: selecting one removes
 * every other event from the cart (memberships-backoffice-spec.md section 4).
 * 103 and 104 are video-on-demand too but may share a cart.
 */
export function isSingleEventVideoOnDemand(venueTypeId: number): boolean {
  assertSafeInteger(venueTypeId, 'venueTypeId');
  return venueTypeId === 101 || venueTypeId === 102;
}

/**
 * "Selecting a single video-on-demand event (venue type 101 or 102) removes other
 * events from the cart" (memberships-backoffice-spec.md section 4): which of the
 * cart's presentations go when `selected` is added. A single-event VOD takes the
 * cart alone; anything else added pushes out a single-event VOD already there.
 */
export function presentationsToRemoveOnSelect(
  inCart: readonly { id: number; venueTypeId: number }[],
  selected: { id: number; venueTypeId: number },
): number[] {
  const others = inCart.filter((p) => p.id !== selected.id);
  if (isSingleEventVideoOnDemand(selected.venueTypeId)) return others.map((p) => p.id);
  return others.filter((p) => isSingleEventVideoOnDemand(p.venueTypeId)).map((p) => p.id);
}

/**
 * How a date is watched, as the back office names it: in the hall (venue type 1), or online, sold on its own
 * (101: one event per cart) or online, sharing a cart with other events (103).
 */
export const VIDEO_ON_DEMAND_KINDS = ['sold-alone', 'shared-cart'] as const;
export type VideoOnDemandKind = (typeof VIDEO_ON_DEMAND_KINDS)[number];

export function venueTypeOfWatching(kind: VideoOnDemandKind | null): number {
  return kind === 'sold-alone' ? 101 : kind === 'shared-cart' ? 103 : 1;
}

/** The back office's name for a date's venue type: null for a date in a hall. */
export function watchingOfVenueType(venueTypeId: number): VideoOnDemandKind | null {
  if (!isVideoOnDemand(venueTypeId)) return null;
  return isSingleEventVideoOnDemand(venueTypeId) ? 'sold-alone' : 'shared-cart';
}
