import type { Locale } from '../common/locale';

/**
 * The card payment port. The commit service only talks to this; the built-in
 * implementation is SandboxPaymentProvider, a SIMULATION (no money moves). A real
 * Israeli acquirer/gateway adapter implements the same four calls.
 *
 * Contract, so that no order is ever charged twice:
 *  - `charge` is idempotent on `idempotencyKey`: the same key always answers the
 *    first attempt's outcome and never charges again;
 *  - it may throw PaymentProviderTimeout when the provider did not answer in
 *    time: the outcome is then UNKNOWN, and the caller asks `status(key)`;
 *  - `refund` is idempotent per charge.
 */
export interface ChargeRequest {
  idempotencyKey: string;
  /** Card authorisation from the hosted card page (cart.paymentIdentifier). */
  paymentIdentifier: string;
  /** The visitor the authorisation must belong to. */
  visitorId: string;
  amountAgorot: number;
  currency: 'ILS';
  description: string;
}

export type ChargeResult =
  | { status: 'approved'; providerReference: string; instalments: number; last4: string }
  | { status: 'declined' | 'insufficient_funds'; providerReference: string | null }
  /** The authorisation is unknown, expired, someone else's, or its key was used with another amount. */
  | { status: 'not_authorised' }
  /** The key's charge exists but was refunded: it can never pay for anything again. */
  | { status: 'refunded'; providerReference: string };

export type ChargeStatus =
  | { status: 'approved'; providerReference: string; amountAgorot: number; instalments: number; last4: string }
  | { status: 'declined' | 'insufficient_funds' | 'refunded'; providerReference: string }
  | { status: 'not_found' };

export interface RefundRequest {
  providerReference: string;
  amountAgorot: number;
  reason: string;
  /**
   * Partial refunds (customer cancellations): the provider refunds `amountAgorot`
   * of the charge once per key. Without a key the whole charge is refunded.
   */
  idempotencyKey?: string;
}

export type RefundResult = { status: 'refunded' } | { status: 'failed'; reason: string };

export interface PaymentFormRequest {
  visitorId: string;
  locale: Locale;
  /** Shown on the card page only; what is charged is the commit's own total. */
  displayTotalAgorot: number;
  ssn: string | null;
}

export class PaymentProviderTimeout extends Error {
  constructor() {
    super('payment provider did not answer in time');
  }
}

export abstract class PaymentProvider {
  /** Stored in payment.provider. */
  abstract readonly name: string;
  /** True for a simulation: UIs and logs must say no real money moves. */
  abstract readonly isSimulation: boolean;
  /** A hosted card page for one visitor; the page hands a card authorisation back to the storefront. */
  abstract createPaymentForm(request: PaymentFormRequest): Promise<{ path: string }>;
  abstract charge(request: ChargeRequest): Promise<ChargeResult>;
  abstract refund(request: RefundRequest): Promise<RefundResult>;
  abstract status(idempotencyKey: string): Promise<ChargeStatus>;
  /** Stored in payment.provider for a charge of this payment identifier (a router answers its target's name). */
  nameFor(_paymentIdentifier: string | null | undefined): string {
    return this.name;
  }
}
