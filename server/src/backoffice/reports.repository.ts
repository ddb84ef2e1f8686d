import { Injectable } from '@nestjs/common';
import type { VenueKind } from '@hotline/shared';
import { DataSource } from 'typeorm';

/** A row's Russian and Arabic name from its `translations` jsonb, null where it has none. */
const ruAr = (alias: string, field: string) =>
  `NULLIF(${alias}.translations->'ru'->>'name', '') AS "${field}Ru", NULLIF(${alias}.translations->'ar'->>'name', '') AS "${field}Ar"`;

/** Which presentations and which sales a report counts. Every query is limited to `businessIds`. */
export interface ReportFilter {
  businessIds: number[];
  /** Presentations from (inclusive) / to (exclusive), UTC ISO instants. */
  from: string;
  to: string;
  featureId?: number;
  locationId?: number;
  presentationIds?: number[];
  /** Sales (ticket creation) from / to, UTC ISO instants: the spec's transaction business dates. */
  saleFrom: string;
  saleTo: string;
}

export interface PresentationSalesRow {
  presentationId: number;
  featureId: number;
  featureName: string;
  featureNameEn: string;
  featureNameRu: string | null;
  featureNameAr: string | null;
  locationId: number;
  locationName: string;
  locationNameEn: string;
  locationNameRu: string | null;
  locationNameAr: string | null;
  /** The kind of place it plays in (the capacity report's heading). */
  venueKind: VenueKind;
  dateTime: string;
  capacity: number;
  sold: number;
  /** Seats of unpaid hold orders: taken, but neither sold nor revenue until paid. */
  held: number;
  revenueAgorot: number;
}

export type PresentationListRow = Omit<
  PresentationSalesRow,
  'capacity' | 'sold' | 'held' | 'revenueAgorot' | 'venueKind'
>;

export interface TicketTypeRow {
  ticketId: number;
  name: string;
  nameEn: string;
  nameRu: string | null;
  nameAr: string | null;
  sold: number;
  revenueAgorot: number;
}

export interface DaySalesRow {
  date: string;
  sold: number;
  revenueAgorot: number;
}

/**
 * Report queries. Capacity is what is on sale: seats whose zone has a ticket group for the
 * presentation, plus general-admission capacity. Sold, held and revenue come from sales_daily,
 * the aggregate statement triggers keep in step with every live ticket (migrations 1795470000001
 * and 1795800000000), so a report over a million tickets sums a few thousand rows. Reports count
 * money taken: a ticket of an unpaid hold order is `held` (no revenue); once paid it is sold, with
 * its revenue, on the day of the payment; released, it is neither.
 */
@Injectable()
export class ReportsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * The CTEs every report starts from: `pres`, the presentations in scope; `sales`, their
   * live tickets counted per presentation, ticket type and day of sale (a paid hold's day is the
   * day it was paid), read from the trigger-kept aggregate sales_daily (days are Asia/Jerusalem,
   * like saleFrom/saleTo's midnights); `live`, the sold ticket rows themselves (not those of unpaid
   * holds), only for per-seat questions of few shows.
   */
  private scope(f: ReportFilter): { sql: string; params: unknown[] } {
    const params: unknown[] = [f.businessIds, f.from, f.to, f.saleFrom, f.saleTo];
    const where = ['p.business_id = ANY($1::int[])', 'p.date_time >= $2', 'p.date_time < $3'];
    if (f.featureId !== undefined) {
      params.push(f.featureId);
      where.push(`p.feature_id = $${params.length}`);
    }
    if (f.locationId !== undefined) {
      params.push(f.locationId);
      where.push(`p.location_id = $${params.length}`);
    }
    if (f.presentationIds?.length) {
      params.push(f.presentationIds);
      where.push(`p.id = ANY($${params.length}::int[])`);
    }
    return {
      sql: `pres AS (SELECT p.id, p.feature_id, p.location_id, p.venue_id, p.seatplan_id, p.date_time FROM presentation p
                      WHERE ${where.join(' AND ')}),
            sales AS (SELECT sd.presentation_id, sd.ticket_id, sd.day, sd.sold, sd.held, sd.revenue_agorot
                        FROM sales_daily sd JOIN pres ON pres.id = sd.presentation_id
                       WHERE sd.day >= ($4::timestamptz AT TIME ZONE 'Asia/Jerusalem')::date
                         AND sd.day < ($5::timestamptz AT TIME ZONE 'Asia/Jerusalem')::date),
            live AS (SELECT rt.presentation_id, rt.section_id
                       FROM reservation_ticket rt JOIN pres ON pres.id = rt.presentation_id
                      WHERE rt.status = 'live' AND NOT rt.on_hold
                        AND COALESCE(rt.paid_at, rt.created_at) >= $4 AND COALESCE(rt.paid_at, rt.created_at) < $5)`,
      params,
    };
  }

  async presentations(f: ReportFilter): Promise<PresentationSalesRow[]> {
    const { sql, params } = this.scope(f);
    const rows: PresentationSalesRow[] = await this.db.query(
      `WITH ${sql},
        zone_seats AS (SELECT zone_id, count(*)::int AS n FROM seat
                        WHERE seatplan_id IN (SELECT DISTINCT seatplan_id FROM pres) GROUP BY zone_id),
        zone_ga AS (SELECT zone_id, sum(capacity)::int AS n FROM section
                     WHERE NOT is_reserved AND seatplan_id IN (SELECT DISTINCT seatplan_id FROM pres) GROUP BY zone_id),
        cap AS (SELECT tg.presentation_id AS id, sum(COALESCE(zs.n, 0) + COALESCE(ga.n, 0))::int AS capacity
                  FROM ticket_group tg JOIN pres ON pres.id = tg.presentation_id
                  LEFT JOIN zone_seats zs ON zs.zone_id = tg.zone_id LEFT JOIN zone_ga ga ON ga.zone_id = tg.zone_id
                 GROUP BY tg.presentation_id),
        sold AS (SELECT presentation_id AS id, sum(sold)::int AS sold, sum(held)::int AS held,
                        sum(revenue_agorot)::bigint AS revenue
                   FROM sales GROUP BY presentation_id)
       SELECT pres.id AS "presentationId", f.id AS "featureId", f.name AS "featureName", f.name_en AS "featureNameEn",
              ${ruAr('f', 'featureName')}, l.id AS "locationId", l.name AS "locationName", l.name_en AS "locationNameEn",
              ${ruAr('l', 'locationName')}, v.kind AS "venueKind", pres.date_time AS "dateTime",
              COALESCE(cap.capacity, 0) AS capacity, COALESCE(sold.sold, 0) AS sold, COALESCE(sold.held, 0) AS held,
              COALESCE(sold.revenue, 0)::float8 AS "revenueAgorot"
         FROM pres JOIN feature f ON f.id = pres.feature_id JOIN location l ON l.id = pres.location_id
         JOIN venue v ON v.id = pres.venue_id LEFT JOIN cap ON cap.id = pres.id LEFT JOIN sold ON sold.id = pres.id
        ORDER BY pres.date_time, pres.id`,
      params,
    );
    return rows.map((r) => ({ ...r, dateTime: new Date(r.dateTime).toISOString() }));
  }

  async ticketTypes(f: ReportFilter): Promise<TicketTypeRow[]> {
    const { sql, params } = this.scope(f);
    return this.db.query(
      `WITH ${sql}
       SELECT t.id AS "ticketId", t.name, t.name_en AS "nameEn", ${ruAr('t', 'name')}, sum(sales.sold)::int AS sold,
              sum(sales.revenue_agorot)::float8 AS "revenueAgorot"
         FROM sales JOIN ticket t ON t.id = sales.ticket_id
        GROUP BY t.id HAVING sum(sales.sold) <> 0 ORDER BY sold DESC, t.id`,
      params,
    );
  }

  /** Sales per day of sale (Asia/Jerusalem), for the sales-over-time chart. */
  async salesByDay(f: ReportFilter): Promise<DaySalesRow[]> {
    const { sql, params } = this.scope(f);
    return this.db.query(
      `WITH ${sql}
       SELECT to_char(sales.day, 'YYYY-MM-DD') AS date, sum(sales.sold)::int AS sold,
              sum(sales.revenue_agorot)::float8 AS "revenueAgorot"
         FROM sales GROUP BY sales.day HAVING sum(sales.sold) <> 0 ORDER BY sales.day`,
      params,
    );
  }

  async sections(f: ReportFilter): Promise<{ sectionId: number; name: string; nameEn: string; sold: number }[]> {
    const { sql, params } = this.scope(f);
    return this.db.query(
      `WITH ${sql}
       SELECT s.id AS "sectionId", s.name, s.name_en AS "nameEn", count(*)::int AS sold
         FROM live JOIN section s ON s.id = live.section_id GROUP BY s.id ORDER BY s.sort_order, s.id`,
      params,
    );
  }

  async presentationList(businessIds: number[], from: string, to: string, featureId?: number) {
    const rows: PresentationListRow[] = await this.db.query(
      `SELECT p.id AS "presentationId", f.id AS "featureId", f.name AS "featureName", f.name_en AS "featureNameEn",
              ${ruAr('f', 'featureName')}, l.id AS "locationId", l.name AS "locationName", l.name_en AS "locationNameEn",
              ${ruAr('l', 'locationName')}, p.date_time AS "dateTime"
         FROM presentation p JOIN feature f ON f.id = p.feature_id JOIN location l ON l.id = p.location_id
        WHERE p.business_id = ANY($1::int[]) AND p.date_time >= $2 AND p.date_time < $3
          AND ($4::int IS NULL OR p.feature_id = $4::int)
        ORDER BY p.date_time, p.id LIMIT 2000`,
      [businessIds, from, to, featureId ?? null],
    );
    return rows.map((r) => ({ ...r, dateTime: new Date(r.dateTime).toISOString() }));
  }

  async availableFeatures(businessIds: number[], from: string, to: string) {
    return this.db.query(
      `SELECT f.id AS "FeatureId", f.name AS "FeatureName", f.name_en AS "FeatureNameEn",
              count(p.id)::int AS "PresentationCount"
         FROM feature f JOIN presentation p ON p.feature_id = f.id
        WHERE p.business_id = ANY($1::int[]) AND p.date_time >= $2 AND p.date_time < $3
        GROUP BY f.id ORDER BY f.name`,
      [businessIds, from, to],
    ) as Promise<{ FeatureId: number; FeatureName: string; FeatureNameEn: string; PresentationCount: number }[]>;
  }

  async availableLocations(businessIds: number[]) {
    return this.db.query(
      `SELECT id AS "LocationId", name AS "Name", name_en AS "NameEn" FROM location
        WHERE business_id = ANY($1::int[]) ORDER BY id`,
      [businessIds],
    ) as Promise<{ LocationId: number; Name: string; NameEn: string }[]>;
  }

  /** Businesses that own presentations of a feature (empty when the feature has none or does not exist). */
  async featureBusinesses(featureId: number): Promise<{ exists: boolean; businessIds: number[] }> {
    const rows: { exists: boolean; businessIds: number[] }[] = await this.db.query(
      `SELECT EXISTS (SELECT 1 FROM feature WHERE id = $1) AS exists,
              COALESCE((SELECT array_agg(DISTINCT business_id) FROM presentation WHERE feature_id = $1), '{}') AS "businessIds"`,
      [featureId],
    );
    return rows[0]!;
  }

  async locationBusiness(locationId: number): Promise<number | null> {
    const rows: { businessId: number }[] = await this.db.query(
      `SELECT business_id AS "businessId" FROM location WHERE id = $1`,
      [locationId],
    );
    return rows[0]?.businessId ?? null;
  }
}
