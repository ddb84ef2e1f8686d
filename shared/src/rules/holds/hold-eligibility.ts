/** Why a cart cannot be placed as a hold order, checked before anything is written. */
export type HoldRefusal = 'HOLD_LOGIN_REQUIRED' | 'HOLD_MEMBERSHIP_REQUIRED' | 'HOLD_PREMIUM_SEAT' | 'HOLD_TOO_LATE';

/**
 * Hold (unpaid) order rules (memberships-backoffice-spec.md section 4): login, an active membership,
 * no premium seat (the visitor is offered a regular order instead), and before the deadline. First refusal wins,
 * in the order a visitor can act on them.
 */
export function holdRefusal(c: {
  customerId: number | null;
  isMember: boolean;
  premiumSeats: number;
  beforeDeadline: boolean;
}): HoldRefusal | null {
  if (c.customerId === null) return 'HOLD_LOGIN_REQUIRED';
  if (!c.isMember) return 'HOLD_MEMBERSHIP_REQUIRED';
  if (c.premiumSeats > 0) return 'HOLD_PREMIUM_SEAT';
  if (!c.beforeDeadline) return 'HOLD_TOO_LATE';
  return null;
}
