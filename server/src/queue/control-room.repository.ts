import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface ZoneFigures {
  zoneId: number | null;
  name: string | null;
  nameEn: string | null;
  color: string | null;
  capacity: number;
  sold: number;
  held: number;
}

export interface SalesFigures {
  zones: ZoneFigures[];
  ticketsSoldSince: number;
  paymentFailuresSince: number;
  /** The same failures by the reason the attempt was closed with (a bounded set; anything else is `other`). */
  paymentFailuresByReason: { reason: string; count: number }[];
}

/** The reasons payment-attempts.ts closes a declined or failed attempt with. */
const PAYMENT_REASONS = ['declined', 'insufficient_funds', 'timeout', 'not_authorised', 'refunded', 'provider error'];

/**
 * The control room's PostgreSQL reads: two statements, the seats per zone (the presentation's seat plan and its
 * live tickets) and the last minutes' sales and payment failures. Read only.
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
    const [zones, recent]: [ZoneFigures[], Pick<SalesFigures, 'ticketsSoldSince' | 'paymentFailuresByReason'>[]] =
      await Promise.all([
        this.db.query(
          `WITH sec AS (
             SELECT sec.id, sec.zone_id,
                    CASE WHEN sec.is_reserved THEN (SELECT count(*) FROM seat s WHERE s.section_id = sec.id)
                         ELSE coalesce(sec.capacity, 0) END AS capacity
               FROM presentation p JOIN section sec ON sec.seatplan_id = p.seatplan_id WHERE p.id = $1),
           tickets AS (
             SELECT section_id, count(*) FILTER (WHERE NOT on_hold) AS sold, count(*) FILTER (WHERE on_hold) AS held
               FROM reservation_ticket WHERE presentation_id = $1 AND status = 'live' GROUP BY section_id)
           SELECT sec.zone_id AS "zoneId", z.name, z.name_en AS "nameEn", z.color,
                  sum(sec.capacity)::int AS capacity, coalesce(sum(t.sold), 0)::int AS sold,
                  coalesce(sum(t.held), 0)::int AS held
             FROM sec LEFT JOIN tickets t ON t.section_id = sec.id LEFT JOIN zone z ON z.id = sec.zone_id
            GROUP BY sec.zone_id, z.name, z.name_en, z.color
            ORDER BY sec.zone_id NULLS LAST`,
          [presentationId],
        ),
        this.db.query(
          `SELECT
             (SELECT count(*)::int FROM reservation_ticket
               WHERE presentation_id = $1 AND status = 'live' AND NOT on_hold
                 AND coalesce(paid_at, created_at) >= $2) AS "ticketsSoldSince",
             (SELECT coalesce(json_agg(json_build_object('reason', reason, 'count', n) ORDER BY n DESC, reason), '[]')
                FROM (SELECT CASE WHEN error = ANY($4::text[]) THEN replace(error, ' ', '_')
                                  WHEN error IS NULL THEN state ELSE 'other' END AS reason, count(*)::int AS n
                        FROM money_attempt
                       WHERE kind = 'charge' AND state IN ('declined', 'failed') AND updated_at >= $3
                         AND sale_draft -> 'tickets' @> jsonb_build_array(jsonb_build_object('presentationId', $1::int))
                       GROUP BY 1) f) AS "paymentFailuresByReason"`,
          [presentationId, salesSince, failuresSince, PAYMENT_REASONS],
        ),
      ]);
    const { ticketsSoldSince, paymentFailuresByReason } = recent[0]!;
    const paymentFailuresSince = paymentFailuresByReason.reduce((n, r) => n + r.count, 0);
    return { zones, ticketsSoldSince, paymentFailuresSince, paymentFailuresByReason };
  }
}
