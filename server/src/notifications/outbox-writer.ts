import type { NotificationSender } from './notification-sender.port';

/**
 * THE writer of notification_outbox: every context that queues or sends a message comes here, so the row's shape
 * (and the dispatcher's contract: 'pending' rows are sent at least once) lives in one place. The one exception is
 * the sale statement's own CTE (reservations/sales.repository.ts SALE_SQL), which writes the order confirmations in
 * the sale's single round trip; server/test/architecture/architecture.test.ts keeps it that way.
 */

/** Whatever runs SQL: the DataSource, or a transaction's EntityManager or QueryRunner (then the row joins it). */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export interface OutboxMessages {
  /** The order the messages are about (its documents make the body), or null for a message that carries `payload`. */
  reservationId: string | null;
  locale: string;
  template: string;
  /** Template data for messages without a reservation (e.g. refund notices). */
  payload?: object;
  messages: { channel: 'email' | 'sms'; recipient: string }[];
}

/** Queues messages for the outbox dispatcher, which sends each at least once (outbox-dispatcher.ts). */
export async function enqueueMessages(db: SqlRunner, m: OutboxMessages): Promise<void> {
  if (m.messages.length === 0) return;
  await db.query(
    `INSERT INTO notification_outbox (reservation_id, channel, recipient, locale, template, payload)
     SELECT $1::bigint, m.channel, m.recipient, $2, $3, $4::jsonb FROM unnest($5::text[], $6::text[]) AS m(channel, recipient)`,
    [
      m.reservationId,
      m.locale,
      m.template,
      JSON.stringify(m.payload ?? {}),
      m.messages.map((x) => x.channel),
      m.messages.map((x) => x.recipient),
    ],
  );
}

export interface ImmediateSms {
  recipient: string;
  locale: string;
  template: string;
  /** The text itself: it is not stored (a login code exists only in this call and in the SMS). */
  body: string;
}

/**
 * Sends one SMS now, recorded in the outbox like every message but never retried by the dispatcher (a login code
 * that arrives minutes late is useless): the row is written as 'sending', then marked 'sent' or 'failed'.
 */
export async function sendSmsNow(
  db: SqlRunner,
  sender: NotificationSender,
  sms: ImmediateSms,
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const [row] = (await db.query(
    `INSERT INTO notification_outbox (channel, recipient, locale, template, payload, status, attempts, claimed_at)
     VALUES ('sms', $1, $2, $3, '{}', 'sending', 1, now()) RETURNING id::text AS id`,
    [sms.recipient, sms.locale, sms.template],
  )) as [{ id: string }];
  try {
    await sender.send({
      outboxId: row.id,
      reservationId: null,
      channel: 'sms',
      recipient: sms.recipient,
      subject: null,
      body: sms.body,
    });
    await db.query(`UPDATE notification_outbox SET status = 'sent', sent_at = now() WHERE id = $1`, [row.id]);
    return { ok: true };
  } catch (error) {
    await db
      .query(`UPDATE notification_outbox SET status = 'failed', last_error = $2 WHERE id = $1`, [
        row.id,
        String((error as Error)?.message ?? error).slice(0, 500),
      ])
      .catch(() => undefined);
    return { ok: false, error };
  }
}
