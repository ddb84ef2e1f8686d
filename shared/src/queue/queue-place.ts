/**
 * A waiting visitor's place (1 = next) from its absolute number in the line and how many
 * have left the head so far; null when it is not known (pre-queue) and 0 once it has passed
 * the head (admitted, or the page is about to find out).
 */
export function queuePlace(ticketNo: number | null, removed: number): number | null {
  if (ticketNo === null) return null;
  return Math.max(0, ticketNo - removed + 1);
}

/**
 * Estimated seconds until admission: the people ahead at the configured rate, rounded up to
 * whole seconds. Null when nothing can be said (no place yet, or the rate is zero).
 */
export function estimatedWaitSeconds(place: number | null, admitPerMinute: number): number | null {
  if (place === null || admitPerMinute <= 0) return null;
  if (place <= 0) return 0;
  return Math.ceil(((place - 1) * 60) / admitPerMinute) + 1;
}

/** Progress-bar fraction: how much of the line ahead at joining has gone (0..1). */
export function queueProgress(ticketNo: number | null, removedAtJoin: number, removed: number): number {
  if (ticketNo === null) return 0;
  const span = ticketNo - removedAtJoin + 1;
  if (span <= 0) return 1;
  return Math.min(1, Math.max(0, (removed - removedAtJoin) / span));
}
