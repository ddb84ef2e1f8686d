import { Inject, Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logger';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import {
  PaymentProvider,
  PaymentProviderTimeout,
  type ChargeRequest,
  type ChargeResult,
  type ChargeStatus,
  type PaymentFormRequest,
  type RefundRequest,
  type RefundResult,
} from '../payment-provider.port';
import type { SandboxChargeStatus } from '../sandbox-ledger.repository';
import { WalletLedgerRepository } from './wallet-ledger.repository';

/**
 * SIMULATION of a PayPal-like wallet. NO REAL MONEY MOVES. The buyer approves
 * (or cancels) a checkout on the sandbox wallet page, choosing one of the
 * sandbox buyer accounts, each of which simulates one outcome at capture time:
 * approved, declined, insufficient funds, or no answer (timeout). Same contract
 * as the card sandbox: captures idempotent per key, an approval pays once and
 * never more than it was approved for, refunds whole or in parts, status by key.
 */
@Injectable()
export class WalletSandboxProvider extends PaymentProvider {
  readonly name = 'sandbox-wallet';
  readonly isSimulation = true;

  constructor(
    private readonly ledger: WalletLedgerRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
    const level = config.NODE_ENV === 'production' ? 'warn' : 'info';
    this.logger[level]('wallet provider: SANDBOX SIMULATION - no real money moves');
  }

  /** The wallet's checkout page (where a real wallet would log the buyer in and ask for approval). */
  async createPaymentForm(request: PaymentFormRequest): Promise<{ path: string }> {
    const order = await this.ledger.createOrder(
      { visitorId: request.visitorId, locale: request.locale, totalAgorot: request.displayTotalAgorot },
      this.config.PAYMENT_FORM_TTL_SECONDS,
    );
    return { path: `/api/payment/sandbox/wallet/${order.token}` };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const existing = await this.ledger.captureByKey(request.idempotencyKey);
    if (existing) {
      // Idempotent replay: the first attempt's answer, never a second capture; another amount under the key is refused.
      if (existing.amountAgorot !== request.amountAgorot || existing.paymentId !== request.paymentIdentifier) {
        return { status: 'not_authorised' };
      }
      return this.resultOf(existing.status, existing.id);
    }
    const order = await this.ledger.orderByPayment(request.paymentIdentifier);
    if (
      !order ||
      order.status !== 'approved' ||
      !order.outcome ||
      order.visitorId !== request.visitorId ||
      order.ageSeconds > this.config.PAYMENT_FORM_TTL_SECONDS ||
      order.used ||
      request.amountAgorot > order.totalAgorot
    ) {
      return { status: 'not_authorised' };
    }
    if (this.config.SANDBOX_APPROVAL_DELAY_MS > 0) await sleep(this.config.SANDBOX_APPROVAL_DELAY_MS);
    if (order.outcome === 'timeout') {
      // The simulated wallet never answers; nothing is recorded, so status() says not_found.
      await sleep(this.config.SANDBOX_TIMEOUT_MS);
      throw new PaymentProviderTimeout();
    }
    const status: SandboxChargeStatus =
      order.outcome === 'approve' ? 'approved' : order.outcome === 'decline' ? 'declined' : 'insufficient_funds';
    const capture = await this.ledger.recordCapture({
      idempotencyKey: request.idempotencyKey,
      paymentId: request.paymentIdentifier,
      amountAgorot: request.amountAgorot,
      status,
    });
    // Another order took this approval between the lookup and the insert (the unique index decided).
    if (!capture || capture.paymentId !== request.paymentIdentifier) return { status: 'not_authorised' };
    this.logger.debug(
      { capture: capture.id, status: capture.status, amountAgorot: capture.amountAgorot },
      'SANDBOX wallet capture (simulation, no money moved)',
    );
    return this.resultOf(capture.status, capture.id);
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    if (request.idempotencyKey) {
      const partial = await this.ledger.refundPart(
        request.providerReference,
        request.amountAgorot,
        request.idempotencyKey,
      );
      this.logger.info(
        { capture: request.providerReference, amountAgorot: request.amountAgorot, reason: request.reason, partial },
        'SANDBOX wallet partial refund (simulation, no money moved)',
      );
      return partial === 'refunded' ? { status: 'refunded' } : { status: 'failed', reason: partial };
    }
    const status = await this.ledger.refund(request.providerReference);
    this.logger.info(
      { capture: request.providerReference, reason: request.reason, status },
      'SANDBOX wallet refund (simulation, no money moved)',
    );
    return status === 'refunded'
      ? { status: 'refunded' }
      : { status: 'failed', reason: status ? `capture is ${status}` : 'no such capture' };
  }

  async status(idempotencyKey: string): Promise<ChargeStatus> {
    const capture = await this.ledger.captureByKey(idempotencyKey);
    if (!capture) return { status: 'not_found' };
    if (capture.status === 'approved') {
      return {
        status: 'approved',
        providerReference: capture.id,
        amountAgorot: capture.amountAgorot,
        instalments: 1,
        last4: '',
      };
    }
    return { status: capture.status, providerReference: capture.id };
  }

  private resultOf(status: SandboxChargeStatus, id: string): ChargeResult {
    if (status === 'approved') return { status: 'approved', providerReference: id, instalments: 1, last4: '' };
    if (status === 'refunded') return { status: 'refunded', providerReference: id };
    return { status, providerReference: id };
  }
}
