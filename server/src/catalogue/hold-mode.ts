import { holdDeadline, isBeforeHoldDeadline } from '@hotline/shared';

/**
 * isHold=1 on presentations and ticket groups (storefront-spec.md section 7): each show says until when a hold may be
 * placed on it and whether that is still possible now. Display only; the commit decides with the hold clock.
 */
export function holdModeOf(
  dateTime: string,
  now: Date = new Date(),
): { holdDeadline: string; isHoldAvailable: boolean } {
  const deadline = holdDeadline([new Date(dateTime)]);
  return { holdDeadline: deadline.toISOString(), isHoldAvailable: isBeforeHoldDeadline(deadline, now) };
}

export function withHoldMode<P extends { dateTime: string }>(
  p: P,
  now: Date = new Date(),
): P & ReturnType<typeof holdModeOf> {
  return { ...p, ...holdModeOf(p.dateTime, now) };
}
