import { estimatedWaitSeconds } from './queue-place';

/**
 * The waiting page's countdown to the visitor's turn (issue 22, point 10), in whole seconds. It starts from the
 * estimate for the current place and runs down with the clock, but never below the estimate for the place behind
 * it (where it would be if the next admission happened now): so it never promises less than the people still
 * ahead take at the admission rate, and it never jumps up when the place falls (the new place's estimate is the
 * floor it was already waiting at). Null when nothing can be said (no place, no rate).
 */
export function waitCountdownSeconds(place: number | null, admitPerMinute: number, msAtPlace: number): number | null {
  const full = estimatedWaitSeconds(place, admitPerMinute);
  if (full === null || place === null) return null;
  const floor = estimatedWaitSeconds(Math.max(0, place - 1), admitPerMinute) ?? 0;
  return Math.max(floor, full - Math.floor(Math.max(0, msAtPlace) / 1000));
}
