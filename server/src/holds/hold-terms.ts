import type { HoldPolicy } from '@hotline/shared';

/**
 * What the one commit (orders/commit.orchestrator.ts) needs to know to take an order as a hold: whose hold it is,
 * and the hold's rules on the quoted seats (shared holdPolicyOutcome and holdRefusal: each date's hold policy, no
 * premium seat, before the deadline). Plain data and a function, so the orders context asks the holds context
 * without importing its services.
 */
export interface HoldTerms {
  customerId: number;
  /**
   * The release instant of a hold on these seats; throws the hold's refusal (409 HOLD_NOT_ALLOWED with the dates,
   * HOLD_PREMIUM_SEAT with the seats, HOLD_TOO_LATE).
   */
  accept(quoted: {
    dates: { presentationId: number; start: Date; policy: HoldPolicy }[];
    premiumSeatKeys: string[];
  }): Date;
}
