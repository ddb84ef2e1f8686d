import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotificationSender, type OutgoingMessage } from './notification-sender.port';

/**
 * Development sender: nothing leaves the machine. Every "sent" message is a row
 * in sent_message (read them with GET /api/notifications/dev/sent-messages
 * outside production, or SQL; docs/booking.md). Unique on the outbox row, so a
 * message dispatched twice after a crash is stored once.
 */
@Injectable()
export class DevelopmentNotificationSender extends NotificationSender {
  readonly name = 'development';

  constructor(private readonly db: DataSource) {
    super();
  }

  async send(m: OutgoingMessage): Promise<void> {
    await this.db.query(
      `INSERT INTO sent_message (outbox_id, reservation_id, channel, recipient, subject, body)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (outbox_id) DO NOTHING`,
      [m.outboxId, m.reservationId, m.channel, m.recipient, m.subject, m.body],
    );
  }
}
