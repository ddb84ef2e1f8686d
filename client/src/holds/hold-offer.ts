import { DEFAULT_HOLD_POLICY, holdPolicyOutcome, type ApiPresentation } from '@hotline/shared';

/**
 * What the payment step offers as a hold for the cart's dates, by each date's hold policy and the rule the commit
 * applies (shared holdPolicyOutcome: the strictest date of the order decides the deadline):
 * - `offered`: until `deadline`; `membersOnly` when any date keeps holds for members;
 * - `tooLate`: the deadline has passed;
 * - `notOffered`: a date takes no holds, or only the box office places them.
 * Display only: the commit decides. A date from a server that does not send its policy has the default.
 */
export type HoldOffer =
  { kind: 'offered'; deadline: Date; membersOnly: boolean } | { kind: 'tooLate' } | { kind: 'notOffered' };

export function holdOfferOf(
  presentations: readonly Pick<ApiPresentation, 'id' | 'dateTime' | 'holdPolicy'>[],
  now: Date,
): HoldOffer | null {
  if (presentations.length === 0) return null;
  const dates = presentations.map((p) => ({
    presentationId: p.id,
    start: new Date(p.dateTime),
    policy: p.holdPolicy ?? DEFAULT_HOLD_POLICY,
  }));
  if (dates.some((d) => d.policy.holders === 'box-office')) return { kind: 'notOffered' };
  const outcome = holdPolicyOutcome(dates, now);
  if (outcome.refusal === 'HOLD_NOT_ALLOWED') return { kind: 'notOffered' };
  if (outcome.refusal === 'HOLD_TOO_LATE') return { kind: 'tooLate' };
  return {
    kind: 'offered',
    deadline: outcome.deadline,
    membersOnly: dates.some((d) => d.policy.holders === 'members'),
  };
}
