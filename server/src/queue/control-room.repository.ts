import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface SalesFigures {
  capacity: number;
  sold: number;
  held: number;
  ticketsSoldSince: number;
  paymentFailuresSince: number;
}

/**
 * The control room's PostgreSQL reads: one statement, each figure a sub-select on an indexed path
 * (the live-seat index of reservation_ticket, the presentation's seat plan). Read only.
 */
@Injectable()
export class ControlRoomRepository {
  constructor(private readonly db: DataSource) {}

  /** The presentation's business, or null when there is no such presentation. */
  async businessOf(presentationId: number): Promise<number | null> {
    const rows: { business_id: number }[] = await this.db.query('SELECT business_id FROM presentation WHERE id = $1', [
      presentationId,
    ]);
    return rows[0]?.business_id ?? null;
  }

  /**
   * Seats and sales of one presentation. `salesSince` and `failuresSince` come from the server's Clock, so the
   * windows are the same ones the queue figures use.
   */
  async sales(presentationId: number, salesSince: Date, failuresSince: Date): Promise<SalesFigures> {
    const rows: Record<keyof SalesFigures, number>[] = await this.db.query(
      `SELECT
         (SELECT coalesce(sum(CASE WHEN sec.is_reserved
                                   THEN (SELECT count(*) FROM seat s WHERE s.section_id = sec.id)
                                   ELSE sec.capacity END), 0)::int
            FROM presentation p JOIN section sec ON sec.seatplan_id = p.seatplan_id WHERE p.id = $1) AS capacity,
         (SELECT count(*)::int FROM reservation_ticket
           WHERE presentation_id = $1 AND status = 'live' AND NOT on_hold) AS sold,
         (SELECT count(*)::int FROM reservation_ticket
           WHERE presentation_id = $1 AND status = 'live' AND on_hold) AS held,
         (SELECT count(*)::int FROM reservation_ticket
           WHERE presentation_id = $1 AND status = 'live' AND NOT on_hold AND coalesce(paid_at, created_at) >= $2)
           AS "ticketsSoldSince",
         (SELECT count(*)::int FROM payment
           WHERE status IN ('declined', 'failed') AND updated_at >= $3
             AND sale_draft -> 'tickets' @> jsonb_build_array(jsonb_build_object('presentationId', $1::int)))
           AS "paymentFailuresSince"`,
      [presentationId, salesSince, failuresSince],
    );
    const r = rows[0]!;
    return {
      capacity: r.capacity,
      sold: r.sold,
      held: r.held,
      ticketsSoldSince: r.ticketsSoldSince,
      paymentFailuresSince: r.paymentFailuresSince,
    };
  }
}
