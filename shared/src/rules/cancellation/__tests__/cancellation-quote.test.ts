import {
  cancellationQuote,
  type CancellationQuote,
  type CancellationQuoteFacts,
  type EventCancellationTerms,
  type QuotePayment,
  type QuoteTicket,
} from '../cancellation-quote';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26, 12);
const terms = (over: Partial<EventCancellationTerms> = {}): EventCancellationTerms => ({
  customerMayCancel: true,
  changesLocked: false,
  minMinutesBeforeEvent: 60,
  maxDaysAfterPurchase: 30,
  providerRefundAllowed: true,
  charge: { type: 'none', value: 0 },
  ...over,
});
const ticket = (identifier: string, valueAgorot: number, over: Partial<QuoteTicket> = {}): QuoteTicket => ({
  identifier,
  presentationId: 1,
  valueAgorot,
  status: 'live',
  eventStartsAtMs: NOW + 2 * DAY,
  ...over,
});
const card = (amountAgorot: number, over: Partial<QuotePayment> = {}): QuotePayment => ({
  paymentId: 'c',
  method: 'card',
  amountAgorot,
  refundedAgorot: 0,
  instalments: 1,
  ...over,
});
const voucher = (amountAgorot: number): QuotePayment => ({
  paymentId: 'v',
  method: 'voucher',
  amountAgorot,
  refundedAgorot: 0,
  instalments: 1,
});
const facts = (over: Partial<CancellationQuoteFacts> = {}): CancellationQuoteFacts => ({
  nowMs: NOW,
  purchasedAtMs: NOW - DAY,
  reservationState: 'paid',
  tickets: [ticket('A', 13200), ticket('B', 13200)],
  terms: new Map([[1, terms()]]),
  payments: [card(26400)],
  refundToTransactionCredit: false,
  ...over,
});
const fivePercent = new Map([[1, terms({ charge: { type: 'percent', value: 5 } })]]);

describe('cancellationQuote', () => {
  it.each<[string, Partial<CancellationQuoteFacts>, CancellationQuote]>([
    [
      'whole order, no charge: everything back to the card',
      {},
      {
        ok: true,
        cancelled: ['A', 'B'],
        whole: true,
        chargeAgorot: 0,
        refundAgorot: 26400,
        parts: [{ paymentId: 'c', kind: 'card', amountAgorot: 26400 }],
      },
    ],
    [
      '5 percent of a 264 order is 13.20 kept, 250.80 to the card',
      { terms: fivePercent },
      {
        ok: true,
        cancelled: ['A', 'B'],
        whole: true,
        chargeAgorot: 1320,
        refundAgorot: 25080,
        parts: [{ paymentId: 'c', kind: 'card', amountAgorot: 25080 }],
      },
    ],
    [
      'one of two tickets: its own value less its charge; the order stays',
      { terms: fivePercent, itemsToCancel: ['B'] },
      {
        ok: true,
        cancelled: ['B'],
        whole: false,
        chargeAgorot: 660,
        refundAgorot: 12540,
        parts: [{ paymentId: 'c', kind: 'card', amountAgorot: 12540 }],
      },
    ],
    [
      'the last tickets take the order-level fee too',
      { payments: [card(27000)] },
      {
        ok: true,
        cancelled: ['A', 'B'],
        whole: true,
        chargeAgorot: 0,
        refundAgorot: 27000,
        parts: [{ paymentId: 'c', kind: 'card', amountAgorot: 27000 }],
      },
    ],
    [
      'a voucher used on the order is re-credited first, the card gets the rest',
      { payments: [card(16400), voucher(10000)], terms: fivePercent },
      {
        ok: true,
        cancelled: ['A', 'B'],
        whole: true,
        chargeAgorot: 1320,
        refundAgorot: 25080,
        parts: [
          { paymentId: 'v', kind: 'voucher', amountAgorot: 10000 },
          { paymentId: 'c', kind: 'card', amountAgorot: 15080 },
        ],
      },
    ],
    [
      'store credit instead: one part, the same amount',
      { refundToTransactionCredit: true, terms: fivePercent },
      {
        ok: true,
        cancelled: ['A', 'B'],
        whole: true,
        chargeAgorot: 1320,
        refundAgorot: 25080,
        parts: [{ paymentId: null, kind: 'credit', amountAgorot: 25080 }],
      },
    ],
    [
      'a ticket cancelled earlier is not charged again; the rest of what is paid comes back',
      {
        tickets: [ticket('A', 13200, { status: 'cancelled' }), ticket('B', 13200)],
        payments: [card(26400, { refundedAgorot: 13200 })],
      },
      {
        ok: true,
        cancelled: ['B'],
        whole: true,
        chargeAgorot: 0,
        refundAgorot: 13200,
        parts: [{ paymentId: 'c', kind: 'card', amountAgorot: 13200 }],
      },
    ],
    ['an unknown ticket identifier', { itemsToCancel: ['A', 'Z'] }, { ok: false, refusal: 'NOTHING_TO_CANCEL' }],
    [
      'only cancelled tickets asked for',
      { tickets: [ticket('A', 13200, { status: 'cancelled' }), ticket('B', 13200)], itemsToCancel: ['A'] },
      { ok: false, refusal: 'NOTHING_TO_CANCEL' },
    ],
    ['the event has no terms', { terms: new Map() }, { ok: false, refusal: 'PRSNT_NOT_FOUND' }],
    [
      'too close to the event',
      { tickets: [ticket('A', 13200, { eventStartsAtMs: NOW + 30 * 60_000 })] },
      { ok: false, refusal: 'TOO_CLOSE_TO_PRSNT_DATE' },
    ],
    [
      'card refunds not allowed by the event',
      { terms: new Map([[1, terms({ providerRefundAllowed: false })]]) },
      { ok: false, refusal: 'PROVIDER_REFUND_NOT_ALLOWED' },
    ],
    [
      'instalments cannot be partly reversed',
      { payments: [card(26400, { instalments: 3 })], itemsToCancel: ['A'] },
      { ok: false, refusal: 'CANNOT_REFUND_CREDIT_TRANSACTION' },
    ],
    ['an unpaid hold', { reservationState: 'hold' }, { ok: false, refusal: 'BALANCE_IS_DUE' }],
  ])('%s', (_name, over, expected) => {
    expect(cancellationQuote(facts(over))).toEqual(expected);
  });

  it('two events in one order: each charged by its own terms', () => {
    const q = cancellationQuote(
      facts({
        tickets: [ticket('A', 10000), ticket('B', 10000, { presentationId: 2 })],
        payments: [card(20000)],
        terms: new Map([
          [1, terms({ charge: { type: 'fixed', value: 500 } })],
          [2, terms({ charge: { type: 'percent', value: 10 } })],
        ]),
      }),
    );
    expect(q).toMatchObject({ ok: true, chargeAgorot: 1500, refundAgorot: 18500 });
  });
});
