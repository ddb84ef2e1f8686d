import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { israeliIdIsValid, PAYMENT_FORM_MESSAGE_AUTHORISED } from '@hotline/shared';
import { Clock } from '../common/clock';
import { isLocale, type Locale } from '../common/locale';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { sandboxOutcomeOf } from './sandbox-cards';
import {
  renderSandboxDone,
  renderSandboxExpired,
  renderSandboxForm,
  sandboxErrorText,
  type SandboxFormField,
} from './sandbox-form.page';
import { SandboxLedgerRepository, type SandboxOutcome } from './sandbox-ledger.repository';

export interface HtmlAnswer {
  status: number;
  html: string;
}

const text = (body: Record<string, unknown>, name: string): string => {
  const v = body[name];
  return typeof v === 'string' ? v.trim().slice(0, 64) : '';
};

/**
 * The SANDBOX hosted card page: shows the form, checks what was typed (test
 * card, expiry, CVV, holder ID checksum, instalments) and records a card
 * authorisation. The card number itself is never stored: only its last four
 * digits and which outcome the test card simulates.
 */
@Injectable()
export class SandboxFormService {
  constructor(
    private readonly ledger: SandboxLedgerRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private locale(formLocale: string, lang: unknown): Locale {
    if (isLocale(lang)) return lang;
    return isLocale(formLocale) ? formLocale : 'he';
  }

  async show(token: string, lang: unknown): Promise<HtmlAnswer> {
    const form = await this.ledger.form(token);
    if (!form) return { status: 404, html: renderSandboxExpired(isLocale(lang) ? lang : 'he') };
    const locale = this.locale(form.locale, lang);
    return {
      status: 200,
      html: renderSandboxForm({
        locale,
        token,
        totalAgorot: form.totalAgorot,
        maxInstalments: this.config.MAX_INSTALMENTS,
      }),
    };
  }

  async submit(token: string, rawBody: unknown, lang: unknown): Promise<HtmlAnswer> {
    const form = await this.ledger.form(token);
    if (!form) return { status: 404, html: renderSandboxExpired(isLocale(lang) ? lang : 'he') };
    const locale = this.locale(form.locale, lang);
    const body = (rawBody && typeof rawBody === 'object' ? rawBody : {}) as Record<string, unknown>;
    const values = {
      cardNumber: text(body, 'cardNumber'),
      expiry: text(body, 'expiry'),
      cvv: text(body, 'cvv'),
      holderId: text(body, 'holderId'),
      instalments: text(body, 'instalments') || '1',
    };
    const errors: Partial<Record<SandboxFormField, string>> = {};
    const digits = values.cardNumber.replace(/[\s-]/g, '');
    let outcome: SandboxOutcome | null = null;
    if (!/^\d{13,19}$/.test(digits)) errors.cardNumber = sandboxErrorText(locale, 'cardNumber');
    else if (!(outcome = sandboxOutcomeOf(digits))) errors.cardNumber = sandboxErrorText(locale, 'notTestCard');
    if (!this.expiryOk(values.expiry)) errors.expiry = sandboxErrorText(locale, 'expiry');
    if (!/^\d{3,4}$/.test(values.cvv)) errors.cvv = sandboxErrorText(locale, 'cvv');
    if (!israeliIdIsValid(values.holderId)) errors.holderId = sandboxErrorText(locale, 'holderId');
    const instalments = Number(values.instalments);
    if (!Number.isInteger(instalments) || instalments < 1 || instalments > this.config.MAX_INSTALMENTS) {
      errors.instalments = sandboxErrorText(locale, 'instalments');
    }
    if (Object.keys(errors).length > 0 || !outcome) {
      // Never echo a card number or CVV back into the page.
      const shown = { expiry: values.expiry, holderId: values.holderId, instalments: values.instalments };
      return {
        status: 400,
        html: renderSandboxForm({
          locale,
          token,
          totalAgorot: form.totalAgorot,
          maxInstalments: this.config.MAX_INSTALMENTS,
          values: shown,
          errors,
        }),
      };
    }
    const authorisation = `sbx_auth_${randomBytes(24).toString('base64url')}`;
    const last4 = digits.slice(-4);
    await this.ledger.createAuthorisation({
      token: authorisation,
      formToken: token,
      visitorId: form.visitorId,
      last4,
      outcome,
      instalments,
    });
    return {
      status: 200,
      html: renderSandboxDone(locale, {
        type: PAYMENT_FORM_MESSAGE_AUTHORISED,
        paymentIdentifier: authorisation,
        numberOfPayments: instalments,
        cardLast4: last4,
        sandbox: true,
      }),
    };
  }

  /** MM/YY (or MMYY), valid through the end of that month. */
  private expiryOk(expiry: string): boolean {
    const m = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(expiry);
    if (!m) return false;
    const month = Number(m[1]);
    if (month < 1 || month > 12) return false;
    const endOfMonth = Date.UTC(2000 + Number(m[2]), month, 1);
    return endOfMonth > this.clock.nowMs();
  }
}
