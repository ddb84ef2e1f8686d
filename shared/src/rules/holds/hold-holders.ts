import type { HoldPolicy } from './hold-policy';

export type HoldHolderOutcome =
  | { refusal: 'HOLD_NOT_ALLOWED'; presentationIds: number[] }
  | { refusal: 'HOLD_MEMBERSHIP_REQUIRED' }
  | { refusal: null };

/**
 * May this signed-in customer place a hold on these dates? Each date names who may (its policy's `holders`): a date
 * held for the box office refuses every storefront hold (naming the dates, like a date that takes none), a date for
 * members needs an active membership, a date for customers needs only the sign-in. A hold is one order, so every
 * date must let the customer in; the dates' own refusals come first (the customer cannot act on them).
 */
export function holdHolderOutcome(
  dates: readonly { presentationId: number; policy: Pick<HoldPolicy, 'holders'> }[],
  customer: { isMember: boolean },
): HoldHolderOutcome {
  const boxOfficeOnly = dates.filter((d) => d.policy.holders === 'box-office').map((d) => d.presentationId);
  if (boxOfficeOnly.length) return { refusal: 'HOLD_NOT_ALLOWED', presentationIds: [...new Set(boxOfficeOnly)] };
  if (!customer.isMember && dates.some((d) => d.policy.holders === 'members'))
    return { refusal: 'HOLD_MEMBERSHIP_REQUIRED' };
  return { refusal: null };
}
