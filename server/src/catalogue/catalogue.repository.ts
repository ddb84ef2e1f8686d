import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull, Not } from 'typeorm';
import { PRODUCT_UNITS_HELD_SQL } from '../database/product-stock-sql';
import {
  FeatureEntity,
  LocationEntity,
  PresentationEntity,
  ProductEntity,
  SeatplanEntity,
  SectionEntity,
  TicketEntity,
  TicketGroupEntity,
  VenueEntity,
  ZoneEntity,
} from '../database/entities';

export interface PresentationRow {
  presentation: PresentationEntity;
  feature: FeatureEntity;
  location: LocationEntity;
  venue: VenueEntity;
  reservedSections: number;
  gaSections: number;
  /** Lowest public ticket price in agorot. */
  priceFromAgorot: number | null;
  /** Reserved seats of the plan plus its general-admission capacity. */
  capacity: number;
  /** Live (sold, not cancelled) tickets: PostgreSQL's durable count, never Redis holds. */
  sold: number;
}

export interface SeatRow {
  id: number;
  section_id: number;
  group_id: number;
  x: number;
  y: number;
  row_name: string;
  seat_name: string;
  x_offset_percent: number;
  y_offset_percent: number;
  width_percent: number;
  height_percent: number;
  rotate: number;
  plan_x: number;
  plan_y: number;
  zone_id: number;
  features: number[];
  together_id: number | null;
}

/** The only place the catalogue touches TypeORM. */
@Injectable()
export class CatalogueRepository {
  constructor(private readonly db: DataSource) {}

  findFeatures(filter: { ids?: number[]; locationId?: number }): Promise<FeatureEntity[]> {
    // An event the back office is still preparing (no date published yet) is not shown.
    const qb = this.db
      .getRepository(FeatureEntity)
      .createQueryBuilder('f')
      .where('f.published_at IS NOT NULL')
      .orderBy('f.id');
    if (filter.ids?.length) qb.andWhere('f.id IN (:...ids)', { ids: filter.ids });
    if (filter.locationId !== undefined) {
      qb.andWhere(
        'EXISTS (SELECT 1 FROM presentation p WHERE p.feature_id = f.id AND p.location_id = :loc AND p.published_at IS NOT NULL AND p.cancelled_at IS NULL)',
        {
          loc: filter.locationId,
        },
      );
    }
    return qb.getMany();
  }

  findFeature(id: number): Promise<FeatureEntity | null> {
    return this.db.getRepository(FeatureEntity).findOneBy({ id, publishedAt: Not(IsNull()) });
  }

  async findPresentations(filter: {
    ids?: number[];
    featureIds?: number[];
    locationId?: number;
    fromUtc?: Date;
    toUtc?: Date;
  }): Promise<PresentationRow[]> {
    const qb = this.db
      .getRepository(PresentationEntity)
      .createQueryBuilder('p')
      // A draft date is the back office's until published; a cancelled one is off sale.
      .where('p.published_at IS NOT NULL AND p.cancelled_at IS NULL')
      .orderBy('p.date_time')
      .addOrderBy('p.id');
    if (filter.ids) qb.andWhere('p.id IN (:...ids)', { ids: filter.ids.length ? filter.ids : [-1] });
    if (filter.featureIds?.length) qb.andWhere('p.feature_id IN (:...featureIds)', { featureIds: filter.featureIds });
    if (filter.locationId !== undefined) qb.andWhere('p.location_id = :loc', { loc: filter.locationId });
    if (filter.fromUtc) qb.andWhere('p.date_time >= :from', { from: filter.fromUtc });
    if (filter.toUtc) qb.andWhere('p.date_time < :to', { to: filter.toUtc });
    const presentations = await qb.getMany();
    if (presentations.length === 0) return [];
    const unique = <T>(xs: T[]) => [...new Set(xs)];
    const [features, locations, venues, sectionCounts, prices, availability] = await Promise.all([
      this.db.getRepository(FeatureEntity).findBy({ id: In(unique(presentations.map((p) => p.featureId))) }),
      this.db.getRepository(LocationEntity).findBy({ id: In(unique(presentations.map((p) => p.locationId))) }),
      this.db.getRepository(VenueEntity).findBy({ id: In(unique(presentations.map((p) => p.venueId))) }),
      this.sectionCounts(unique(presentations.map((p) => p.seatplanId))),
      this.lowestPrices(presentations.map((p) => p.id)),
      this.availabilityCounts(presentations.map((p) => p.id)),
    ]);
    const byId = <T extends { id: number }>(xs: T[]) => new Map(xs.map((x) => [x.id, x]));
    const f = byId(features);
    const l = byId(locations);
    const v = byId(venues);
    return presentations.map((p) => ({
      presentation: p,
      feature: f.get(p.featureId)!,
      location: l.get(p.locationId)!,
      venue: v.get(p.venueId)!,
      reservedSections: sectionCounts.get(p.seatplanId)?.reserved ?? 0,
      gaSections: sectionCounts.get(p.seatplanId)?.ga ?? 0,
      priceFromAgorot: prices.get(p.id) ?? null,
      capacity: availability.get(p.id)?.capacity ?? 0,
      sold: availability.get(p.id)?.sold ?? 0,
    }));
  }

  /**
   * Places and sales per presentation, for the catalogue's "last seats" / sold-out marker. Sales are read from the
   * live tickets (the partial unique index on live seats serves the count); capacity is the plan's reserved seats
   * plus its general-admission capacity.
   */
  private async availabilityCounts(
    presentationIds: number[],
  ): Promise<Map<number, { capacity: number; sold: number }>> {
    const rows: { id: number; capacity: string; sold: string }[] = await this.db.query(
      `SELECT p.id,
              (SELECT sp.seat_count FROM seatplan sp WHERE sp.id = p.seatplan_id)
                + COALESCE((SELECT sum(s.capacity) FROM section s
                             WHERE s.seatplan_id = p.seatplan_id AND NOT s.is_reserved), 0) AS capacity,
              (SELECT count(*) FROM reservation_ticket rt
                WHERE rt.presentation_id = p.id AND rt.status = 'live') AS sold
         FROM presentation p WHERE p.id = ANY($1)`,
      [presentationIds],
    );
    return new Map(rows.map((r) => [r.id, { capacity: Number(r.capacity), sold: Number(r.sold) }]));
  }

  private async lowestPrices(presentationIds: number[]): Promise<Map<number, number>> {
    const rows: { presentation_id: number; price: number }[] = await this.db.query(
      `SELECT tg.presentation_id, min(t.price)::int AS price
         FROM ticket t JOIN ticket_group tg ON tg.id = t.ticket_group_id
        WHERE tg.presentation_id = ANY($1) AND t.code IS NULL AND t.multiply_factor = 1
        GROUP BY tg.presentation_id`,
      [presentationIds],
    );
    return new Map(rows.map((r) => [r.presentation_id, r.price]));
  }

  private async sectionCounts(seatplanIds: number[]): Promise<Map<number, { reserved: number; ga: number }>> {
    const rows: { seatplan_id: number; reserved: string; ga: string }[] = await this.db.query(
      `SELECT seatplan_id,
              count(*) FILTER (WHERE is_reserved) AS reserved,
              count(*) FILTER (WHERE NOT is_reserved) AS ga
         FROM section WHERE seatplan_id = ANY($1) GROUP BY seatplan_id`,
      [seatplanIds],
    );
    return new Map(rows.map((r) => [r.seatplan_id, { reserved: Number(r.reserved), ga: Number(r.ga) }]));
  }

  async findTicketGroups(presentationId: number): Promise<{ group: TicketGroupEntity; tickets: TicketEntity[] }[]> {
    const groups = await this.db.getRepository(TicketGroupEntity).find({
      where: { presentationId },
      order: { sortOrder: 'ASC', id: 'ASC' },
    });
    if (groups.length === 0) return [];
    const tickets = await this.db.getRepository(TicketEntity).find({
      where: { ticketGroupId: In(groups.map((g) => g.id)) },
      order: { sortOrder: 'ASC', id: 'ASC' },
    });
    return groups.map((group) => ({ group, tickets: tickets.filter((t) => t.ticketGroupId === group.id) }));
  }

  /**
   * The active products sold with a date: at its location (or everywhere), for every event or for its own, for every
   * date or for this one (shared productSoldWith, as the commit asks it).
   */
  findProducts(locationId: number, featureId: number, presentationId: number): Promise<ProductEntity[]> {
    return this.db
      .getRepository(ProductEntity)
      .createQueryBuilder('p')
      .where('(p.location_id IS NULL OR p.location_id = :loc)', { loc: locationId })
      .andWhere('(p.feature_id IS NULL OR p.feature_id = :feature)', { feature: featureId })
      .andWhere('(p.presentation_id IS NULL OR p.presentation_id = :presentation)', { presentation: presentationId })
      .andWhere('p.active')
      .orderBy('p.sort_order')
      .addOrderBy('p.id')
      .getMany();
  }

  /** Units of each product held by live orders (what its stock has given out). */
  async productUnitsHeld(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows: { id: number; n: number }[] = await this.db.query(PRODUCT_UNITS_HELD_SQL, [ids]);
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  /** Published versions only: a draft is not for buyers, and its seats live in its document until it is published. */
  listSeatplans(): Promise<{ id: number; venueId: number }[]> {
    return this.db.getRepository(SeatplanEntity).find({
      select: { id: true, venueId: true },
      where: { publishedAt: Not(IsNull()) },
      order: { seatCount: 'ASC' },
    });
  }

  findProduct(id: number): Promise<ProductEntity | null> {
    return this.db.getRepository(ProductEntity).findOneBy({ id });
  }

  async findSeatplan(
    venueId: number,
    seatplanId: number,
  ): Promise<{
    seatplan: SeatplanEntity;
    venue: VenueEntity;
    sections: SectionEntity[];
    zones: ZoneEntity[];
    groups: { id: number; section_id: number; name: string; sort_order: number }[];
    seats: SeatRow[];
  } | null> {
    // A draft is not served (nor cached as it is now: its seats are written when it is published).
    const seatplan = await this.db
      .getRepository(SeatplanEntity)
      .findOneBy({ id: seatplanId, venueId, publishedAt: Not(IsNull()) });
    if (!seatplan) return null;
    const [venue, sections, zones, groups, seats] = await Promise.all([
      this.db.getRepository(VenueEntity).findOneByOrFail({ id: venueId }),
      this.db.getRepository(SectionEntity).find({ where: { seatplanId }, order: { sortOrder: 'ASC', id: 'ASC' } }),
      this.db.getRepository(ZoneEntity).find({ where: { seatplanId }, order: { id: 'ASC' } }),
      this.db.query(
        'SELECT g.id, g.section_id, g.name, g.sort_order FROM seat_group g JOIN section s ON s.id = g.section_id WHERE s.seatplan_id = $1 ORDER BY g.sort_order, g.id',
        [seatplanId],
      ),
      this.db.query(
        `SELECT id, section_id, group_id, x, y, row_name, seat_name, x_offset_percent, y_offset_percent,
                width_percent, height_percent, rotate, plan_x, plan_y, zone_id, features, together_id
           FROM seat WHERE seatplan_id = $1 ORDER BY section_id, group_id, row_order, x`,
        [seatplanId],
      ),
    ]);
    return { seatplan, venue, sections, zones, groups, seats };
  }
}
