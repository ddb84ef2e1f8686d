import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { LOGGER } from '../common/logger';
import type { Locale } from '../common/locale';
import { brandName } from '../common/brand';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { NotificationSender } from '../notifications';
import { sendSmsNow } from '../notifications';

const TEXT: Record<Locale, string> = {
  he: '{brand}: קוד הכניסה שלך הוא {code}. בתוקף 5 דקות. אין למסור את הקוד לאף אחד.',
  en: '{brand}: your login code is {code}. Valid for 5 minutes. Never share this code.',
  ru: '{brand}: ваш код входа {code}. Действует 5 минут. Никому не сообщайте этот код.',
  ar: '{brand}: رمز الدخول الخاص بك هو {code}. صالح لمدة 5 دقائق. لا تشارك هذا الرمز مع أحد.',
};

/** The login-code SMS in the customer's language. */
export function renderOtpSms(locale: Locale, brand: string, code: string): string {
  return TEXT[locale].replace('{brand}', brand).replace('{code}', code);
}

/**
 * Sends a login code through the notification provider port, recorded in the
 * outbox like every message (template customer-otp, no code in the payload:
 * the code exists only in this call and in the SMS). Unlike confirmations it is
 * not retried later: a code that arrives minutes late is useless, so a failure
 * is recorded and the customer simply asks again. The development sender keeps
 * the message readable locally (GET /api/notifications/dev/sent-messages).
 */
@Injectable()
export class OtpSms {
  constructor(
    private readonly db: DataSource,
    private readonly sender: NotificationSender,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async send(mobile: string, code: string, locale: Locale): Promise<void> {
    const body = renderOtpSms(locale, brandName(this.config, locale), code);
    const sent = await sendSmsNow(this.db, this.sender, { recipient: mobile, locale, template: 'customer-otp', body });
    if (!sent.ok) this.logger.warn({ err: sent.error }, 'login code SMS not sent');
  }
}
