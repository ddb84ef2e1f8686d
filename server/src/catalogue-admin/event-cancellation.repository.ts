import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminNames } from '@hotline/shared';
import { namesOf, returnedRows } from './named-rows';

/**
 * A cancelled date's record and the work its job does (event-cancellation.job.ts): the orders that still have live
 * tickets for it are the work, so a pass that dies resumes without a cursor.
 */
@Injectable()
export class EventCancellationRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Takes a date off sale at `revision` and records the job's work (how many orders it has now). 'already' when it
   * is cancelled; 'stale' when someone changed it since.
   */
  async requestCancellation(
    id: number,
    revision: number,
    staffUserId: number,
    reason: string,
  ): Promise<'requested' | 'already' | 'stale'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query('SELECT revision, cancelled_at FROM presentation WHERE id = $1 FOR UPDATE', [id]);
      if (row.cancelled_at) return 'already';
      if (row.revision !== revision) return 'stale';
      await tx.query('UPDATE presentation SET cancelled_at = now(), revision = revision + 1 WHERE id = $1', [id]);
      await tx.query(
        `INSERT INTO presentation_cancellation (presentation_id, staff_user_id, reason, orders_total)
         SELECT $1, $2, $3, count(DISTINCT rt.reservation_id)::int FROM reservation_ticket rt
          WHERE rt.presentation_id = $1 AND rt.status = 'live'`,
        [id, staffUserId, reason],
      );
      return 'requested';
    });
  }

  /** Cancelled dates whose job is not finished. */
  async openCancellations(): Promise<number[]> {
    const rows: { presentation_id: number }[] = await this.db.query(
      'SELECT presentation_id FROM presentation_cancellation WHERE finished_at IS NULL ORDER BY requested_at',
    );
    return rows.map((r) => Number(r.presentation_id));
  }

  /** The next orders with live tickets for a cancelled date, with where their buyer is told, and the event's name. */
  async ordersToCancel(
    presentationId: number,
    limit: number,
  ): Promise<{ identifier: string; locale: string; email: string | null; mobile: string | null }[]> {
    return this.db.query(
      `SELECT r.identifier, r.locale, r.customer->>'email' AS email, r.customer->>'mobileNumber' AS mobile
         FROM reservation r
        WHERE r.state IN ('paid', 'hold')
          AND EXISTS (SELECT 1 FROM reservation_ticket rt
                       WHERE rt.reservation_id = r.id AND rt.presentation_id = $1 AND rt.status = 'live')
        ORDER BY r.id LIMIT $2`,
      [presentationId, limit],
    );
  }

  async eventOf(presentationId: number): Promise<{ name: AdminNames; startsAt: Date }> {
    const [row] = await this.db.query(
      `SELECT f.name, f.name_en, f.translations, p.date_time FROM presentation p JOIN feature f ON f.id = p.feature_id
        WHERE p.id = $1`,
      [presentationId],
    );
    return { name: namesOf(row), startsAt: row.date_time };
  }

  /**
   * Closes a cancellation's job once no order has a live ticket for the date and every refund is settled, and the
   * date has been off sale longer than a sale already under way could take (one that slipped in is cancelled too).
   */
  async finishIfDone(presentationId: number, graceSeconds: number): Promise<boolean> {
    const rows = returnedRows(
      await this.db.query(
        `UPDATE presentation_cancellation pc SET finished_at = now()
          WHERE pc.presentation_id = $1 AND pc.finished_at IS NULL
            AND pc.requested_at < now() - make_interval(secs => $2::float8)
            AND NOT EXISTS (SELECT 1 FROM reservation_ticket rt
                             WHERE rt.presentation_id = $1 AND rt.status = 'live')
            AND NOT EXISTS (SELECT 1 FROM cancellation c WHERE c.state <> 'done'
                             AND c.seat_keys @> jsonb_build_array(jsonb_build_object('presentationId', $1::int)))
          RETURNING pc.presentation_id`,
        [presentationId, graceSeconds],
      ),
    );
    return rows.length === 1;
  }
}
