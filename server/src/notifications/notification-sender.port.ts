/** One message ready to go out. */
export interface OutgoingMessage {
  /** The outbox row it comes from; senders use it to send each message once. */
  outboxId: string;
  reservationId: string | null;
  channel: 'email' | 'sms';
  recipient: string;
  /** E-mail only. */
  subject: string | null;
  body: string;
}

/**
 * Where e-mail and SMS go. The outbox dispatcher calls it; a throw means "try
 * again later". The development implementation stores messages in the
 * sent_message table instead of sending them (docs/booking.md).
 */
export abstract class NotificationSender {
  abstract readonly name: string;
  abstract send(message: OutgoingMessage): Promise<void>;
}
