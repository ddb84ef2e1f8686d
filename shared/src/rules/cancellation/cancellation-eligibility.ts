/**
 * Whether a customer may cancel these tickets now (memberships-backoffice-spec.md
 * section 8, customer-area codes). Checked in this order, the first failing rule
 * answers: the settings of the event, then what is left to cancel, then how the
 * order was paid, then the two time windows.
 */
export type CancellationRefusal =
  | 'PRSNT_NOT_FOUND'
  | 'NOT_POSSIBLE_TO_CHANGE_DATE_FOR_EVENT'
  | 'NOTHING_TO_CANCEL'
  | 'BALANCE_IS_DUE'
  | 'CONTACT_ICMEGA_PROVIDER'
  | 'PROVIDER_REFUND_NOT_ALLOWED'
  | 'CANNOT_REFUND_CREDIT_TRANSACTION'
  | 'TOO_CLOSE_TO_PRSNT_DATE'
  | 'TOO_FAR_FROM_PURCHASE_DATE';

export interface CancellationPolicy {
  /** The event lets customers cancel from the customer area at all (off = PRSNT_NOT_FOUND, "event settings disallow changes"). */
  customerMayCancel: boolean;
  /** The event is locked against any change (festival passes, fixed-date packages). */
  changesLocked: boolean;
  /** Latest cancellation: this many minutes before the event starts. */
  minMinutesBeforeEvent: number;
  /** Cancellation only within this many days of the purchase (null = no limit). */
  maxDaysAfterPurchase: number | null;
  /** The money may go back to the card through the provider (otherwise store credit only). */
  providerRefundAllowed: boolean;
}

export interface CancellationRequestFacts {
  nowMs: number;
  eventStartsAtMs: number;
  purchasedAtMs: number;
  /** Live (not yet cancelled) tickets among those asked for. */
  liveTicketsChosen: number;
  /** Whether some live tickets of the reservation stay (a partial cancellation). */
  partial: boolean;
  /** paid | hold | ... : only a paid reservation has money to give back. */
  reservationState: string;
  /** How it was paid: card, voucher, benefit (an external benefit provider), ... */
  paymentMethods: readonly string[];
  /** The card payment's number of instalments (1 = ordinary; more = an instalment "credit" transaction). */
  cardInstalments: number;
  refundToTransactionCredit: boolean;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

export function cancellationRefusal(
  policy: CancellationPolicy | null,
  facts: CancellationRequestFacts,
): CancellationRefusal | null {
  if (!policy || !policy.customerMayCancel) return 'PRSNT_NOT_FOUND';
  if (policy.changesLocked) return 'NOT_POSSIBLE_TO_CHANGE_DATE_FOR_EVENT';
  if (facts.liveTicketsChosen === 0) return 'NOTHING_TO_CANCEL';
  if (facts.reservationState !== 'paid') return 'BALANCE_IS_DUE';
  if (facts.paymentMethods.some((m) => m === 'benefit')) return 'CONTACT_ICMEGA_PROVIDER';
  const paidByCard = facts.paymentMethods.includes('card');
  if (paidByCard && !facts.refundToTransactionCredit && !policy.providerRefundAllowed) {
    return 'PROVIDER_REFUND_NOT_ALLOWED';
  }
  // An instalment ("credit") deal cannot be partly reversed at the acquirer; store credit still can.
  if (paidByCard && facts.cardInstalments > 1 && facts.partial && !facts.refundToTransactionCredit) {
    return 'CANNOT_REFUND_CREDIT_TRANSACTION';
  }
  if (facts.nowMs > facts.eventStartsAtMs - policy.minMinutesBeforeEvent * MINUTE) return 'TOO_CLOSE_TO_PRSNT_DATE';
  if (policy.maxDaysAfterPurchase !== null && facts.nowMs > facts.purchasedAtMs + policy.maxDaysAfterPurchase * DAY) {
    return 'TOO_FAR_FROM_PURCHASE_DATE';
  }
  return null;
}
