import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  OTP_TTL_SECONDS,
  OTP_RESEND_AFTER_SECONDS,
  israeliIdIsValid,
  isValidIsraeliMobile,
  normaliseMobile,
  otpVerdict,
  resendVerdict,
  type MobileLoginResponse,
} from '@hotline/shared';
import { BotCheck } from '../botcheck';
import { AppError } from '../common/app-error';
import { LOGGER } from '../common/logger';
import type { Locale } from '../common/locale';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AttemptLimiter } from './attempt-limiter';
import { CustomersRepository, type CustomerRow } from './customers.repository';
import { LoginStoreRepository } from './login-store.repository';
import { OtpSms } from './otp-sms';
import { handleHash, newHandle, newOtpCode, otpHash, sameHash } from './secrets';

export interface CodeRequest {
  purpose: 'area' | 'checkout';
  mobileNumber: string;
  ssn?: string;
  customerEmail?: string;
  /** /customer/mobile-login: send (and register on success) even when no customer has this number. */
  register: boolean;
  recaptchaToken: unknown;
  visitorId: string;
  ip: string;
  /** The pending-login cookie, when the customer asks for the code again. */
  pendingHandle?: string;
  locale: Locale;
}

/** What every code request answers, whoever the number belongs to (no account enumeration). */
export const CODE_SENT: MobileLoginResponse = {
  isFallbackEnabled: true,
  resendAfterSeconds: OTP_RESEND_AFTER_SECONDS,
  codeValidSeconds: OTP_TTL_SECONDS,
};

/**
 * Login by one-time SMS code, done the way a bank does it (docs/customers.md):
 * bot check first, limits per number and per address, a 6-digit CSPRNG code
 * kept only as an HMAC bound to this login, 5 minutes, one use, dead after 5
 * wrong guesses, one resend after 20 s, and the same answer whether or not the
 * number belongs to a customer (unknown numbers get a decoy login no code opens).
 */
@Injectable()
export class CustomerLoginService {
  constructor(
    private readonly customers: CustomersRepository,
    private readonly store: LoginStoreRepository,
    private readonly limiter: AttemptLimiter,
    private readonly sms: OtpSms,
    private readonly botCheck: BotCheck,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Sends (or resends) a code; answers the pending-login handle to put in the cookie. */
  async requestCode(q: CodeRequest): Promise<string> {
    const mobile = normaliseMobile(q.mobileNumber);
    if (!isValidIsraeliMobile(mobile)) throw new AppError('invalid_mobileNumber');
    const ssn = q.ssn === undefined || q.ssn.trim() === '' ? null : q.ssn.trim();
    if (ssn !== null && !israeliIdIsValid(ssn)) throw new AppError('invalid_ssn');
    const ssn9 = ssn?.padStart(9, '0') ?? null;
    await this.botCheck.verify(q.recaptchaToken, q.visitorId);

    if (q.pendingHandle) {
      const resent = await this.tryResend(q.pendingHandle, mobile, q);
      if (resent) return q.pendingHandle;
    }
    await this.countSend(mobile, q.ip);

    const target = await this.findTarget(q.purpose, mobile, ssn9, q.customerEmail);
    const register = !target && q.register;
    const handle = newHandle();
    const code = newOtpCode();
    await this.store.createChallenge({
      handleHash: handleHash(handle),
      customerId: target?.id ?? null,
      mobile,
      ssn: ssn9,
      purpose: q.purpose,
      register,
      codeHash: otpHash(this.config.CUSTOMER_SECRET, handle, code),
    });
    // In the background, so that the answer takes as long for an unknown number as for a known one.
    if (target || register) this.sendInBackground(mobile, code, q.locale);
    return handle;
  }

  private async tryResend(pendingHandle: string, mobile: string, q: CodeRequest): Promise<boolean> {
    const c = await this.store.challengeByHandle(handleHash(pendingHandle));
    if (!c || c.used || c.mobile !== mobile || c.purpose !== q.purpose) return false;
    const verdict = otpVerdict({
      matches: false,
      ageSeconds: c.ageSeconds,
      wrongAttempts: c.wrongAttempts,
      used: false,
    });
    if (verdict !== 'wrong') return false; // expired or locked: this is a new login
    const resend = resendVerdict(c.sinceSentSeconds, c.resends);
    if (!resend.ok) {
      if (resend.reason === 'too_soon') throw new AppError('SMS_RESEND_TOO_SOON', { seconds: resend.waitSeconds });
      throw new AppError('SMS_RESEND_LIMIT');
    }
    await this.countSend(mobile, q.ip);
    const code = newOtpCode();
    await this.store.resend(c.id, otpHash(this.config.CUSTOMER_SECRET, pendingHandle, code));
    if (c.customerId !== null || c.register) this.sendInBackground(mobile, code, q.locale);
    return true;
  }

  private async countSend(mobile: string, ip: string): Promise<void> {
    const wait = await this.limiter.consume([
      {
        rule: { kind: 'send-m', limit: this.config.CUSTOMER_OTP_SENDS_PER_MOBILE_HOUR, windowSeconds: 3600 },
        value: mobile,
      },
      { rule: { kind: 'send-ip', limit: this.config.CUSTOMER_OTP_SENDS_PER_IP_HOUR, windowSeconds: 3600 }, value: ip },
    ]);
    if (wait !== null) throw new AppError('OTP_RATE_LIMITED', { retryAfter: wait });
  }

  /**
   * Who the code is for. This deployment logs in by ID plus mobile: the ID's
   * account must have this mobile, or (updating the mobile at login) the e-mail
   * on file must be given too. Without an ID, the number's account.
   */
  private async findTarget(
    purpose: 'area' | 'checkout',
    mobile: string,
    ssn: string | null,
    email: string | undefined,
  ): Promise<CustomerRow | null> {
    if (ssn) {
      const c = await this.customers.bySsn(ssn);
      if (!c) return null;
      if (c.mobile === mobile) return c;
      const emailMatches = !!email && !!c.email && email.trim().toLowerCase() === c.email.toLowerCase();
      return purpose === 'area' && emailMatches ? c : null;
    }
    return this.customers.byMobile(mobile);
  }

  private sendInBackground(mobile: string, code: string, locale: Locale): void {
    void this.sms.send(mobile, code, locale).catch((err) => this.logger.warn({ err }, 'login code SMS failed'));
  }

  /** Checks a code; answers the customer it logs in (creating the account for a checkout registration). */
  async verifyCode(q: {
    purpose: 'area' | 'checkout';
    pendingHandle: string | undefined;
    smsCode: string;
    mobileNumber?: string;
    ip: string;
  }): Promise<number> {
    const ipWait = await this.limiter.consume([
      {
        rule: { kind: 'guess-ip', limit: this.config.CUSTOMER_OTP_GUESSES_PER_IP_10MIN, windowSeconds: 600 },
        value: q.ip,
      },
    ]);
    if (ipWait !== null) throw new AppError('OTP_RATE_LIMITED', { retryAfter: ipWait });
    if (!q.pendingHandle || !/^\d{6}$/.test(q.smsCode)) throw new AppError('INVALID_SMS_CODE');
    const handle = q.pendingHandle;
    const expectedMobile = q.mobileNumber ? normaliseMobile(q.mobileNumber) : null;
    const pending = await this.store.challengeByHandle(handleHash(handle));
    if (!pending) throw new AppError('INVALID_SMS_CODE');
    const mobileWait = await this.limiter.consume([
      {
        rule: { kind: 'guess-m', limit: this.config.CUSTOMER_OTP_GUESSES_PER_MOBILE_HOUR, windowSeconds: 3600 },
        value: pending.mobile,
      },
    ]);
    if (mobileWait !== null) throw new AppError('OTP_RATE_LIMITED', { retryAfter: mobileWait });
    const expectedHash = otpHash(this.config.CUSTOMER_SECRET, handle, q.smsCode);
    const result = await this.store.verify(handleHash(handle), (c) => {
      if (c.purpose !== q.purpose || (expectedMobile !== null && c.mobile !== expectedMobile)) {
        return { verdict: 'mismatch' as const };
      }
      let verdict = otpVerdict({
        matches: sameHash(c.codeHash, expectedHash),
        ageSeconds: c.ageSeconds,
        wrongAttempts: c.wrongAttempts,
        used: c.used,
      });
      // A decoy login (nobody has this number) behaves exactly like a real one that is never guessed.
      if (verdict === 'ok' && c.customerId === null && !c.register) verdict = 'wrong';
      return { verdict };
    });
    if (!result || result.verdict === 'wrong' || result.verdict === 'mismatch') throw new AppError('INVALID_SMS_CODE');
    if (result.verdict !== 'ok') throw new AppError('SMS_CODE_EXPIRED');
    const c = result.challenge;
    let customerId = c.customerId;
    if (customerId === null) {
      const ssnFree = c.ssn !== null && !(await this.customers.bySsn(c.ssn));
      customerId = await this.customers.create(c.mobile, ssnFree ? c.ssn : null);
      await this.store.setChallengeCustomer(c.id, customerId);
    } else {
      const current = await this.customers.byId(customerId);
      // Mobile update at login (allowed in this deployment): the new number is the one just verified.
      if (current && current.mobile !== c.mobile) await this.customers.setMobile(customerId, c.mobile);
    }
    await this.customers.claimOrdersByMobile(customerId, c.mobile);
    return customerId;
  }
}
