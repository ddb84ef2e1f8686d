import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { LOGGER } from '../common/logger';
import type { Locale } from '../common/locale';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { NotificationSender } from '../notifications/notification-sender.port';

const TEXT: Record<Locale, string> = {
  he: '{brand}: קוד הכניסה שלך הוא {code}. בתוקף 5 דקות. אין למסור את הקוד לאף אחד.',
  en: '{brand}: your login code is {code}. Valid for 5 minutes. Never share this code.',
  ru: '{brand}: ваш код входа {code}. Действует 5 минут. Никому не сообщайте этот код.',
  ar: '{brand}: رمز الدخول الخاص بك هو {code}. صالح لمدة 5 دقائق. لا تشارك هذا الرمز مع أحد.',
};

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
    const [row] = await this.db.query(
      `INSERT INTO notification_outbox (channel, recipient, locale, template, payload, status, attempts, claimed_at)
       VALUES ('sms', $1, $2, 'customer-otp', '{}', 'sending', 1, now()) RETURNING id::text AS id`,
      [mobile, locale],
    );
    const body = TEXT[locale].replace('{brand}', this.config.BRAND_NAME).replace('{code}', code);
    try {
      await this.sender.send({
        outboxId: row.id,
        reservationId: null,
        channel: 'sms',
        recipient: mobile,
        subject: null,
        body,
      });
      await this.db.query(`UPDATE notification_outbox SET status = 'sent', sent_at = now() WHERE id = $1`, [row.id]);
    } catch (err) {
      this.logger.warn({ err, outbox: row.id }, 'login code SMS not sent');
      await this.db
        .query(`UPDATE notification_outbox SET status = 'failed', last_error = $2 WHERE id = $1`, [
          row.id,
          String((err as Error)?.message ?? err).slice(0, 500),
        ])
        .catch(() => undefined);
    }
  }
}
