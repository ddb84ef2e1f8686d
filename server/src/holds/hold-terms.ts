/**
 * What the one commit (orders/commit.orchestrator.ts) needs to know to take an order as a hold: whose hold it is,
 * and the hold's rules on the quoted seats (shared holdRefusal: no premium seat, before the deadline). Plain data
 * and a function, so the orders context asks the holds context without importing its services.
 */
export interface HoldTerms {
  customerId: number;
  /** The deadline of a hold on these seats; throws the hold's refusal (409 HOLD_PREMIUM_SEAT, HOLD_TOO_LATE). */
  accept(quoted: { showTimes: Date[]; premiumSeatKeys: string[] }): Date;
}
