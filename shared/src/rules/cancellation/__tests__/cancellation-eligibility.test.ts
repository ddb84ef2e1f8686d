import {
  cancellationRefusal,
  type CancellationPolicy,
  type CancellationRefusal,
  type CancellationRequestFacts,
} from '../cancellation-eligibility';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 20, 12);

const policy: CancellationPolicy = {
  customerMayCancel: true,
  changesLocked: false,
  minMinutesBeforeEvent: 24 * 60,
  maxDaysAfterPurchase: 14,
  providerRefundAllowed: true,
};
const facts: CancellationRequestFacts = {
  nowMs: NOW,
  eventStartsAtMs: NOW + 3 * DAY,
  purchasedAtMs: NOW - DAY,
  liveTicketsChosen: 2,
  partial: false,
  reservationState: 'paid',
  paymentMethods: ['card'],
  cardInstalments: 1,
  refundToTransactionCredit: false,
};

describe('cancellationRefusal', () => {
  it.each<[string, CancellationPolicy | null, Partial<CancellationRequestFacts>, CancellationRefusal | null]>([
    ['allowed', policy, {}, null],
    ['no settings for the event', null, {}, 'PRSNT_NOT_FOUND'],
    ['event does not allow customer cancellation', { ...policy, customerMayCancel: false }, {}, 'PRSNT_NOT_FOUND'],
    ['event locked against changes', { ...policy, changesLocked: true }, {}, 'NOT_POSSIBLE_TO_CHANGE_DATE_FOR_EVENT'],
    ['nothing live left', policy, { liveTicketsChosen: 0 }, 'NOTHING_TO_CANCEL'],
    ['unpaid hold order', policy, { reservationState: 'hold' }, 'BALANCE_IS_DUE'],
    ['paid through a benefit provider', policy, { paymentMethods: ['card', 'benefit'] }, 'CONTACT_ICMEGA_PROVIDER'],
    ['card refund not allowed', { ...policy, providerRefundAllowed: false }, {}, 'PROVIDER_REFUND_NOT_ALLOWED'],
    [
      'card refund not allowed but store credit asked',
      { ...policy, providerRefundAllowed: false },
      { refundToTransactionCredit: true },
      null,
    ],
    [
      'voucher-only order needs no provider',
      { ...policy, providerRefundAllowed: false },
      { paymentMethods: ['voucher'] },
      null,
    ],
    [
      'partial cancel of an instalment deal',
      policy,
      { cardInstalments: 3, partial: true },
      'CANNOT_REFUND_CREDIT_TRANSACTION',
    ],
    ['whole cancel of an instalment deal', policy, { cardInstalments: 3, partial: false }, null],
    [
      'partial instalment deal to store credit',
      policy,
      { cardInstalments: 3, partial: true, refundToTransactionCredit: true },
      null,
    ],
    ['exactly at the limit before the event', policy, { eventStartsAtMs: NOW + DAY }, null],
    ['a minute too close', policy, { eventStartsAtMs: NOW + DAY - 60_000 }, 'TOO_CLOSE_TO_PRSNT_DATE'],
    ['event already started', policy, { eventStartsAtMs: NOW - HOUR }, 'TOO_CLOSE_TO_PRSNT_DATE'],
    ['bought too long ago', policy, { purchasedAtMs: NOW - 15 * DAY }, 'TOO_FAR_FROM_PURCHASE_DATE'],
    ['exactly at the purchase limit', policy, { purchasedAtMs: NOW - 14 * DAY }, null],
    ['no purchase limit', { ...policy, maxDaysAfterPurchase: null }, { purchasedAtMs: NOW - 400 * DAY }, null],
  ])('%s', (_label, p, change, expected) => {
    expect(cancellationRefusal(p, { ...facts, ...change })).toBe(expected);
  });
});
