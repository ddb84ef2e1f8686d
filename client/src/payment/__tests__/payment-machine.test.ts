import { ApiError, NETWORK_ERROR } from '../../api/client';
import {
  failureCode,
  initialPayment,
  paymentReducer,
  retryKind,
  type PaymentEvent,
  type PaymentState,
} from '../payment-machine';

const run = (events: PaymentEvent[], from: PaymentState = initialPayment) => events.reduce(paymentReducer, from);
const declined = { text: 'The card was declined.', code: 'PAYMENT_DECLINED' };

describe('payment step state machine', () => {
  test.each<[string, PaymentEvent[], Partial<PaymentState>]>([
    ['the card page opens', [{ type: 'open' }, { type: 'form', url: '/pay/1' }], { phase: 'card', formUrl: '/pay/1' }],
    [
      'authorised, then the commit succeeds',
      [
        { type: 'open' },
        { type: 'form', url: '/pay/1' },
        { type: 'authorised' },
        { type: 'commit' },
        { type: 'success' },
      ],
      { phase: 'idle', formUrl: null, failure: null },
    ],
    [
      'the commit fails with the server text',
      [{ type: 'open' }, { type: 'form', url: '/pay/1' }, { type: 'commit' }, { type: 'failure', failure: declined }],
      { phase: 'idle', formUrl: null, failure: declined },
    ],
    [
      'closing the card page says nothing was charged',
      [{ type: 'open' }, { type: 'form', url: '/pay/1' }, { type: 'closed' }],
      { phase: 'idle', formUrl: null, cancelled: true },
    ],
    [
      'a new attempt after a failure clears it',
      [{ type: 'commit' }, { type: 'failure', failure: declined }, { type: 'open' }],
      { phase: 'opening', failure: null },
    ],
    ['nothing due: straight to the commit', [{ type: 'commit' }], { phase: 'committing', formUrl: null }],
    [
      'a refusal before anything opens (offline, waiver)',
      [{ type: 'refuse', failure: { text: 'offline', code: 'OFFLINE' } }],
      { phase: 'idle', failure: { text: 'offline', code: 'OFFLINE' } },
    ],
    [
      'opening the card page fails',
      [{ type: 'open' }, { type: 'failure', failure: { text: 'x', code: NETWORK_ERROR } }],
      { phase: 'idle', formUrl: null, failure: { text: 'x', code: NETWORK_ERROR } },
    ],
  ])('%s', (_name, events, expected) => {
    expect(run(events)).toMatchObject(expected);
  });

  test('a second click while busy changes nothing', () => {
    const opening = run([{ type: 'open' }]);
    expect(paymentReducer(opening, { type: 'open' })).toBe(opening);
    const committing = run([{ type: 'commit' }]);
    expect(paymentReducer(committing, { type: 'commit' })).toBe(committing);
    expect(paymentReducer(committing, { type: 'refuse', failure: declined })).toBe(committing);
    // A card page that answers late, after the step moved on, opens nothing.
    expect(paymentReducer(committing, { type: 'form', url: '/late' })).toBe(committing);
    expect(paymentReducer(committing, { type: 'closed' })).toBe(committing);
  });

  test.each([
    ['PAYMENT_DECLINED', 'anotherCard'],
    ['PAYMENT_INSUFFICIENT_FUNDS', 'anotherCard'],
    ['PAYMENT_TIMEOUT', 'tryAgain'],
    [NETWORK_ERROR, 'tryAgain'],
    ['OFFLINE', 'tryAgain'],
    ['LOCKS_EXPIRED', null],
    ['PRICE_MISMATCH', null],
  ])('after %s the step offers %s', (code, kind) => {
    expect(retryKind({ text: '', code })).toBe(kind);
  });

  test('the failure code: offline wins, then the API code', () => {
    const declinedError = new ApiError(402, 'PAYMENT_DECLINED', 'declined');
    expect(failureCode(declinedError, true)).toBe('PAYMENT_DECLINED');
    expect(failureCode(declinedError, false)).toBe('OFFLINE');
    expect(failureCode(new Error('boom'), true)).toBe('Error');
  });
});
