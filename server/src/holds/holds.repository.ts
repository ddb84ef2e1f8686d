import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { RELEASE_HELD_RESERVATIONS, SaleParticipants } from '../reservations';

/** One ticket of a hold whose seats go back on sale. */
export interface ReleasedSeat {
  reservationId: string;
  presentationId: number;
  key: string;
}

export interface HoldRow {
  reservationId: string;
  identifier: string;
  reservationState: string;
  holdState: 'held' | 'paid' | 'released';
  customerId: number;
  visitorId: string;
  releaseAt: Date;
  totalAgorot: number;
  customer: Record<string, unknown>;
  locale: string;
}

export interface HoldTicketRow {
  reservationId: string;
  presentationId: number;
  sectionId: number;
  x: number;
  y: number;
  featureName: string;
  featureNameEn: string;
  /** Russian and Arabic names, null where the catalogue has none. */
  featureNameRu: string | null;
  featureNameAr: string | null;
  dateTime: Date;
}

const HOLD_COLUMNS = `r.id::text AS "reservationId", r.identifier, r.state AS "reservationState", h.state AS "holdState",
  h.customer_id AS "customerId", r.visitor_id AS "visitorId", h.release_at AS "releaseAt",
  r.total_agorot AS "totalAgorot", r.customer, r.locale`;

/**
 * Hold orders in PostgreSQL (the durable truth; a hold is WRITTEN by the one sale write, hold-sale.participant.ts):
 * the release sweep's claim (one statement under FOR UPDATE SKIP LOCKED, so two nodes
 * never release the same hold), and the reads of the customer area and the box office.
 */
@Injectable()
export class HoldsRepository {
  /** Protected so the control run's unguarded subclass (server/test/support) can query. */
  constructor(
    protected readonly db: DataSource,
    private readonly participants: SaleParticipants,
  ) {}

  /**
   * Releases up to `limit` holds whose deadline is at or before `now`, in ONE statement: the hold 'released',
   * the reservation 'cancelled', its tickets no longer live (the seats free in PostgreSQL; those two steps are the
   * reservations context's SQL, RELEASE_HELD_RESERVATIONS, composed into this statement). Rows another node is
   * releasing are skipped (SKIP LOCKED) and a hold is only ever moved from 'held' once, so each is released exactly
   * once whichever node gets there. Answers the seats to free on the live map.
   *
   * Each step finds its rows by the keys the step before returned (`= ANY (ARRAY(...))`: primary keys, then the
   * tickets' reservation index), so one batch costs what the batch holds, whatever the table holds or the
   * statistics say: joined to the previous step instead, the planner hash-joined a seq scan of the whole of
   * hold_order and of reservation per batch. The tickets are "not cancelled" (the same rows as 'live', status is one
   * of the two) on purpose, never `status = 'live'`, which lets the planner read a live-ticket partial index
   * (reservation_ticket_ticket_live, _live_sales, _live_seat) with no key: right after a sweep autovacuum's
   * statistics say no ticket is live, the next show's holds then look free to enumerate, and each batch read every
   * live ticket (docs/hold-orders.md, "Why the third round was slower"; hold-release-plan.medium.test.ts).
   */
  async releaseDue(now: Date, limit: number, node: string): Promise<{ holds: number; seats: ReleasedSeat[] }> {
    return this.db.transaction((tx) => this.releaseDueIn(tx, now, limit, node));
  }

  /**
   * The release statement, then the give-back of what the released holds drew (a mini-site's
   * balance, the member's units, a discount code's use), in the same transaction: the statement moves each ticket
   * out of 'live' once, so each draw comes back once.
   */
  private async releaseDueIn(
    tx: EntityManager,
    now: Date,
    limit: number,
    node: string,
  ): Promise<{ holds: number; seats: ReleasedSeat[] }> {
    const rows: {
      reservation_id: string | null;
      ticket_id: string | null;
      presentation_id: number | null;
      k: string | null;
      holds: number;
    }[] = await tx.query(
      `WITH due AS (
           SELECT reservation_id FROM hold_order
            WHERE state = 'held' AND release_at <= $1
            ORDER BY release_at, reservation_id LIMIT $2 FOR UPDATE SKIP LOCKED
         ), released AS (
           UPDATE hold_order h SET state = 'released', released_at = now(), released_by = $3, seats_released = false
            WHERE h.reservation_id = ANY (ARRAY(SELECT reservation_id FROM due))
           RETURNING h.reservation_id
         ), ${RELEASE_HELD_RESERVATIONS}
         SELECT tix.reservation_id::text, tix.id::text AS ticket_id, tix.presentation_id, tix.k,
                (SELECT count(*) FROM released)::int AS holds
           FROM (SELECT 1) one LEFT JOIN tix ON true`,
      [now, limit, node],
    );
    const holds = rows[0]?.holds ?? 0;
    const ended = rows.filter((r) => r.k !== null);
    const seats = ended.map((r) => ({
      reservationId: r.reservation_id!,
      presentationId: r.presentation_id!,
      key: r.k!,
    }));
    await this.participants.giveBack(tx, {
      ticketIds: ended.map((r) => r.ticket_id!),
      wholeReservationIds: [...new Set(ended.map((r) => r.reservation_id!))],
    });
    return { holds, seats };
  }

  /** Released holds whose seats the live map may not have seen yet (a node died between the two steps). */
  async unreleasedSeats(limit: number): Promise<ReleasedSeat[]> {
    return this.db.query(
      `SELECT t.reservation_id::text AS "reservationId", t.presentation_id AS "presentationId",
              t.section_id || ':' || t.x || ':' || t.y AS key
         FROM (SELECT reservation_id FROM hold_order WHERE NOT seats_released
                 AND released_at < now() - interval '30 seconds' ORDER BY reservation_id LIMIT $1) h
         JOIN reservation_ticket t ON t.reservation_id = h.reservation_id AND t.status = 'cancelled'`,
      [limit],
    );
  }

  /** Of these seat keys, those no live ticket holds now (a seat sold again is never freed by an old release). */
  async stillFree(presentationId: number, keys: string[]): Promise<string[]> {
    // Joined on the live-seat unique index (presentation, section, x, y), not a scan of the presentation's tickets.
    const taken: { k: string }[] = await this.db.query(
      `SELECT k FROM unnest($2::text[]) AS k
         JOIN reservation_ticket t
           ON t.presentation_id = $1 AND t.status = 'live' AND t.section_id = split_part(k, ':', 1)::int
          AND t.x = split_part(k, ':', 2)::int AND t.y = split_part(k, ':', 3)::int`,
      [presentationId, keys],
    );
    const takenSet = new Set(taken.map((t) => t.k));
    return keys.filter((k) => !takenSet.has(k));
  }

  async markSeatsReleased(reservationIds: string[]): Promise<void> {
    if (reservationIds.length === 0) return;
    await this.db.query(`UPDATE hold_order SET seats_released = true WHERE reservation_id = ANY($1::bigint[])`, [
      reservationIds,
    ]);
  }

  /** Seat keys of a presentation taken by unpaid holds (status 3 in hold mode). */
  async heldSeatKeys(presentationId: number): Promise<string[]> {
    const rows: { k: string }[] = await this.db.query(
      `SELECT t.section_id || ':' || t.x || ':' || t.y AS k
         FROM reservation_ticket t JOIN reservation r ON r.id = t.reservation_id
        WHERE t.presentation_id = $1 AND t.status = 'live' AND r.state = 'hold'`,
      [presentationId],
    );
    return rows.map((r) => r.k);
  }

  async holdByIdentifier(identifier: string): Promise<HoldRow | null> {
    const rows: HoldRow[] = await this.db.query(
      `SELECT ${HOLD_COLUMNS} FROM reservation r JOIN hold_order h ON h.reservation_id = r.id WHERE r.identifier = $1`,
      [identifier],
    );
    return rows[0] ?? null;
  }

  async holdByReservationId(reservationId: string): Promise<HoldRow | null> {
    const rows: HoldRow[] = await this.db.query(
      `SELECT ${HOLD_COLUMNS} FROM reservation r JOIN hold_order h ON h.reservation_id = r.id WHERE r.id = $1`,
      [reservationId],
    );
    return rows[0] ?? null;
  }

  /**
   * A customer's holds: those still awaiting payment first (what asks for action), then paid, then released (for a
   * week after their deadline); soonest deadline first within each.
   */
  async holdsOfCustomer(customerId: number): Promise<HoldRow[]> {
    return this.db.query(
      `SELECT ${HOLD_COLUMNS} FROM hold_order h JOIN reservation r ON r.id = h.reservation_id
        WHERE h.customer_id = $1 AND (h.state <> 'released' OR h.release_at > now() - interval '7 days')
        ORDER BY CASE h.state WHEN 'held' THEN 0 WHEN 'paid' THEN 1 ELSE 2 END, h.release_at, r.id LIMIT 100`,
      [customerId],
    );
  }

  /** Unpaid holds due in the box office's window (the next `days` days), for the counter's list. */
  async openHolds(limit: number): Promise<HoldRow[]> {
    return this.db.query(
      `SELECT ${HOLD_COLUMNS} FROM hold_order h JOIN reservation r ON r.id = h.reservation_id
        WHERE h.state = 'held' AND r.state = 'hold' ORDER BY h.release_at, r.id LIMIT $1`,
      [limit],
    );
  }

  /** The tickets of these reservations (live or released) with their event's name and start. */
  async ticketsOf(reservationIds: string[]): Promise<HoldTicketRow[]> {
    if (reservationIds.length === 0) return [];
    return this.db.query(
      `SELECT t.reservation_id::text AS "reservationId", t.presentation_id AS "presentationId", t.section_id AS "sectionId",
              t.x, t.y, f.name AS "featureName", f.name_en AS "featureNameEn",
              NULLIF(f.translations->'ru'->>'name', '') AS "featureNameRu",
              NULLIF(f.translations->'ar'->>'name', '') AS "featureNameAr", p.date_time AS "dateTime"
         FROM reservation_ticket t JOIN presentation p ON p.id = t.presentation_id JOIN feature f ON f.id = p.feature_id
        WHERE t.reservation_id = ANY($1::bigint[])
        ORDER BY t.reservation_id, p.date_time, t.section_id, t.y, t.x`,
      [reservationIds],
    );
  }
}
