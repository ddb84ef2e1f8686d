import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import {
  PaymentProvider,
  PaymentProviderTimeout,
  type ChargeRequest,
  type ChargeResult,
  type ChargeStatus,
  type PaymentFormRequest,
  type RefundRequest,
  type RefundResult,
} from './payment-provider.port';
import { SandboxLedgerRepository, type SandboxChargeStatus } from './sandbox-ledger.repository';

/**
 * SIMULATION of a card payment provider. NO REAL MONEY MOVES: there is no
 * acquirer behind it. Its hosted card page accepts only the documented test
 * cards (sandbox-cards.ts), each of which simulates one outcome: approved,
 * declined, insufficient funds, or no answer (timeout). It keeps the same
 * contract as a real provider would (idempotent charges, idempotent refunds,
 * status lookup), so the commit flow around it is the real one.
 */
@Injectable()
export class SandboxPaymentProvider extends PaymentProvider {
  readonly name = 'sandbox';
  readonly isSimulation = true;

  constructor(
    private readonly ledger: SandboxLedgerRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
    const level = config.NODE_ENV === 'production' ? 'warn' : 'info';
    this.logger[level](
      'payment provider: SANDBOX SIMULATION - no real money moves; only the test cards in docs/payment-sandbox.md are accepted',
    );
  }

  async createPaymentForm(request: PaymentFormRequest): Promise<{ path: string }> {
    const token = await this.ledger.createForm(
      {
        token: randomBytes(32).toString('base64url'),
        visitorId: request.visitorId,
        locale: request.locale,
        totalAgorot: request.displayTotalAgorot,
        ssn: request.ssn,
      },
      this.config.PAYMENT_FORM_TTL_SECONDS,
    );
    return { path: `/api/payment/sandbox/form/${token}` };
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const { charge: existing, authorisation } = await this.ledger.lookup(
      request.paymentIdentifier,
      request.idempotencyKey,
    );
    if (existing) {
      // Idempotent replay: the first attempt's answer, never a second charge. A key reused for another amount is refused, as providers do.
      if (existing.amountAgorot !== request.amountAgorot) return { status: 'not_authorised' };
      return this.resultOf(
        existing.status,
        existing.id,
        existing.instalments,
        existing.last4 ?? authorisation?.last4 ?? '0000',
      );
    }
    if (
      !authorisation ||
      authorisation.visitorId !== request.visitorId ||
      authorisation.ageSeconds > this.config.PAYMENT_FORM_TTL_SECONDS ||
      // Single use (one authorisation, one charge, whatever the order) and capped at what the card holder authorised.
      authorisation.used ||
      request.amountAgorot > authorisation.formTotalAgorot
    ) {
      return { status: 'not_authorised' };
    }
    if (this.config.SANDBOX_APPROVAL_DELAY_MS > 0) await sleep(this.config.SANDBOX_APPROVAL_DELAY_MS);
    if (authorisation.outcome === 'timeout') {
      // The simulated acquirer never answers; nothing is recorded, so status() will say not_found.
      await sleep(this.config.SANDBOX_TIMEOUT_MS);
      throw new PaymentProviderTimeout();
    }
    const status: SandboxChargeStatus =
      authorisation.outcome === 'approve'
        ? 'approved'
        : authorisation.outcome === 'decline'
          ? 'declined'
          : 'insufficient_funds';
    const charge = await this.ledger.recordCharge({
      id: `sbx_ch_${randomBytes(12).toString('base64url')}`,
      idempotencyKey: request.idempotencyKey,
      authorisationToken: authorisation.token,
      amountAgorot: request.amountAgorot,
      instalments: authorisation.instalments,
      status,
    });
    // Another order took this authorisation between the lookup and the insert (the unique index decided).
    if (!charge) return { status: 'not_authorised' };
    this.logger.debug(
      { charge: charge.id, status: charge.status, amountAgorot: charge.amountAgorot },
      'SANDBOX charge (simulation, no money moved)',
    );
    return this.resultOf(charge.status, charge.id, charge.instalments, authorisation.last4);
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    if (request.idempotencyKey) {
      const partial = await this.ledger.refundPart(
        request.providerReference,
        request.amountAgorot,
        request.idempotencyKey,
      );
      this.logger.info(
        { charge: request.providerReference, amountAgorot: request.amountAgorot, reason: request.reason, partial },
        'SANDBOX partial refund (simulation, no money moved)',
      );
      return partial === 'refunded' ? { status: 'refunded' } : { status: 'failed', reason: partial };
    }
    const status = await this.ledger.refund(request.providerReference);
    this.logger.info(
      { charge: request.providerReference, reason: request.reason, status },
      'SANDBOX refund (simulation, no money moved)',
    );
    return status === 'refunded'
      ? { status: 'refunded' }
      : { status: 'failed', reason: status ? `charge is ${status}` : 'no such charge' };
  }

  async status(idempotencyKey: string): Promise<ChargeStatus> {
    const charge = await this.ledger.chargeByKey(idempotencyKey);
    if (!charge) return { status: 'not_found' };
    if (charge.status === 'approved') {
      return {
        status: 'approved',
        providerReference: charge.id,
        amountAgorot: charge.amountAgorot,
        instalments: charge.instalments,
        last4: charge.last4 ?? '0000',
      };
    }
    return { status: charge.status, providerReference: charge.id };
  }

  private resultOf(status: SandboxChargeStatus, id: string, instalments: number, last4: string): ChargeResult {
    if (status === 'approved') return { status: 'approved', providerReference: id, instalments, last4 };
    if (status === 'refunded') return { status: 'refunded', providerReference: id };
    return { status, providerReference: id };
  }
}
