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
    // An acquirer that answers at once (no simulated delay): the checks and the charge's record in one round trip.
    // With a delay, the first call only reads; the charge is checked again and recorded after it, as an acquirer
    // that takes its time would (a node killed meanwhile leaves no charge behind).
    const atOnce = this.config.SANDBOX_APPROVAL_DELAY_MS === 0;
    const charge = {
      token: request.paymentIdentifier,
      idempotencyKey: request.idempotencyKey,
      id: `sbx_ch_${randomBytes(12).toString('base64url')}`,
      amountAgorot: request.amountAgorot,
      visitorId: request.visitorId,
      ttlSeconds: this.config.PAYMENT_FORM_TTL_SECONDS,
    };
    const seen = await this.ledger.charge({ ...charge, record: atOnce });
    const { charge: existing, authorisation } = seen;
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
    // The same refusals the ledger's statement applies before it records anything (sandbox-ledger.repository.ts).
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
    if (!atOnce) await sleep(this.config.SANDBOX_APPROVAL_DELAY_MS);
    if (authorisation.outcome === 'timeout') {
      // The simulated acquirer never answers; nothing is recorded, so status() will say not_found.
      await sleep(this.config.SANDBOX_TIMEOUT_MS);
      throw new PaymentProviderTimeout();
    }
    const recorded = atOnce ? seen.recorded : (await this.ledger.charge({ ...charge, record: true })).recorded;
    // Nothing recorded: another call took the key (its charge answers) or the authorisation (refused) meanwhile.
    const made = recorded
      ? { ...recorded, instalments: authorisation.instalments }
      : await this.ledger.chargeByKey(request.idempotencyKey);
    if (!made) return { status: 'not_authorised' };
    this.logger.debug({ charge: made.id, status: made.status }, 'SANDBOX charge (simulation, no money moved)');
    return this.resultOf(made.status, made.id, made.instalments, authorisation.last4);
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
