import { cancellationCharge, type CancellationCharge } from './cancellation-charge';
import { cancellationRefusal, type CancellationPolicy, type CancellationRefusal } from './cancellation-eligibility';
import { splitRefund, type PaidWith, type RefundPart } from './refund-split';

/**
 * What a customer's cancellation would do: which tickets go, the charge kept, the
 * refund and where each part of it goes. One rule for both the read-only quote the
 * dialog shows before the buyer confirms and the cancellation itself, so the two
 * can never disagree: the service reads the same facts (under the row
 * lock when it cancels) and applies exactly this answer.
 */
export interface QuoteTicket {
  identifier: string;
  presentationId: number;
  /** Price plus service charge, agorot. */
  valueAgorot: number;
  status: 'live' | 'cancelled';
  eventStartsAtMs: number;
}

export interface QuotePayment {
  paymentId: string;
  /** card, voucher, benefit, ... (only card and voucher are given back here). */
  method: string;
  amountAgorot: number;
  refundedAgorot: number;
  instalments: number;
}

export interface EventCancellationTerms extends CancellationPolicy {
  charge: CancellationCharge;
}

export interface CancellationQuoteFacts {
  nowMs: number;
  purchasedAtMs: number;
  reservationState: string;
  /** Every ticket of the reservation, live and cancelled. */
  tickets: readonly QuoteTicket[];
  /** Ticket identifiers asked for; empty or missing = every live ticket of the order. */
  itemsToCancel?: readonly string[];
  terms: ReadonlyMap<number, EventCancellationTerms>;
  payments: readonly QuotePayment[];
  refundToTransactionCredit: boolean;
}

export type CancellationQuote =
  | { ok: false; refusal: CancellationRefusal }
  | {
      ok: true;
      /** Identifiers of the live tickets that would be cancelled. */
      cancelled: string[];
      /** No live ticket would remain: the reservation itself is cancelled. */
      whole: boolean;
      chargeAgorot: number;
      refundAgorot: number;
      parts: RefundPart[];
    };

export function cancellationQuote(f: CancellationQuoteFacts): CancellationQuote {
  const wanted = f.itemsToCancel?.length ? new Set(f.itemsToCancel) : null;
  if (wanted && [...wanted].some((w) => !f.tickets.some((t) => t.identifier === w))) {
    return { ok: false, refusal: 'NOTHING_TO_CANCEL' };
  }
  const requested = wanted ? f.tickets.filter((t) => wanted.has(t.identifier)) : [...f.tickets];
  const chosen = requested.filter((t) => t.status === 'live');
  const remaining = f.tickets.filter((t) => t.status === 'live' && !chosen.includes(t));
  const card = f.payments.find((p) => p.method === 'card');

  const groups = new Map<number, QuoteTicket[]>();
  for (const t of chosen) groups.set(t.presentationId, [...(groups.get(t.presentationId) ?? []), t]);
  // Nothing live among those asked for: the first ticket's event still answers (its settings come first).
  const checks: [number, QuoteTicket[]][] = groups.size
    ? [...groups.entries()]
    : [[requested[0]?.presentationId ?? 0, []]];
  let charge = 0;
  for (const [presentationId, group] of checks) {
    const terms = f.terms.get(presentationId) ?? null;
    const refusal = cancellationRefusal(terms, {
      nowMs: f.nowMs,
      eventStartsAtMs: group[0]?.eventStartsAtMs ?? 0,
      purchasedAtMs: f.purchasedAtMs,
      liveTicketsChosen: group.length,
      partial: remaining.length > 0,
      reservationState: f.reservationState,
      paymentMethods: f.payments.map((p) => p.method),
      cardInstalments: card?.instalments ?? 1,
      refundToTransactionCredit: f.refundToTransactionCredit,
    });
    if (refusal) return { ok: false, refusal };
    charge += cancellationCharge(
      terms!.charge,
      group.map((t) => t.valueAgorot),
    );
  }

  const paidLeft = f.payments.reduce((s, p) => s + Math.max(0, p.amountAgorot - p.refundedAgorot), 0);
  // The last tickets of an order take everything still paid (order-level fees included).
  const gross = remaining.length === 0 ? paidLeft : chosen.reduce((s, t) => s + t.valueAgorot, 0);
  const refund = Math.max(0, Math.min(gross - charge, paidLeft));
  const paid: PaidWith[] = f.payments
    .filter((p) => p.method === 'card' || p.method === 'voucher')
    .map((p) => ({
      paymentId: p.paymentId,
      method: p.method as 'card' | 'voucher',
      paidAgorot: p.amountAgorot,
      refundedAgorot: p.refundedAgorot,
    }));
  return {
    ok: true,
    cancelled: chosen.map((t) => t.identifier),
    whole: remaining.length === 0,
    chargeAgorot: charge,
    refundAgorot: refund,
    parts: splitRefund(refund, paid, f.refundToTransactionCredit),
  };
}
