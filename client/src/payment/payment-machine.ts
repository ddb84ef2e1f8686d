import { ApiError, BAD_RESPONSE, NETWORK_ERROR } from '../api/client';

/**
 * The state machine of a payment step, pure (no React, no DOM) so it is table-tested:
 *
 *   idle ──pay──▶ opening ──form──▶ card ──authorised──▶ committing ──▶ idle + success | idle + failure
 *     │              └──error──▶ idle + failure         └──closed──▶ idle + cancelled
 *     └──pay (nothing due / cash)──────────────────────────▶ committing
 *
 * A failure carries the sentence a person reads (the server's translated message or ours) and the code that
 * decides what to offer next; a new attempt starts from idle again with the same cart identifier.
 */
export type PaymentPhase = 'idle' | 'opening' | 'card' | 'committing';

export interface PaymentFailure {
  /** A sentence for a person: the server's translated message or our own, never a code. */
  text: string;
  /** For choosing what to offer next (and for the console), never shown. */
  code: string;
}

export interface PaymentState {
  phase: PaymentPhase;
  /** The hosted card (or wallet) page while the dialog is open. */
  formUrl: string | null;
  failure: PaymentFailure | null;
  /** The visitor closed the card page: nothing was charged, and the step says so. */
  cancelled: boolean;
}

export type PaymentEvent =
  | { type: 'open' }
  | { type: 'form'; url: string }
  | { type: 'closed' }
  | { type: 'authorised' }
  | { type: 'commit' }
  | { type: 'success' }
  | { type: 'failure'; failure: PaymentFailure }
  | { type: 'refuse'; failure: PaymentFailure };

export const initialPayment: PaymentState = {
  phase: 'idle',
  formUrl: null,
  failure: null,
  cancelled: false,
};

export function paymentReducer(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'open':
      // Only from rest: a second click while a page opens or a commit runs changes nothing.
      return state.phase === 'idle' ? { ...state, phase: 'opening', failure: null, cancelled: false } : state;
    case 'form':
      return state.phase === 'opening' ? { ...state, phase: 'card', formUrl: event.url } : state;
    case 'closed':
      return state.phase === 'card' || state.phase === 'opening'
        ? { ...state, phase: 'idle', formUrl: null, cancelled: true }
        : state;
    case 'authorised':
      return { ...state, formUrl: null };
    case 'commit':
      return state.phase === 'committing'
        ? state
        : { ...state, phase: 'committing', formUrl: null, failure: null, cancelled: false };
    case 'success':
      return { ...state, phase: 'idle', formUrl: null, failure: null };
    case 'failure':
      return { ...state, phase: 'idle', formUrl: null, failure: event.failure };
    case 'refuse':
      // Refused before anything opened (offline, an incomplete order): only from rest.
      return state.phase === 'idle' ? { ...state, failure: event.failure, cancelled: false } : state;
  }
}

/** Refusals of this card: another card may succeed ("Pay with another card"). */
export const ANOTHER_CARD: ReadonlySet<string> = new Set(['PAYMENT_DECLINED', 'PAYMENT_INSUFFICIENT_FUNDS']);
/** Nothing wrong with the card: the same attempt may succeed now ("Try paying again"). */
export const TRY_AGAIN: ReadonlySet<string> = new Set([
  'PAYMENT_TIMEOUT',
  'PAYMENT_NOT_AUTHORISED',
  'PAYMENT_ERROR',
  'PAYMENT_FORM_NOT_FOUND',
  'SERVICE_UNAVAILABLE',
  'OFFLINE',
  NETWORK_ERROR,
  BAD_RESPONSE,
]);
/** The seats are gone (or were refunded): only choosing again helps. */
export const SEATS_GONE: ReadonlySet<string> = new Set(['LOCKS_EXPIRED', 'SEAT_NOT_LOCKED', 'SEATS_LOST_REFUNDED']);

/** What the step offers after a failure: another card, the same attempt again, or nothing new. */
export function retryKind(failure: PaymentFailure | null): 'anotherCard' | 'tryAgain' | null {
  if (!failure) return null;
  if (ANOTHER_CARD.has(failure.code)) return 'anotherCard';
  if (TRY_AGAIN.has(failure.code)) return 'tryAgain';
  return null;
}

/** The code of a failed call, as the machine reads it (offline wins: the call never left). */
export function failureCode(error: unknown, online: boolean): string {
  if (!online) return 'OFFLINE';
  return error instanceof ApiError ? error.code : 'Error';
}
