import { DEFAULT_HOLD_POLICY, holdPolicyOutcome, type HoldPolicy } from '@hotline/shared';

/**
 * isHold=1 on presentations and ticket groups (storefront-spec.md section 7): each show says until when a hold may be
 * placed on it and whether that is still possible now, by the date's own hold policy (the rule the commit applies).
 * A date that takes no storefront holds (none at all, or the box office's only) says its deadline and "not
 * available". Display only; the commit decides with the hold clock.
 */
export function holdModeOf(
  p: { dateTime: string; holdPolicy?: HoldPolicy },
  now: Date = new Date(),
): { holdDeadline: string; isHoldAvailable: boolean } {
  const policy = p.holdPolicy ?? DEFAULT_HOLD_POLICY;
  const outcome = holdPolicyOutcome(
    [{ presentationId: 0, start: new Date(p.dateTime), policy: { ...policy, allowed: true } }],
    now,
  );
  // Allowed as given above, so the outcome always has a deadline.
  if (outcome.refusal === 'HOLD_NOT_ALLOWED') throw new Error('unreachable: the date was taken as allowing holds');
  const storefront = policy.allowed && policy.holders !== 'box-office';
  return { holdDeadline: outcome.deadline.toISOString(), isHoldAvailable: storefront && outcome.refusal === null };
}

export function withHoldMode<P extends { dateTime: string; holdPolicy?: HoldPolicy }>(
  p: P,
  now: Date = new Date(),
): P & ReturnType<typeof holdModeOf> {
  return { ...p, ...holdModeOf(p, now) };
}
