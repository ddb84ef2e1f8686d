import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type HoldHolders,
  type HoldPolicyChange,
  type AdminChannelAllocation,
  jerusalemDateKey,
  jerusalemTimeOfDay,
  watchingOfVenueType,
  type AdminFeature,
  type AdminFeatureInput,
  type AdminNames,
  type AdminPresentation,
  type AdminZone,
  type AdminZonePrices,
  type AdminCancellationProgress,
  type AdminCouponTerms,
  type AdminDateSettings,
  type CouponChannel,
  type FeatureCategoryId,
} from '@hotline/shared';
import { DATE_CHANGE_TEMPLATE, enqueueMessages, type DateChangePayload } from '../notifications';
import {
  insertFeature,
  insertPresentation,
  insertTicket,
  updateFeature,
  setFeatureImage,
  writePrices,
  type TicketRow,
} from './event-writer';
import { namesOf, returnedRows } from './named-rows';
import { mediaUrl } from '../media';

interface FeatureRowDb {
  id: number;
  business_id: number;
  name: string;
  name_en: string;
  description: string;
  description_en: string;
  translations: { ru?: { name?: string; description?: string }; ar?: { name?: string; description?: string } } | null;
  feature_category_id: number;
  duration_minutes: number;
  age_limit: number | null;
  published_at: Date | null;
  image_name: string | null;
  revision: number;
  presentation_count: number;
}

const FEATURE_COLUMNS = `f.id, f.business_id, f.name, f.name_en, f.description, f.description_en, f.translations,
  f.feature_category_id, f.duration_minutes, f.age_limit, f.published_at, f.image_name, f.revision,
  (SELECT count(*)::int FROM presentation p WHERE p.feature_id = f.id) AS presentation_count`;

function toFeature(r: FeatureRowDb): AdminFeature {
  const t = r.translations ?? {};
  return {
    id: Number(r.id),
    businessId: Number(r.business_id),
    name: { he: r.name, en: r.name_en, ru: t.ru?.name ?? '', ar: t.ar?.name ?? '' },
    description: { he: r.description, en: r.description_en, ru: t.ru?.description ?? '', ar: t.ar?.description ?? '' },
    categoryId: r.feature_category_id as FeatureCategoryId,
    durationMinutes: r.duration_minutes,
    ageLimit: r.age_limit,
    visible: r.published_at !== null,
    image: r.image_name ? mediaUrl(r.image_name) : null,
    presentationCount: r.presentation_count,
    revision: r.revision,
  };
}

interface PresentationRowDb {
  id: number;
  feature_id: number;
  business_id: number;
  venue_id: number;
  seatplan_id: number;
  date_time: Date;
  max_seats_per_order: number;
  published_at: Date | null;
  cancelled_at: Date | null;
  sales_open_at: Date | null;
  sales_close_at: Date | null;
  holds_allowed: boolean;
  hold_holders: HoldHolders;
  hold_release_minutes: number;
  hold_max_minutes: number | null;
  channel_allocations: AdminChannelAllocation[] | null;
  set_aside: { allocationId: number; releaseAt: string | null; seats: number }[] | null;
  venue_type_id: number;
  rotating_code: boolean;
  revision: number;
  sold_count: number;
}

const PRESENTATION_COLUMNS = `p.id, p.feature_id, p.business_id, p.venue_id, p.seatplan_id, p.date_time,
  p.max_seats_per_order, p.published_at, p.cancelled_at, p.sales_open_at, p.sales_close_at, p.venue_type_id, p.revision,
  p.holds_allowed, p.hold_holders, p.hold_release_minutes, p.hold_max_minutes, p.rotating_code,
  (SELECT jsonb_agg(jsonb_build_object('channel', q.channel, 'seats', q.seats, 'sold', (
      SELECT count(*)::int FROM reservation_ticket rt JOIN reservation_sale_channel c ON c.reservation_id = rt.reservation_id
       WHERE rt.presentation_id = p.id AND rt.status = 'live' AND c.channel = q.channel)) ORDER BY q.channel)
     FROM presentation_channel_quota q WHERE q.presentation_id = p.id) AS channel_allocations,
  (SELECT jsonb_agg(jsonb_build_object('allocationId', g.allocation_id, 'releaseAt', g.release_at, 'seats', g.n)
                    ORDER BY g.allocation_id, g.release_at)
     FROM (SELECT a.allocation_id, a.release_at, count(*)::int AS n FROM seat_allocation a
            WHERE a.presentation_id = p.id GROUP BY a.allocation_id, a.release_at) g) AS set_aside,
  (SELECT count(*)::int FROM reservation_ticket rt WHERE rt.presentation_id = p.id AND rt.status = 'live')
    AS sold_count`;

/** Where a page of dates starts: after this start (microseconds since 1970, as digits) and id (ties by id). */
export interface PresentationCursor {
  startsUs: string;
  id: number;
}

/** A date with what the checks need: its feature's duration (overlaps) and its business (scope). */
export interface PresentationRef {
  presentation: AdminPresentation;
  durationMinutes: number;
}

/** Events, dates and prices in PostgreSQL; writes go through event-writer.ts (the seed's way too). */
@Injectable()
export class EventAdminRepository {
  constructor(private readonly db: DataSource) {}

  async listFeatures(businessIds: readonly number[] | null): Promise<AdminFeature[]> {
    const rows: FeatureRowDb[] = await this.db.query(
      `SELECT ${FEATURE_COLUMNS} FROM feature f WHERE $1::int[] IS NULL OR f.business_id = ANY($1) ORDER BY f.id`,
      [businessIds],
    );
    return rows.map(toFeature);
  }

  async feature(id: number): Promise<AdminFeature | null> {
    const [row]: FeatureRowDb[] = await this.db.query(`SELECT ${FEATURE_COLUMNS} FROM feature f WHERE f.id = $1`, [id]);
    return row ? toFeature(row) : null;
  }

  createFeature(input: AdminFeatureInput): Promise<number> {
    return this.db.transaction((tx) => insertFeature(tx, { ...input, visible: false }));
  }

  updateFeature(id: number, revision: number, input: Omit<AdminFeatureInput, 'businessId'>): Promise<boolean> {
    return this.db.transaction((tx) => updateFeature(tx, id, revision, input));
  }

  /**
   * The feature shows the stored image named `imageName` (null: none, the storefront's placeholder); false when the
   * revision is not the current one.
   */
  setFeatureImage(id: number, revision: number, imageName: string | null): Promise<boolean> {
    return this.db.transaction((tx) => setFeatureImage(tx, id, revision, imageName));
  }

  /** The zones of a seat-plan version with how many places each has (seats, or a standing section's capacity). */
  async zones(seatPlanId: number, tx: EntityManager = this.db.manager): Promise<AdminZone[]> {
    const rows: {
      id: number;
      code: string;
      name: string;
      name_en: string;
      translations: { ru?: { name?: string }; ar?: { name?: string } } | null;
      color: string;
      seat_count: number;
    }[] = await tx.query(
      `SELECT z.id, z.code, z.name, z.name_en, z.translations, z.color,
              ((SELECT count(*) FROM seat s WHERE s.zone_id = z.id)
               + coalesce((SELECT sum(capacity) FROM section sc WHERE sc.zone_id = z.id AND NOT sc.is_reserved), 0)
              )::int AS seat_count
         FROM zone z WHERE z.seatplan_id = $1 ORDER BY z.id`,
      [seatPlanId],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      code: r.code,
      name: {
        he: r.name,
        en: r.name_en,
        ru: r.translations?.ru?.name ?? '',
        ar: r.translations?.ar?.name ?? '',
      } satisfies AdminNames,
      color: r.color,
      seatCount: r.seat_count,
    }));
  }

  /**
   * A page of dates in start order (keyset: start, then id), after `after` when given; `next` is the cursor of the
   * following page, null on the last one. A page costs the same wherever it is in a long list.
   */
  async listPresentations(
    businessIds: readonly number[] | null,
    page: { featureId?: number; after?: PresentationCursor; limit: number },
  ): Promise<{ presentations: AdminPresentation[]; next: PresentationCursor | null }> {
    // The start as whole microseconds since 1970 (PostgreSQL's own precision), so a cursor never rounds a start.
    const rows: (PresentationRowDb & { starts_us: string })[] = await this.db.query(
      `SELECT ${PRESENTATION_COLUMNS},
              (extract(epoch FROM p.date_time) * 1000000)::bigint::text AS starts_us
         FROM presentation p
        WHERE ($1::int[] IS NULL OR p.business_id = ANY($1)) AND ($2::int IS NULL OR p.feature_id = $2)
          AND ($3::bigint IS NULL
               OR (p.date_time, p.id) > ('epoch'::timestamptz + $3::bigint * interval '1 microsecond', $4::int))
        ORDER BY p.date_time, p.id LIMIT $5`,
      [businessIds, page.featureId ?? null, page.after?.startsUs ?? null, page.after?.id ?? 0, page.limit + 1],
    );
    const more = rows.length > page.limit;
    const shown = more ? rows.slice(0, page.limit) : rows;
    const last = shown.at(-1);
    return {
      presentations: await this.withPrices(shown),
      next: more && last ? { startsUs: last.starts_us, id: Number(last.id) } : null,
    };
  }

  /** These dates, in start order. */
  async presentationsByIds(ids: readonly number[]): Promise<AdminPresentation[]> {
    const rows: PresentationRowDb[] = await this.db.query(
      `SELECT ${PRESENTATION_COLUMNS} FROM presentation p WHERE p.id = ANY($1) ORDER BY p.date_time, p.id`,
      [ids],
    );
    return this.withPrices(rows);
  }

  async presentation(id: number, tx: EntityManager = this.db.manager): Promise<PresentationRef | null> {
    const [row]: (PresentationRowDb & { duration_minutes: number })[] = await tx.query(
      `SELECT ${PRESENTATION_COLUMNS}, f.duration_minutes
         FROM presentation p JOIN feature f ON f.id = p.feature_id WHERE p.id = $1`,
      [id],
    );
    if (!row) return null;
    const [presentation] = await this.withPrices([row], tx);
    return { presentation: presentation!, durationMinutes: row.duration_minutes };
  }

  private async withPrices(
    rows: PresentationRowDb[],
    tx: EntityManager = this.db.manager,
  ): Promise<AdminPresentation[]> {
    if (rows.length === 0) return [];
    const tickets: {
      id: number;
      presentation_id: number;
      zone_id: number;
      name: string;
      name_en: string;
      translations: { ru?: { name?: string }; ar?: { name?: string } } | null;
      price: number;
      service_charge: number;
      code: string | null;
      balance: number | null;
      code_active: boolean;
      code_valid_from: Date | null;
      code_valid_until: Date | null;
      code_channels: CouponChannel[] | null;
      code_per_order: number | null;
      used: number;
      member_units: number | null;
      multiply_factor: number;
    }[] = await tx.query(
      `SELECT t.id, tg.presentation_id, tg.zone_id, t.name, t.name_en, t.translations, t.price, t.service_charge, t.code,
              t.multiply_factor,
              t.balance, t.code_active, t.code_valid_from, t.code_valid_until, t.code_channels, t.code_per_order,
              CASE WHEN t.code IS NULL THEN 0
                   ELSE (SELECT count(*)::int FROM reservation_ticket rt WHERE rt.ticket_id = t.id AND rt.status = 'live')
              END AS used,
              (SELECT mt.units FROM member_ticket mt WHERE mt.ticket_id = t.id) AS member_units
         FROM ticket_group tg JOIN ticket t ON t.ticket_group_id = tg.id
        WHERE tg.presentation_id = ANY($1) ORDER BY tg.sort_order, tg.id, t.sort_order, t.id`,
      [rows.map((r) => r.id)],
    );
    const zones: { id: number; seatplan_id: number }[] = await tx.query(
      'SELECT id, seatplan_id FROM zone WHERE seatplan_id = ANY($1) ORDER BY id',
      [[...new Set(rows.map((r) => r.seatplan_id))]],
    );
    const progress = await this.cancellationProgress(
      rows.filter((r) => r.cancelled_at).map((r) => Number(r.id)),
      tx,
    );
    return rows.map((r) => {
      const prices: AdminZonePrices[] = zones
        .filter((z) => Number(z.seatplan_id) === Number(r.seatplan_id))
        .map((z) => ({
          zoneId: Number(z.id),
          tickets: tickets
            .filter((t) => Number(t.presentation_id) === Number(r.id) && Number(t.zone_id) === Number(z.id))
            .map((t) => ({
              ticketId: Number(t.id),
              name: {
                he: t.name,
                en: t.name_en,
                ru: t.translations?.ru?.name ?? '',
                ar: t.translations?.ar?.name ?? '',
              },
              priceAgorot: t.price,
              serviceChargeAgorot: t.service_charge,
              multiplyFactor: t.multiply_factor,
              code: t.code,
              cap: t.code && t.member_units === null ? t.balance : null,
              ...(t.member_units !== null
                ? { memberUnits: t.member_units }
                : t.code
                  ? {
                      terms: {
                        active: t.code_active,
                        validFrom: t.code_valid_from?.toISOString() ?? null,
                        validUntil: t.code_valid_until?.toISOString() ?? null,
                        channels: t.code_channels,
                        perOrder: t.code_per_order,
                      },
                      used: t.used,
                    }
                  : {}),
            })),
        }));
      return {
        id: Number(r.id),
        featureId: Number(r.feature_id),
        businessId: Number(r.business_id),
        venueId: Number(r.venue_id),
        seatPlanId: Number(r.seatplan_id),
        startsAt: r.date_time.toISOString(),
        localDate: jerusalemDateKey(r.date_time),
        localTime: jerusalemTimeOfDay(r.date_time),
        maxSeatsPerOrder: r.max_seats_per_order,
        status: r.cancelled_at ? 'cancelled' : r.published_at ? 'published' : 'draft',
        publishedAt: r.published_at ? r.published_at.toISOString() : null,
        videoOnDemand: watchingOfVenueType(r.venue_type_id),
        salesOpenAt: r.sales_open_at?.toISOString() ?? null,
        salesCloseAt: r.sales_close_at?.toISOString() ?? null,
        holdPolicy: {
          allowed: r.holds_allowed,
          holders: r.hold_holders,
          releaseMinutesBeforeStart: r.hold_release_minutes,
          maxHoldMinutes: r.hold_max_minutes,
        },
        rotatingCode: r.rotating_code,
        channelAllocations: r.channel_allocations ?? [],
        setAside: (r.set_aside ?? []).map((g) => ({
          ...g,
          releaseAt: g.releaseAt === null ? null : new Date(g.releaseAt).toISOString(),
        })),
        soldCount: r.sold_count,
        prices,
        cancellation: progress.get(Number(r.id)) ?? null,
        revision: r.revision,
      };
    });
  }

  private async cancellationProgress(
    ids: number[],
    tx: EntityManager,
  ): Promise<Map<number, AdminCancellationProgress>> {
    if (ids.length === 0) return new Map();
    const rows: {
      presentation_id: number;
      requested_at: Date;
      reason: string;
      orders_total: number;
      orders_left: number;
      refunds_open: number;
      finished_at: Date | null;
    }[] = await tx.query(
      `SELECT pc.presentation_id, pc.requested_at, pc.reason, pc.orders_total, pc.finished_at,
              (SELECT count(DISTINCT rt.reservation_id)::int FROM reservation_ticket rt
                WHERE rt.presentation_id = pc.presentation_id AND rt.status = 'live') AS orders_left,
              (SELECT count(*)::int FROM cancellation c
                WHERE c.state <> 'done' AND c.seat_keys @> jsonb_build_array(jsonb_build_object('presentationId', pc.presentation_id))
              ) AS refunds_open
         FROM presentation_cancellation pc WHERE pc.presentation_id = ANY($1)`,
      [ids],
    );
    return new Map(
      rows.map((r) => [
        Number(r.presentation_id),
        {
          requestedAt: r.requested_at.toISOString(),
          reason: r.reason,
          ordersTotal: r.orders_total,
          ordersLeft: r.orders_left,
          refundsOpen: r.refunds_open,
          finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
        },
      ]),
    );
  }

  /** The other dates in a venue around a time span, with their events' durations (for the overlap rule). */
  async runsInVenue(
    venueId: number,
    fromUtc: Date,
    toUtc: Date,
    exceptId: number | null,
    tx: EntityManager = this.db.manager,
  ): Promise<{ startsAt: Date; durationMinutes: number }[]> {
    const rows: { date_time: Date; duration_minutes: number }[] = await tx.query(
      `SELECT p.date_time, f.duration_minutes FROM presentation p JOIN feature f ON f.id = p.feature_id
        WHERE p.venue_id = $1 AND p.date_time >= $2::timestamptz - interval '1 day' AND p.date_time < $3
          AND ($4::int IS NULL OR p.id <> $4)`,
      [venueId, fromUtc, toUtc, exceptId],
    );
    return rows.map((r) => ({ startsAt: r.date_time, durationMinutes: r.duration_minutes }));
  }

  /** The seat plan's venue and business, and whether it is published (dates sell published versions only). */
  async seatPlanOwner(
    seatPlanId: number,
  ): Promise<{ venueId: number; businessId: number; published: boolean; reserved: boolean } | null> {
    const [row] = await this.db.query(
      `SELECT v.id AS venue_id, l.business_id, sp.published_at IS NOT NULL AS published,
              EXISTS (SELECT 1 FROM section s WHERE s.seatplan_id = sp.id AND s.is_reserved) AS reserved
         FROM seatplan sp JOIN venue v ON v.id = sp.venue_id JOIN location l ON l.id = v.location_id
        WHERE sp.id = $1`,
      [seatPlanId],
    );
    return row
      ? {
          venueId: Number(row.venue_id),
          businessId: Number(row.business_id),
          published: row.published,
          reserved: row.reserved,
        }
      : null;
  }

  /**
   * Creates the dates of a series as drafts, all or none, after checking again under a lock on the venue that no
   * other date overlaps them (two staff creating series in one hall at once would each have seen it free).
   */
  async createSeries(
    venueId: number,
    dates: { startsAt: Date }[],
    input: {
      featureId: number;
      seatPlanId: number;
      maxSeatsPerOrder: number;
      prices: AdminZonePrices[];
      venueTypeId: number;
    },
    overlaps: (existing: { startsAt: Date; durationMinutes: number }[]) => boolean,
  ): Promise<number[] | 'overlap'> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM venue WHERE id = $1 FOR UPDATE', [venueId]);
      const times = dates.map((d) => d.startsAt.getTime());
      const existing = await this.runsInVenue(
        venueId,
        new Date(Math.min(...times)),
        new Date(Math.max(...times) + 86_400_000),
        null,
        tx,
      );
      if (overlaps(existing)) return 'overlap';
      const ids: number[] = [];
      for (const d of dates)
        ids.push(await insertPresentation(tx, { ...input, startsAt: d.startsAt, published: false }));
      return ids;
    });
  }

  /** Changes a draft's time, limit and prices at `revision`; 'published' or 'stale' when not (nothing changed). */
  async updateDraft(
    id: number,
    venueId: number,
    revision: number,
    change: { startsAt: Date; maxSeatsPerOrder: number; prices: AdminZonePrices[] },
    overlaps: (existing: { startsAt: Date; durationMinutes: number }[]) => boolean,
  ): Promise<'updated' | 'published' | 'cancelled' | 'stale' | 'overlap'> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM venue WHERE id = $1 FOR UPDATE', [venueId]);
      const [row] = await tx.query(
        'SELECT revision, published_at, cancelled_at FROM presentation WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (row.cancelled_at) return 'cancelled';
      if (row.published_at) return 'published';
      if (row.revision !== revision) return 'stale';
      const from = change.startsAt;
      const existing = await this.runsInVenue(venueId, from, new Date(from.getTime() + 86_400_000), id, tx);
      if (overlaps(existing)) return 'overlap';
      await tx.query(
        'UPDATE presentation SET date_time = $2, max_seats_per_order = $3, revision = revision + 1 WHERE id = $1',
        [id, change.startsAt, change.maxSeatsPerOrder],
      );
      await writePrices(tx, id, change.prices);
      return 'updated';
    });
  }

  /**
   * New prices for tickets the date has, at `revision`, draft or published (sold tickets keep their own amounts).
   * 'unknown' names a ticket that is not the date's; nothing changes unless every ticket is.
   */
  async changePrices(
    id: number,
    revision: number,
    tickets: readonly { ticketId: number; priceAgorot: number; serviceChargeAgorot: number }[],
  ): Promise<{ outcome: 'changed' | 'cancelled' | 'stale' } | { outcome: 'unknown'; ticketId: number }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query('SELECT revision, cancelled_at FROM presentation WHERE id = $1 FOR UPDATE', [id]);
      if (row.cancelled_at) return { outcome: 'cancelled' };
      if (row.revision !== revision) return { outcome: 'stale' };
      const own: { id: number }[] = await tx.query(
        `SELECT t.id FROM ticket t JOIN ticket_group tg ON tg.id = t.ticket_group_id
          WHERE tg.presentation_id = $1 AND t.id = ANY($2)`,
        [id, tickets.map((t) => t.ticketId)],
      );
      const ids = new Set(own.map((t) => Number(t.id)));
      const seen = new Set<number>();
      for (const t of tickets) {
        if (!ids.has(t.ticketId) || seen.has(t.ticketId)) return { outcome: 'unknown', ticketId: t.ticketId };
        seen.add(t.ticketId);
      }
      for (const t of tickets)
        await tx.query('UPDATE ticket SET price = $2, service_charge = $3 WHERE id = $1', [
          t.ticketId,
          t.priceAgorot,
          t.serviceChargeAgorot,
        ]);
      await tx.query('UPDATE presentation SET revision = revision + 1 WHERE id = $1', [id]);
      return { outcome: 'changed' };
    });
  }

  /**
   * One more ticket on a zone the date already prices (its ticket group), at `revision`, draft or on sale: a new
   * ticket no sale refers to yet. A coupon's code is checked under the date's row lock, so two coupons with one code
   * cannot both be added.
   */
  async addTicket(
    id: number,
    revision: number,
    zoneId: number,
    ticket: TicketRow,
  ): Promise<'added' | 'cancelled' | 'stale' | 'unpriced' | 'taken'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query('SELECT revision, cancelled_at FROM presentation WHERE id = $1 FOR UPDATE', [id]);
      if (row.cancelled_at) return 'cancelled';
      if (row.revision !== revision) return 'stale';
      const [group] = await tx.query(
        `SELECT tg.id, coalesce((SELECT max(t.sort_order) + 1 FROM ticket t WHERE t.ticket_group_id = tg.id), 0) AS next
           FROM ticket_group tg WHERE tg.presentation_id = $1 AND tg.zone_id = $2 ORDER BY tg.id LIMIT 1`,
        [id, zoneId],
      );
      if (!group) return 'unpriced';
      if (ticket.code) {
        const [taken] = await tx.query(
          `SELECT 1 FROM ticket t JOIN ticket_group tg ON tg.id = t.ticket_group_id
            WHERE tg.presentation_id = $1 AND lower(t.code) = lower($2)`,
          [id, ticket.code],
        );
        if (taken) return 'taken';
      }
      await insertTicket(tx, Number(group.id), ticket, Number(group.next));
      await tx.query('UPDATE presentation SET revision = revision + 1 WHERE id = $1', [id]);
      return 'added';
    });
  }

  /**
   * Member prices at `revision`: each listed zone's member ticket changed (amount and units) or added to the zone's
   * ticket group; 'unpriced' names a zone the date does not price. Nothing changes unless every zone is priced.
   */
  async setMemberPrices(
    id: number,
    revision: number,
    zones: readonly { zoneId: number; priceAgorot: number; units: number }[],
    name: AdminNames,
  ): Promise<{ outcome: 'changed' | 'cancelled' | 'stale' } | { outcome: 'unpriced'; zoneId: number }> {
    return this.db
      .transaction(async (tx) => {
        const [row] = await tx.query('SELECT revision, cancelled_at FROM presentation WHERE id = $1 FOR UPDATE', [id]);
        if (row.cancelled_at) return { outcome: 'cancelled' as const };
        if (row.revision !== revision) return { outcome: 'stale' as const };
        for (const z of zones) {
          const [group] = await tx.query(
            `SELECT tg.id, coalesce((SELECT max(t.sort_order) + 1 FROM ticket t WHERE t.ticket_group_id = tg.id), 0) AS next,
                    (SELECT t.id FROM ticket t JOIN member_ticket mt ON mt.ticket_id = t.id
                      WHERE t.ticket_group_id = tg.id ORDER BY t.id LIMIT 1) AS member_ticket
               FROM ticket_group tg WHERE tg.presentation_id = $1 AND tg.zone_id = $2 ORDER BY tg.id LIMIT 1`,
            [id, z.zoneId],
          );
          if (!group) throw new UnpricedZone(z.zoneId);
          if (group.member_ticket) {
            await tx.query('UPDATE ticket SET price = $2 WHERE id = $1', [group.member_ticket, z.priceAgorot]);
            await tx.query('UPDATE member_ticket SET units = $2 WHERE ticket_id = $1', [group.member_ticket, z.units]);
          } else
            await insertTicket(
              tx,
              Number(group.id),
              { name, priceAgorot: z.priceAgorot, serviceChargeAgorot: 0, memberUnits: z.units },
              Number(group.next),
            );
        }
        await tx.query('UPDATE presentation SET revision = revision + 1 WHERE id = $1', [id]);
        return { outcome: 'changed' as const };
      })
      .catch((error: unknown) => {
        if (error instanceof UnpricedZone) return { outcome: 'unpriced' as const, zoneId: error.zoneId };
        throw error;
      });
  }

  /** A date's waiver and the buyer's cancellation policy (docs/catalogue-admin.md "A date's settings"). */
  async settings(id: number): Promise<AdminDateSettings> {
    const [w] = await this.db.query('SELECT terms, terms_en FROM presentation_waiver WHERE presentation_id = $1', [id]);
    const [c] = await this.db.query(
      `SELECT customer_may_cancel, min_minutes_before_event, max_days_after_purchase, charge_type,
              charge_value::float8 AS charge_value
         FROM presentation_cancellation_policy WHERE presentation_id = $1`,
      [id],
    );
    return {
      waiver: w ? { terms: { he: w.terms, en: w.terms_en } } : null,
      cancellation: c
        ? {
            customerMayCancel: c.customer_may_cancel,
            minMinutesBeforeEvent: c.min_minutes_before_event,
            maxDaysAfterPurchase: c.max_days_after_purchase,
            chargeType: c.charge_type,
            chargeValue: Number(c.charge_value),
          }
        : null,
    };
  }

  /** A date's waiver and cancellation policy written whole at `revision` (null removes either). */
  async changeSettings(
    id: number,
    revision: number,
    settings: AdminDateSettings,
  ): Promise<'changed' | 'cancelled' | 'stale'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query('SELECT revision, cancelled_at FROM presentation WHERE id = $1 FOR UPDATE', [id]);
      if (row.cancelled_at) return 'cancelled';
      if (row.revision !== revision) return 'stale';
      if (settings.waiver)
        await tx.query(
          `INSERT INTO presentation_waiver (presentation_id, terms, terms_en) VALUES ($1, $2, $3)
           ON CONFLICT (presentation_id) DO UPDATE SET terms = EXCLUDED.terms, terms_en = EXCLUDED.terms_en`,
          [id, settings.waiver.terms.he, settings.waiver.terms.en],
        );
      else await tx.query('DELETE FROM presentation_waiver WHERE presentation_id = $1', [id]);
      const c = settings.cancellation;
      if (c)
        await tx.query(
          `INSERT INTO presentation_cancellation_policy (presentation_id, customer_may_cancel, min_minutes_before_event,
                                                         max_days_after_purchase, charge_type, charge_value)
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (presentation_id) DO UPDATE SET customer_may_cancel = EXCLUDED.customer_may_cancel,
             min_minutes_before_event = EXCLUDED.min_minutes_before_event,
             max_days_after_purchase = EXCLUDED.max_days_after_purchase, charge_type = EXCLUDED.charge_type,
             charge_value = EXCLUDED.charge_value`,
          [id, c.customerMayCancel, c.minMinutesBeforeEvent, c.maxDaysAfterPurchase, c.chargeType, c.chargeValue],
        );
      else await tx.query('DELETE FROM presentation_cancellation_policy WHERE presentation_id = $1', [id]);
      await tx.query('UPDATE presentation SET revision = revision + 1 WHERE id = $1', [id]);
      return 'changed';
    });
  }

  /** A date's sale window at `revision`, draft or on sale (null on a side: no limit there). */
  async changeSaleWindow(
    id: number,
    revision: number,
    window: { opensAt: string | null; closesAt: string | null },
  ): Promise<'changed' | 'cancelled' | 'stale'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query('SELECT revision, cancelled_at FROM presentation WHERE id = $1 FOR UPDATE', [id]);
      if (row.cancelled_at) return 'cancelled';
      if (row.revision !== revision) return 'stale';
      await tx.query(
        'UPDATE presentation SET sales_open_at = $2, sales_close_at = $3, revision = revision + 1 WHERE id = $1',
        [id, window.opensAt, window.closesAt],
      );
      return 'changed';
    });
  }

  /**
   * A date between the hall and online (its venue type) at `revision`, decided under the venue's lock and the date's
   * row lock by `decide` with the date's live tickets counted there: a sale writing a ticket takes a key-share lock
   * on the date's row (the ticket's foreign key), which the row lock waits for and then blocks, so a ticket sold
   * before the change is counted and none is written while it is decided.
   */
  async changeWatching(
    id: number,
    venueId: number,
    revision: number,
    venueTypeId: number,
    decide: (
      liveTickets: number,
      runs: () => Promise<{ startsAt: Date; durationMinutes: number }[]>,
    ) => Promise<'go' | 'unchanged'>,
  ): Promise<'changed' | 'unchanged' | 'cancelled' | 'stale'> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM venue WHERE id = $1 FOR UPDATE', [venueId]);
      const [row] = await tx.query(
        'SELECT revision, cancelled_at, date_time FROM presentation WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (row.cancelled_at) return 'cancelled';
      if (row.revision !== revision) return 'stale';
      const [{ n }] = await tx.query(
        `SELECT count(*)::int AS n FROM reservation_ticket WHERE presentation_id = $1 AND status = 'live'`,
        [id],
      );
      const startsAt: Date = row.date_time;
      const runs = () => this.runsInVenue(venueId, startsAt, new Date(startsAt.getTime() + 86_400_000), id, tx);
      if ((await decide(n, runs)) === 'unchanged') return 'unchanged';
      await tx.query('UPDATE presentation SET venue_type_id = $2, revision = revision + 1 WHERE id = $1', [
        id,
        venueTypeId,
      ]);
      return 'changed';
    });
  }
  /**
   * The rotating code switched at `revision`, only while no scanner can have judged a ticket of the date: before the
   * doors open (by `now`) and with no scan recorded. The row is locked, so a first scan racing the switch either
   * commits before it (and the switch is refused) or reads the new setting.
   */
  async changeRotatingCode(
    id: number,
    revision: number,
    rotatingCode: boolean,
    now: Date,
  ): Promise<'changed' | 'cancelled' | 'stale' | 'locked'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query(
        `SELECT revision, cancelled_at,
                date_time - make_interval(mins => doors_open_minutes) <= $2 AS doors_open,
                EXISTS (SELECT 1 FROM checkin_scan s WHERE s.presentation_id = presentation.id) AS scanned
           FROM presentation WHERE id = $1 FOR UPDATE`,
        [id, now],
      );
      if (row.cancelled_at) return 'cancelled';
      if (row.revision !== revision) return 'stale';
      if (row.doors_open || row.scanned) return 'locked';
      await tx.query('UPDATE presentation SET rotating_code = $2, revision = revision + 1 WHERE id = $1', [
        id,
        rotatingCode,
      ]);
      return 'changed';
    });
  }

  /**
   * A date's hold policy at `revision`, draft or on sale (holds already placed keep their deadline). `holders` left
   * out keeps who may hold as it was (a caller that predates it changes the rest only).
   */
  async changeHoldPolicy(
    id: number,
    revision: number,
    policy: HoldPolicyChange,
  ): Promise<'changed' | 'cancelled' | 'stale'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query('SELECT revision, cancelled_at FROM presentation WHERE id = $1 FOR UPDATE', [id]);
      if (row.cancelled_at) return 'cancelled';
      if (row.revision !== revision) return 'stale';
      await tx.query(
        `UPDATE presentation SET holds_allowed = $2, hold_release_minutes = $3, hold_max_minutes = $4,
           hold_holders = COALESCE($5, hold_holders), revision = revision + 1 WHERE id = $1`,
        [id, policy.allowed, policy.releaseMinutesBeforeStart, policy.maxHoldMinutes, policy.holders ?? null],
      );
      return 'changed';
    });
  }

  /**
   * A date's channel quotas at `revision`, all at once. The date's earlier orders are recorded with the channel they
   * were sold through first (a mini-site, a partner link, a box-office payment, otherwise the storefront), so a new
   * quota counts what was already sold. Under the date's row lock, and the quota rows' (which every sale claiming a
   * quota takes): a sale committing meanwhile is counted either way.
   */
  async changeChannelAllocations(
    id: number,
    revision: number,
    allocations: { channel: CouponChannel; seats: number }[],
  ): Promise<'changed' | 'cancelled' | 'stale'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query('SELECT revision, cancelled_at FROM presentation WHERE id = $1 FOR UPDATE', [id]);
      if (row.cancelled_at) return 'cancelled';
      if (row.revision !== revision) return 'stale';
      await tx.query(
        'SELECT 1 FROM presentation_channel_quota WHERE presentation_id = $1 ORDER BY channel FOR UPDATE',
        [id],
      );
      await tx.query(
        `INSERT INTO reservation_sale_channel (reservation_id, channel)
         SELECT r.id, CASE
             WHEN rc.mini_site_id IS NOT NULL THEN 'mini-site'
             WHEN rc.reservation_id IS NOT NULL THEN 'partner'
             WHEN EXISTS (SELECT 1 FROM payment pay LEFT JOIN money_attempt a ON a.payment_id = pay.id
                           WHERE pay.reservation_id = r.id AND (pay.provider = 'box_office' OR a.channel = 'box_office'))
               THEN 'box-office'
             ELSE 'web' END
           FROM reservation r LEFT JOIN reservation_channel rc ON rc.reservation_id = r.id
          WHERE EXISTS (SELECT 1 FROM reservation_ticket rt WHERE rt.reservation_id = r.id AND rt.presentation_id = $1
                          AND rt.status = 'live')
         ON CONFLICT (reservation_id) DO NOTHING`,
        [id],
      );
      await tx.query('DELETE FROM presentation_channel_quota WHERE presentation_id = $1', [id]);
      await tx.query(
        `INSERT INTO presentation_channel_quota (presentation_id, channel, seats)
         SELECT $1, a.channel, a.seats FROM unnest($2::text[], $3::int[]) AS a(channel, seats)`,
        [id, allocations.map((a) => a.channel), allocations.map((a) => a.seats)],
      );
      await tx.query('UPDATE presentation SET revision = revision + 1 WHERE id = $1', [id]);
      return 'changed';
    });
  }

  /** Every set-aside place of a date, in plan order, with its AllocationId and release instant. */
  async setAsideSeats(
    id: number,
  ): Promise<{ sectionId: number; x: number; y: number; allocationId: number; releaseAt: string | null }[]> {
    const rows: { section_id: number; x: number; y: number; allocation_id: number; release_at: Date | null }[] =
      await this.db.query(
        `SELECT section_id, x, y, allocation_id, release_at FROM seat_allocation
          WHERE presentation_id = $1 ORDER BY section_id, y, x`,
        [id],
      );
    return rows.map((r) => ({
      sectionId: r.section_id,
      x: r.x,
      y: r.y,
      allocationId: r.allocation_id,
      releaseAt: r.release_at === null ? null : r.release_at.toISOString(),
    }));
  }

  /**
   * The named seats a date keeps for `allocationId` at `revision`, replacing that allocation's (docs/decisions/024).
   * Under the date's row lock (`FOR UPDATE`): a sale writing a ticket holds a key-share lock on that row until it
   * commits, so a sale in flight is waited for and its seat counted as taken; a sale after this commits is refused
   * by the lock and the commit once its node re-reads the date. Refused, with nothing written: seats not on the
   * date's plan, seats sold or held (live tickets) that this allocation did not already keep, another allocation's.
   */
  async changeSetAside(
    id: number,
    revision: number,
    change: { allocationId: number; releaseAt: Date | null; seats: { sectionId: number; x: number; y: number }[] },
  ): Promise<
    | 'changed'
    | 'cancelled'
    | 'stale'
    | { notInPlan: { sectionId: number; x: number; y: number }[] }
    | { taken: { sectionId: number; x: number; y: number }[] }
  > {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query(
        'SELECT revision, cancelled_at, seatplan_id FROM presentation WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (row.cancelled_at) return 'cancelled';
      if (row.revision !== revision) return 'stale';
      const sections = change.seats.map((s) => s.sectionId);
      const xs = change.seats.map((s) => s.x);
      const ys = change.seats.map((s) => s.y);
      const place = (r: { section_id: number; x: number; y: number }) => ({ sectionId: r.section_id, x: r.x, y: r.y });
      const notInPlan: { section_id: number; x: number; y: number }[] = await tx.query(
        `SELECT w.section_id, w.x, w.y FROM unnest($2::int[], $3::int[], $4::int[]) AS w(section_id, x, y)
          WHERE NOT EXISTS (SELECT 1 FROM seat s WHERE s.seatplan_id = $1 AND s.section_id = w.section_id
                              AND s.x = w.x AND s.y = w.y)
          ORDER BY 1, 3, 2`,
        [row.seatplan_id, sections, xs, ys],
      );
      if (notInPlan.length) return { notInPlan: notInPlan.map(place) };
      const taken: { section_id: number; x: number; y: number }[] = await tx.query(
        `SELECT w.section_id, w.x, w.y FROM unnest($2::int[], $3::int[], $4::int[]) AS w(section_id, x, y)
          LEFT JOIN seat_allocation a ON a.presentation_id = $1 AND a.section_id = w.section_id
                                      AND a.x = w.x AND a.y = w.y
          WHERE (a.allocation_id IS NOT NULL AND a.allocation_id <> $5)
             OR (a.allocation_id IS NULL AND EXISTS (
                   SELECT 1 FROM reservation_ticket rt WHERE rt.presentation_id = $1 AND rt.status = 'live'
                      AND rt.section_id = w.section_id AND rt.x = w.x AND rt.y = w.y))
          ORDER BY 1, 3, 2`,
        [id, sections, xs, ys, change.allocationId],
      );
      if (taken.length) return { taken: taken.map(place) };
      await tx.query('DELETE FROM seat_allocation WHERE presentation_id = $1 AND allocation_id = $2', [
        id,
        change.allocationId,
      ]);
      await tx.query(
        `INSERT INTO seat_allocation (presentation_id, section_id, x, y, allocation_id, release_at)
         SELECT $1, w.section_id, w.x, w.y, $5, $6 FROM unnest($2::int[], $3::int[], $4::int[]) AS w(section_id, x, y)`,
        [id, sections, xs, ys, change.allocationId, change.releaseAt],
      );
      await tx.query('UPDATE presentation SET revision = revision + 1 WHERE id = $1', [id]);
      return 'changed';
    });
  }

  /** A coupon's cap and terms at `revision`; 'unknown' when the ticket is not a coupon of the date. */
  async changeCoupon(
    id: number,
    revision: number,
    ticketId: number,
    cap: number | null,
    terms: AdminCouponTerms,
  ): Promise<'changed' | 'cancelled' | 'stale' | 'unknown'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query('SELECT revision, cancelled_at FROM presentation WHERE id = $1 FOR UPDATE', [id]);
      if (row.cancelled_at) return 'cancelled';
      if (row.revision !== revision) return 'stale';
      const changed = await tx.query(
        `UPDATE ticket SET balance = $3, code_active = $4, code_valid_from = $5, code_valid_until = $6,
                code_channels = $7, code_per_order = $8
          WHERE id = $2 AND code IS NOT NULL
            AND ticket_group_id IN (SELECT id FROM ticket_group WHERE presentation_id = $1)
          RETURNING id`,
        [id, ticketId, cap, terms.active, terms.validFrom, terms.validUntil, terms.channels, terms.perOrder],
      );
      if (returnedRows(changed).length === 0) return 'unknown';
      await tx.query('UPDATE presentation SET revision = revision + 1 WHERE id = $1', [id]);
      return 'changed';
    });
  }

  /**
   * Moves a date to `startsAt` at `revision` (after the overlap rule, under the venue's lock) and, in the same
   * transaction, queues the new time for every order with live tickets for it: the move and its messages happen
   * together or not at all. Answers how many orders were told.
   */
  async moveDate(
    id: number,
    venueId: number,
    revision: number,
    startsAt: Date,
    overlaps: (existing: { startsAt: Date; durationMinutes: number }[]) => boolean,
  ): Promise<{ told: number } | 'cancelled' | 'stale' | 'overlap'> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM venue WHERE id = $1 FOR UPDATE', [venueId]);
      const [row] = await tx.query(
        `SELECT p.revision, p.date_time, p.cancelled_at, f.name, f.name_en, f.translations
           FROM presentation p JOIN feature f ON f.id = p.feature_id WHERE p.id = $1 FOR UPDATE OF p`,
        [id],
      );
      if (row.cancelled_at) return 'cancelled';
      if (row.revision !== revision) return 'stale';
      const existing = await this.runsInVenue(venueId, startsAt, new Date(startsAt.getTime() + 86_400_000), id, tx);
      if (overlaps(existing)) return 'overlap';
      await tx.query('UPDATE presentation SET date_time = $2, revision = revision + 1 WHERE id = $1', [id, startsAt]);
      const orders: { id: string; identifier: string; locale: string; email: string | null; mobile: string | null }[] =
        await tx.query(
          `SELECT r.id::text AS id, r.identifier, r.locale, r.customer->>'email' AS email,
                  r.customer->>'mobileNumber' AS mobile
             FROM reservation r
            WHERE r.state IN ('paid', 'hold')
              AND EXISTS (SELECT 1 FROM reservation_ticket rt
                           WHERE rt.reservation_id = r.id AND rt.presentation_id = $1 AND rt.status = 'live')
            ORDER BY r.id`,
          [id],
        );
      const eventName = namesOf(row);
      for (const order of orders) {
        const payload: DateChangePayload = {
          eventName,
          orderIdentifier: order.identifier,
          from: new Date(row.date_time).toISOString(),
          to: startsAt.toISOString(),
        };
        await enqueueMessages(tx, {
          reservationId: order.id,
          locale: order.locale,
          template: DATE_CHANGE_TEMPLATE,
          payload,
          messages: [
            ...(order.email ? [{ channel: 'email' as const, recipient: order.email }] : []),
            ...(order.mobile ? [{ channel: 'sms' as const, recipient: order.mobile }] : []),
          ],
        });
      }
      return { told: orders.length };
    });
  }

  /**
   * Publishes a draft at `revision` (and its event, if this is its first published date); `ready` says, under the
   * row's lock, what still stops it. From then on the date is on sale.
   */
  async publish(
    id: number,
    revision: number,
    ready: (p: AdminPresentation, tx: EntityManager) => Promise<void>,
  ): Promise<'published' | 'already' | 'cancelled' | 'stale'> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query(
        'SELECT revision, published_at, cancelled_at FROM presentation WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (row.cancelled_at) return 'cancelled';
      if (row.published_at) return 'already';
      if (row.revision !== revision) return 'stale';
      await ready((await this.presentation(id, tx))!.presentation, tx);
      const [published] = returnedRows(
        await tx.query(
          'UPDATE presentation SET published_at = now(), revision = revision + 1 WHERE id = $1 RETURNING feature_id',
          [id],
        ),
      ) as { feature_id: number }[];
      const featureId = published!.feature_id;
      await tx.query(
        'UPDATE feature SET published_at = now(), revision = revision + 1 WHERE id = $1 AND published_at IS NULL',
        [featureId],
      );
      return 'published';
    });
  }
}

/** Thrown inside a transaction to roll back every member price when one zone is not priced. */
class UnpricedZone extends Error {
  constructor(readonly zoneId: number) {
    super(`zone ${zoneId} is not priced`);
  }
}
