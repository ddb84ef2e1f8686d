/** How long after its date an online show can still be watched. */
export const VOD_WATCH_DAYS = 7;

/**
 * The online show's viewing window, as the order page, the confirmation, the e-ticket and the VOD page state it
 * and the server enforces it: from the purchase until VOD_WATCH_DAYS after the presentation's date (a whole number
 * of days of elapsed time, not of calendar days, so a clock change cannot shorten it). ISO in, ISO out.
 */
export function vodWatchUntil(presentationDateTime: string): string {
  const start = Date.parse(presentationDateTime);
  if (Number.isNaN(start)) throw new RangeError(`not a date: ${presentationDateTime}`);
  return new Date(start + VOD_WATCH_DAYS * 86_400_000).toISOString();
}

/** Whether an online show can be watched at `nowMs` (before the window's end; the start is the purchase). */
export function vodWatchOpen(presentationDateTime: string, nowMs: number): boolean {
  return nowMs < Date.parse(vodWatchUntil(presentationDateTime));
}
