/** A hold is paid and collected at the box office up to 30 minutes before the event (memberships spec, section 9). */
export const HOLD_PAY_BEFORE_EVENT_MS = 30 * 60_000;

/** The pay-and-collect deadline of a hold order: its earliest event's start minus 30 minutes. */
export function holdDeadline(eventStarts: readonly Date[]): Date {
  if (eventStarts.length === 0) throw new RangeError('a hold order has at least one event');
  const first = Math.min(...eventStarts.map((d) => d.getTime()));
  return new Date(first - HOLD_PAY_BEFORE_EVENT_MS);
}

/** May a hold still be placed or paid at `now`? Only strictly before its deadline. */
export function isBeforeHoldDeadline(deadline: Date, now: Date): boolean {
  return now.getTime() < deadline.getTime();
}
