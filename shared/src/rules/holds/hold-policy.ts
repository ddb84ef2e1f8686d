import { HOLD_PAY_BEFORE_EVENT_MS } from './hold-deadline';

/**
 * Who may place a hold on a date: customers with an active membership (what every date had), any signed-in customer,
 * or nobody on the storefront (the box office keeps the seats with its own blocks; rule in hold-holders.ts).
 */
export const HOLD_HOLDERS = ['members', 'customers', 'box-office'] as const;
export type HoldHolders = (typeof HOLD_HOLDERS)[number];

/**
 * A date's hold policy, set in the back office: whether a hold order may take its seats at all, who may place one,
 * how many minutes before the start an unpaid hold is released (the pay-and-collect deadline), and at most how long
 * a hold lives from the moment it is placed (null: until that deadline).
 */
export interface HoldPolicy {
  allowed: boolean;
  holders: HoldHolders;
  releaseMinutesBeforeStart: number;
  maxHoldMinutes: number | null;
}

/** What every date had before policies: holds allowed, released 30 minutes before the start (memberships spec 9). */
export const DEFAULT_HOLD_POLICY: HoldPolicy = {
  allowed: true,
  holders: 'members',
  releaseMinutesBeforeStart: HOLD_PAY_BEFORE_EVENT_MS / 60_000,
  maxHoldMinutes: null,
};

/** The bounds the back office accepts (also the database's checks): up to 14 days either way. */
export const HOLD_POLICY_BOUNDS = {
  releaseMinutesBeforeStart: { min: 0, max: 20_160 },
  maxHoldMinutes: { min: 15, max: 20_160 },
} as const;

export type HoldPolicyOutcome =
  | { refusal: 'HOLD_NOT_ALLOWED'; presentationIds: number[] }
  | { refusal: 'HOLD_TOO_LATE'; deadline: Date }
  | { refusal: null; deadline: Date };

/**
 * A hold on these dates placed at `now`: refused while any date does not allow holds (naming them), refused from the
 * earliest date's release deadline on, otherwise released at that deadline or `maxHoldMinutes` after now, whichever
 * comes first. A hold over several dates lives and dies as one order, so the strictest date decides.
 */
export function holdPolicyOutcome(
  dates: readonly { presentationId: number; start: Date; policy: HoldPolicy }[],
  now: Date,
): HoldPolicyOutcome {
  if (dates.length === 0) throw new RangeError('a hold order has at least one date');
  const closed = dates.filter((d) => !d.policy.allowed).map((d) => d.presentationId);
  if (closed.length) return { refusal: 'HOLD_NOT_ALLOWED', presentationIds: [...new Set(closed)] };
  const byStart = Math.min(...dates.map((d) => d.start.getTime() - d.policy.releaseMinutesBeforeStart * 60_000));
  if (now.getTime() >= byStart) return { refusal: 'HOLD_TOO_LATE', deadline: new Date(byStart) };
  const lives = dates.map((d) => d.policy.maxHoldMinutes).filter((m): m is number => m !== null);
  const byLife = lives.length ? now.getTime() + Math.min(...lives) * 60_000 : Infinity;
  return { refusal: null, deadline: new Date(Math.min(byStart, byLife)) };
}
