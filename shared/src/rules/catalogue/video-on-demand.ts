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
