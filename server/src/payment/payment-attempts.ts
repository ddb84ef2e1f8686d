import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Logger } from 'pino';
import { BookingError } from '../cart';
import { LOGGER } from '../common/logger';
import { Metrics, NO_METRICS, NO_TRACING, paymentProviderSpan, Tracing } from '../observability';
import {
  PaymentProvider,
  PaymentProviderTimeout,
  type ChargeRequest,
  type ChargeResult,
  type ChargeStatus,
  type RefundRequest,
  type RefundResult,
} from './payment-provider.port';

/** An approved charge: what the attempt's owner records. */
export interface ApprovedCharge {
  providerReference: string;
  instalments: number;
}

/** How the attempt's own row records a charge that did not go through (then the buyer's refusal is thrown). */
export type CloseAttempt = (closed: {
  status: 'declined' | 'failed';
  reason: string;
  providerReference: string | null;
}) => Promise<void>;

/**
 * THE conversation with the payment provider for one payment attempt (Stripe's PaymentIntent, pretix's
 * execute_payment): charge with the attempt's idempotency key; on no answer, ask the provider's status for the same
 * key before deciding; map every outcome to the buyer's refusal, closing the attempt through its owner; and the
 * refund of money that paid for nothing; the status of an in-doubt charge for the recovery loop. Every charge, status
 * query and refund of the server goes through here: the commit (orders/settlement.service.ts), paying a hold
 * (holds/hold-payment.service.ts), cancellations' card refunds (cancellations/cancellation.service.ts), and the one
 * recovery loop (payment-recovery.job.ts). Card and wallet alike: the provider behind it is the router
 * (payment-router.ts). An attempt's state is one money_attempt row, whatever it pays for or gives back
 * (docs/decisions/015-one-money-attempt.md).
 */
@Injectable()
export class PaymentAttempts {
  constructor(
    private readonly provider: PaymentProvider,
    @Inject(LOGGER) private readonly logger: Logger,
    @Optional() private readonly metrics: Metrics = NO_METRICS,
    @Optional() private readonly tracing: Tracing = NO_TRACING,
  ) {}

  /** The provider's charge, as a client span with traces on (its answer's status, never the card). */
  private providerCharge(request: ChargeRequest): Promise<ChargeResult> {
    // Off, not even the span's name is built (the router's nameFor reads the identifier).
    if (!this.tracing.enabled) return this.provider.charge(request);
    return this.tracing.span(
      paymentProviderSpan('charge', this.provider.nameFor(request.paymentIdentifier)),
      () => this.provider.charge(request),
      (result) => ({ 'hotline.payment.status': result.status }),
    );
  }

  private providerStatus(idempotencyKey: string): Promise<ChargeStatus> {
    return this.tracing.span(
      paymentProviderSpan('status', this.provider.name),
      () => this.provider.status(idempotencyKey),
      (result) => ({ 'hotline.payment.status': result.status }),
    );
  }

  /**
   * Approval, or the attempt closed (`close`) and the refusal thrown. When neither the charge nor the status query
   * answers, the attempt is left open (pending) for the recovery job and PAYMENT_TIMEOUT / PAYMENT_ERROR is thrown.
   */
  charge(request: ChargeRequest, close: CloseAttempt): Promise<ApprovedCharge> {
    return this.metrics.timed('payment_charge', () => this.chargeOnce(request, close));
  }

  private async chargeOnce(request: ChargeRequest, close: CloseAttempt): Promise<ApprovedCharge> {
    let result: ChargeResult | { status: 'timeout' } | { status: 'unknown' };
    try {
      result = await this.providerCharge(request);
    } catch (error) {
      // No answer: whether money moved is unknown until the provider is asked.
      const timedOut = error instanceof PaymentProviderTimeout;
      if (!timedOut) this.logger.error({ err: error, attempt: request.description }, 'payment provider failed');
      const status = await this.providerStatus(request.idempotencyKey).catch(() => null);
      if (status?.status === 'approved') result = { ...status, status: 'approved' };
      else if (status === null) throw new BookingError(timedOut ? 'PAYMENT_TIMEOUT' : 'PAYMENT_ERROR');
      else result = { status: timedOut ? 'timeout' : 'unknown' };
    }
    switch (result.status) {
      case 'approved':
        return { providerReference: result.providerReference, instalments: result.instalments };
      case 'declined':
        await close({ status: 'declined', reason: 'declined', providerReference: result.providerReference });
        throw new BookingError('PAYMENT_DECLINED');
      case 'insufficient_funds':
        await close({ status: 'declined', reason: 'insufficient_funds', providerReference: result.providerReference });
        throw new BookingError('PAYMENT_INSUFFICIENT_FUNDS');
      case 'timeout':
        await close({ status: 'failed', reason: 'timeout', providerReference: null });
        throw new BookingError('PAYMENT_TIMEOUT');
      case 'not_authorised':
      case 'refunded':
        await close({ status: 'failed', reason: result.status, providerReference: null });
        throw new BookingError('PAYMENT_NOT_AUTHORISED');
      default:
        await close({ status: 'failed', reason: 'provider error', providerReference: null });
        throw new BookingError('PAYMENT_ERROR');
    }
  }

  /**
   * What the provider knows of the charge under `idempotencyKey` (the recovery loop's question for an attempt whose
   * outcome was never heard). Throws when the provider does not answer: the attempt stays in doubt, asked again later.
   */
  statusOf(idempotencyKey: string): Promise<ChargeStatus> {
    return this.providerStatus(idempotencyKey);
  }

  /**
   * The provider call of a refund the owner already recorded as pending (so a failure is never forgotten): true and
   * `markRefunded` on success; false (logged) when it failed or got no answer, for the recovery loop to retry.
   */
  async refund(request: RefundRequest, markRefunded: () => Promise<void>, attempt: string): Promise<boolean> {
    const refund = await this.refundOnce(request).catch((err: unknown) => ({
      status: 'failed' as const,
      reason: String((err as Error)?.message ?? err),
    }));
    if (refund.status === 'refunded') {
      await markRefunded();
      return true;
    }
    this.logger.error({ attempt, refund }, 'refund failed: left refund_pending; the recovery loop retries it');
    return false;
  }

  /**
   * One refund call, its answer as the provider gave it: 'refunded', or a definite refusal the owner records (a
   * cancellation's refund needs a person then). Throws when the provider does not answer: the owner's row stays open
   * for the recovery loop. Idempotent per charge, or per `idempotencyKey` for a partial refund.
   */
  refundOnce(request: RefundRequest): Promise<RefundResult> {
    return this.tracing.span(
      paymentProviderSpan('refund', this.provider.name),
      () => this.provider.refund(request),
      (result) => ({ 'hotline.payment.status': result.status }),
    );
  }
}
