import { estimatedWaitSeconds } from './queue-place';

/**
 * The waiting page's countdown to the visitor's turn, in whole seconds. It starts from the
 * estimate for the current place and runs down with the clock, but never below the estimate for the place behind
 * it (where it would be if the next admission happened now): so it never promises less than the people still
 * ahead take at the admission rate, and it never jumps up when the place falls (the new place's estimate is the
 * floor it was already waiting at). Null when nothing can be said (no place, no rate).
 */
export function waitCountdownSeconds(
  place: number | null,
  admitPerMinute: number,
  msAtPlace: number,
  placesPerUpdate = 1,
): number | null {
  const full = estimatedWaitSeconds(place, admitPerMinute);
  if (full === null || place === null) return null;
  // A page far from the head hears of its place every few seconds, not every admission: between two messages the
  // rate takes `placesPerUpdate` people, so the countdown may run down to where the next message will put it
  // (otherwise it would stop a second after each message and jump at the next). Near the head this is 1.
  const step = Math.max(1, Math.floor(placesPerUpdate));
  const floor = estimatedWaitSeconds(Math.max(0, place - step), admitPerMinute) ?? 0;
  return Math.max(floor, full - Math.floor(Math.max(0, msAtPlace) / 1000));
}
