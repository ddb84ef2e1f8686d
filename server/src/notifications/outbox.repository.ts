import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface OutboxRow {
  id: string;
  reservationId: string | null;
  channel: 'email' | 'sms';
  recipient: string;
  locale: string;
  template: string;
  /** Template data for messages without a reservation (e.g. refund notices). */
  payload: Record<string, unknown>;
  attempts: number;
}

export interface SentMessageRow {
  id: string;
  outboxId: string | null;
  reservationId: string | null;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: Date;
}

/** The notification outbox: rows written in the sale's transaction, sent later by the dispatcher. */
@Injectable()
export class OutboxRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Takes up to `limit` due messages for this node. SKIP LOCKED lets several
   * nodes dispatch at once without taking the same row; a row left 'sending'
   * by a node that died is taken again after `staleSeconds` (at least once).
   */
  claim(limit: number, staleSeconds: number): Promise<OutboxRow[]> {
    return this.db.query(
      // Wrapped in a SELECT: TypeORM answers a bare UPDATE with [rows, count] instead of rows.
      `WITH claimed AS (
         UPDATE notification_outbox o SET status = 'sending', claimed_at = now(), attempts = o.attempts + 1
          WHERE o.id IN (
            SELECT id FROM notification_outbox
             WHERE (status = 'pending' AND next_attempt_at <= now())
                OR (status = 'sending' AND claimed_at < now() - make_interval(secs => $2::float8))
             ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
          RETURNING o.id, o.reservation_id, o.channel, o.recipient, o.locale, o.template, o.payload, o.attempts)
       SELECT id::text AS id, reservation_id::text AS "reservationId", channel, recipient, locale, template, payload, attempts
         FROM claimed ORDER BY id`,
      [limit, staleSeconds],
    );
  }

  async markSent(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query(
      `UPDATE notification_outbox SET status = 'sent', sent_at = now(), last_error = NULL WHERE id = ANY($1::bigint[])`,
      [ids],
    );
  }

  /** Back off and retry, or give up for good after the last attempt. */
  async markFailed(id: string, error: string, retryInSeconds: number | null): Promise<void> {
    await this.db.query(
      `UPDATE notification_outbox
          SET status = CASE WHEN $3::float8 IS NULL THEN 'failed' ELSE 'pending' END,
              next_attempt_at = now() + make_interval(secs => coalesce($3::float8, 0)), last_error = $2, claimed_at = NULL
        WHERE id = $1`,
      [id, error.slice(0, 2000), retryInSeconds],
    );
  }

  recentSent(limit: number, reservationIdentifier?: string): Promise<SentMessageRow[]> {
    return this.db.query(
      `SELECT m.id::text AS id, m.outbox_id::text AS "outboxId", m.reservation_id::text AS "reservationId", m.channel, m.recipient,
              m.subject, m.body, m.created_at AS "createdAt"
         FROM sent_message m LEFT JOIN reservation r ON r.id = m.reservation_id
        WHERE $2::text IS NULL OR r.identifier = $2
        ORDER BY m.id DESC LIMIT $1`,
      [limit, reservationIdentifier ?? null],
    );
  }
}
