import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { seatKey, type ChannelQuotas, type HoldHolders } from '@hotline/shared';
import { PreparedSql } from '../database/prepared-sql';
import type { AllocationRow } from './seat-allocations';
import type { PresentationInfo, RawPlan, RawSeat, RawSection } from './seat-layout';

export interface LayoutSource {
  presentation: PresentationInfo;
  plan: RawPlan;
  sections: RawSection[];
  seats: RawSeat[];
  ticketGroups: { id: number; zone_id: number }[];
}

interface PresentationRowDb {
  id: number;
  venue_id: number;
  seatplan_id: number;
  venue_type_id: number;
  seating_policy_id: number;
  soldout: boolean;
  cancelled: boolean;
  max_seats_per_order: number;
  no_single_seat_gap: boolean;
  feature_id: number;
  location_id: number;
  date_time: Date;
  sales_open_at: Date | null;
  sales_close_at: Date | null;
  holds_allowed: boolean;
  hold_release_minutes: number;
  hold_max_minutes: number | null;
  hold_holders: HoldHolders;
  channel_quotas: ChannelQuotas | null;
  revision: number;
}

function toInfo(r: PresentationRowDb): PresentationInfo {
  return {
    id: r.id,
    venueId: r.venue_id,
    seatplanId: r.seatplan_id,
    venueTypeId: r.venue_type_id,
    seatingPolicyId: r.seating_policy_id,
    soldout: r.soldout,
    cancelled: r.cancelled,
    maxSeatsPerOrder: r.max_seats_per_order,
    noSingleSeatGap: r.no_single_seat_gap,
    featureId: r.feature_id,
    locationId: r.location_id,
    dateTime: r.date_time,
    salesOpenAt: r.sales_open_at,
    salesCloseAt: r.sales_close_at,
    holdPolicy: {
      allowed: r.holds_allowed,
      holders: r.hold_holders,
      releaseMinutesBeforeStart: r.hold_release_minutes,
      maxHoldMinutes: r.hold_max_minutes,
    },
    channelQuotas: r.channel_quotas ?? {},
    revision: r.revision,
  };
}

// A cancelled date is sold out to the seat engine: no seat of it is locked again (each node's layout learns within 5 s).
const PRESENTATION_COLUMNS = `id, venue_id, seatplan_id, venue_type_id, seating_policy_id,
  (soldout OR cancelled_at IS NOT NULL) AS soldout, cancelled_at IS NOT NULL AS cancelled, max_seats_per_order,
  no_single_seat_gap, feature_id, location_id, date_time, sales_open_at, sales_close_at,
  holds_allowed, hold_holders, hold_release_minutes, hold_max_minutes, revision,
  (SELECT jsonb_object_agg(q.channel, q.seats) FROM presentation_channel_quota q WHERE q.presentation_id = presentation.id)
    AS channel_quotas`;

/** The seat engine's only door to PostgreSQL (seat plans, presentations, live tickets). */
@Injectable()
export class SeatsRepository {
  private readonly sql: PreparedSql;

  constructor(private readonly db: DataSource) {
    this.sql = new PreparedSql(db, 'seats');
  }

  async presentation(id: number): Promise<PresentationInfo | null> {
    const rows: PresentationRowDb[] = await this.db.query(
      `SELECT ${PRESENTATION_COLUMNS} FROM presentation WHERE id = $1 AND published_at IS NOT NULL`,
      [id],
    );
    return rows[0] ? toInfo(rows[0]) : null;
  }

  /** The places of a presentation set aside for mini-sites / the live domain (seat-allocations.ts). */
  allocations(presentationId: number): Promise<AllocationRow[]> {
    return this.db.query(
      'SELECT section_id, x, y, allocation_id, release_at FROM seat_allocation WHERE presentation_id = $1 ORDER BY section_id, y, x',
      [presentationId],
    );
  }

  async layoutSource(id: number): Promise<LayoutSource | null> {
    const presentation = await this.presentation(id);
    if (!presentation) return null;
    const [plans, sections, seats, ticketGroups] = await Promise.all([
      this.db.query('SELECT width, height, stage, focal_point FROM seatplan WHERE id = $1', [presentation.seatplanId]),
      this.db.query(
        'SELECT id, name, is_reserved, capacity, zone_id FROM section WHERE seatplan_id = $1 ORDER BY sort_order, id',
        [presentation.seatplanId],
      ),
      this.db.query(
        `SELECT section_id, group_id, x, y, row_name, seat_name, plan_x, plan_y, zone_id, features, together_id, row_order
           FROM seat WHERE seatplan_id = $1 ORDER BY section_id, group_id, row_order, x`,
        [presentation.seatplanId],
      ),
      this.db.query('SELECT id, zone_id FROM ticket_group WHERE presentation_id = $1 ORDER BY sort_order, id', [id]),
    ]);
    if (!plans[0]) return null;
    return { presentation, plan: plans[0] as RawPlan, sections, seats, ticketGroups };
  }

  /** Seats sold for good: the live tickets (the partial unique index guarantees one per seat). */
  async soldSeatKeys(presentationId: number): Promise<string[]> {
    const rows: { section_id: number; x: number; y: number }[] = await this.db.query(
      "SELECT section_id, x, y FROM reservation_ticket WHERE presentation_id = $1 AND status = 'live'",
      [presentationId],
    );
    return rows.map((r) => seatKey(r.section_id, r.x, r.y));
  }

  /** Seats of this visitor's own paid orders in the presentation (seats-status with modifySeats=1). */
  async ownPaidSeatKeys(presentationId: number, visitorId: string): Promise<Set<string>> {
    const rows: { section_id: number; x: number; y: number }[] = await this.db.query(
      `SELECT rt.section_id, rt.x, rt.y FROM reservation_ticket rt JOIN reservation r ON r.id = rt.reservation_id
        WHERE rt.presentation_id = $1 AND rt.status = 'live' AND r.state = 'paid' AND r.visitor_id = $2`,
      [presentationId, visitorId],
    );
    return new Set(rows.map((r) => seatKey(r.section_id, r.x, r.y)));
  }

  /**
   * One seat on several presentations (a season's fixed seat): the presentations on which PostgreSQL has it sold.
   * One statement for all of them, answered from the same partial unique index as soldAmong.
   */
  async soldAcross(presentationIds: number[], seat: { sectionId: number; x: number; y: number }): Promise<number[]> {
    const rows = await this.sql.query<{ presentation_id: number }>(
      'sold_across',
      `SELECT t.presentation_id FROM reservation_ticket t
        WHERE t.presentation_id = ANY($1::int[]) AND t.section_id = $2 AND t.x = $3 AND t.y = $4 AND t.status = 'live'`,
      [presentationIds, seat.sectionId, seat.x, seat.y],
    );
    return rows.map((r) => r.presentation_id);
  }

  /** Seats taken by unpaid hold orders (reservation state 'hold'): status 3 in hold mode (docs/hold-orders.md). */
  async onHoldSeatKeys(presentationId: number): Promise<string[]> {
    const rows: { section_id: number; x: number; y: number }[] = await this.db.query(
      `SELECT t.section_id, t.x, t.y FROM reservation_ticket t JOIN reservation r ON r.id = t.reservation_id
        WHERE t.presentation_id = $1 AND t.status = 'live' AND r.state = 'hold'`,
      [presentationId],
    );
    return rows.map((r) => seatKey(r.section_id, r.x, r.y));
  }

  /**
   * Which of these seats PostgreSQL has sold (live tickets): the lock path's check that
   * Redis did not forget a sale. One prepared statement, answered from the partial
   * unique index on (presentation_id, section_id, x, y) WHERE status = 'live'.
   */
  async soldAmong(presentationId: number, seats: { sectionId: number; x: number; y: number }[]): Promise<string[]> {
    const rows = await this.sql.query<{ section_id: number; x: number; y: number }>(
      'sold_among',
      `SELECT t.section_id, t.x, t.y
         FROM unnest($2::int[], $3::int[], $4::int[]) AS s(section_id, x, y)
         JOIN reservation_ticket t
           ON t.presentation_id = $1 AND t.section_id = s.section_id AND t.x = s.x AND t.y = s.y AND t.status = 'live'`,
      [presentationId, seats.map((s) => s.sectionId), seats.map((s) => s.x), seats.map((s) => s.y)],
    );
    return rows.map((r) => seatKey(r.section_id, r.x, r.y));
  }

  /**
   * Live tickets the reconciliation must (re)apply to Redis. `sinceSeconds` = null: every
   * presentation still on sale (started less than a day ago); otherwise only tickets
   * written in the last `sinceSeconds` (by id, walking the primary key back from the end
   * to the newest row older than that: cheap however large the table is).
   */
  async liveTicketsForReconcile(sinceSeconds: number | null): Promise<{ presentationId: number; key: string }[]> {
    const rows: { presentation_id: number; section_id: number; x: number; y: number }[] =
      sinceSeconds === null
        ? await this.db.query(
            `SELECT t.presentation_id, t.section_id, t.x, t.y
               FROM reservation_ticket t JOIN presentation p ON p.id = t.presentation_id
              WHERE t.status = 'live' AND p.date_time > now() - interval '1 day'`,
          )
        : await this.sql.query(
            'live_recent',
            `SELECT presentation_id, section_id, x, y FROM reservation_ticket
              WHERE status = 'live' AND id > COALESCE((
                SELECT id FROM reservation_ticket WHERE created_at < now() - make_interval(secs => $1)
                 ORDER BY id DESC LIMIT 1), 0)`,
            [sinceSeconds],
          );
    return rows.map((r) => ({ presentationId: r.presentation_id, key: seatKey(r.section_id, r.x, r.y) }));
  }

  /** Presentations best-available may search, soonest first. */
  async searchPresentations(filter: {
    featureId?: number;
    locationId?: number;
    fromUtc?: Date;
    toUtc?: Date;
    limit: number;
  }): Promise<PresentationInfo[]> {
    const where: string[] = ['date_time >= $1'];
    const params: unknown[] = [filter.fromUtc ?? new Date(0)];
    if (filter.toUtc) {
      params.push(filter.toUtc);
      where.push(`date_time < $${params.length}`);
    }
    if (filter.featureId !== undefined) {
      params.push(filter.featureId);
      where.push(`feature_id = $${params.length}`);
    }
    if (filter.locationId !== undefined) {
      params.push(filter.locationId);
      where.push(`location_id = $${params.length}`);
    }
    params.push(filter.limit);
    const rows: PresentationRowDb[] = await this.db.query(
      `SELECT ${PRESENTATION_COLUMNS} FROM presentation WHERE ${where.join(' AND ')} ORDER BY date_time, id LIMIT $${params.length}`,
      params,
    );
    return rows.map(toInfo);
  }
}
