import { Injectable } from '@nestjs/common';
import {
  agorotToShekels,
  PAYMENT_FORM_MESSAGE_AUTHORISED,
  PAYMENT_FORM_MESSAGE_CANCELLED,
  type PaymentFormResponse,
} from '@hotline/shared';
import { isLocale, type Locale } from '../../common/locale';
import type { SandboxOutcome } from '../sandbox-ledger.repository';
import { renderWalletAnswer, renderWalletCheckout, renderWalletExpired, WALLET_OUTCOMES } from './wallet-page';
import { WalletLedgerRepository } from './wallet-ledger.repository';
import { WalletSandboxProvider } from './wallet-sandbox-provider';

export interface HtmlAnswer {
  status: number;
  html: string;
}

/**
 * GET /api/payment/wallet/form/:locale (a wallet checkout for this visitor, like
 * the card's /payment/form) and the SANDBOX wallet page behind it.
 */
@Injectable()
export class WalletCheckoutService {
  constructor(
    private readonly wallet: WalletSandboxProvider,
    private readonly ledger: WalletLedgerRepository,
  ) {}

  async create(visitorId: string, locale: Locale, totalAgorot: number): Promise<PaymentFormResponse> {
    const { path } = await this.wallet.createPaymentForm({
      visitorId,
      locale,
      displayTotalAgorot: totalAgorot,
      ssn: null,
    });
    return { paymentFormURL: `${path}?lang=${locale}` };
  }

  private locale(orderLocale: string, lang: unknown): Locale {
    if (isLocale(lang)) return lang;
    return isLocale(orderLocale) ? orderLocale : 'he';
  }

  async show(token: string, lang: unknown): Promise<HtmlAnswer> {
    const order = await this.ledger.orderByToken(token);
    if (!order || order.status !== 'created') {
      return { status: 404, html: renderWalletExpired(isLocale(lang) ? lang : 'he') };
    }
    return {
      status: 200,
      html: renderWalletCheckout({ locale: this.locale(order.locale, lang), token, totalAgorot: order.totalAgorot }),
    };
  }

  async submit(token: string, body: { action?: string; account?: string }, lang: unknown): Promise<HtmlAnswer> {
    const existing = await this.ledger.orderByToken(token);
    if (!existing || existing.status === 'cancelled') {
      return { status: 404, html: renderWalletExpired(isLocale(lang) ? lang : 'he') };
    }
    const locale = this.locale(existing.locale, lang);
    if (body.action === 'cancel') {
      await this.ledger.cancel(token);
      return { status: 200, html: renderWalletAnswer(locale, { type: PAYMENT_FORM_MESSAGE_CANCELLED }) };
    }
    const outcome = WALLET_OUTCOMES.find((o) => o === body.account) ?? 'approve';
    const order = await this.ledger.approve(token, outcome as SandboxOutcome);
    if (!order?.paymentId || !order.payerId) return { status: 404, html: renderWalletExpired(locale) };
    return {
      status: 200,
      html: renderWalletAnswer(locale, {
        type: PAYMENT_FORM_MESSAGE_AUTHORISED,
        paymentIdentifier: order.paymentId,
        numberOfPayments: 1,
        cardLast4: '',
        sandbox: true,
        paypal: {
          payerId: order.payerId,
          paymentId: order.paymentId,
          token: order.token,
          amount: agorotToShekels(order.totalAgorot),
          orderId: order.id,
        },
      }),
    };
  }
}
