import type { EntityManager } from 'typeorm';
import { FEATURE_CATEGORIES, type AdminTicketPrice, type FeatureCategoryId } from '@hotline/shared';
import { translatedNames, type FourNames } from './venue-writer';

/**
 * The one way events ("features"), their dates ("presentations") and a date's prices get into the database: the back
 * office (EventAdminRepository) and the demo seed both write through these, inside the caller's transaction. Knows
 * the tables; knows nothing of who may call it.
 */

export interface FeatureRow {
  businessId: number;
  name: FourNames;
  description: FourNames;
  categoryId: FeatureCategoryId;
  durationMinutes: number;
  ageLimit: number | null;
  /** Two colours for the generated placeholder poster. */
  posterColors?: string;
  /** false: hidden from buyers until one of its dates is published (the back office); the demo's are shown. */
  visible: boolean;
}

/** The `translations` value of an event: Russian and Arabic name, category and description where given. */
function featureTranslations(f: Pick<FeatureRow, 'name' | 'description' | 'categoryId'>): Record<string, object> {
  const category = FEATURE_CATEGORIES[f.categoryId];
  const out: Record<string, object> = {};
  for (const lang of ['ru', 'ar'] as const) {
    const names = translatedNames(f.name)[lang];
    if (!names) continue;
    out[lang] = {
      name: names.name,
      categoryName: category[lang],
      ...(f.description[lang].trim() ? { description: f.description[lang] } : {}),
    };
  }
  return out;
}

export async function insertFeature(tx: EntityManager, f: FeatureRow): Promise<number> {
  const category = FEATURE_CATEGORIES[f.categoryId];
  const [row] = await tx.query(
    `INSERT INTO feature (business_id, name, name_en, feature_category_id, category_name, category_name_en, description,
                          description_en, duration_minutes, age_limit, poster_colors, translations, published_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12, CASE WHEN $13::boolean THEN now() END) RETURNING id`,
    [
      f.businessId,
      f.name.he,
      f.name.en,
      f.categoryId,
      category.he,
      category.en,
      f.description.he,
      f.description.en,
      f.durationMinutes,
      f.ageLimit,
      f.posterColors ?? '#1d3557,#e63946',
      JSON.stringify(featureTranslations(f)),
      f.visible,
    ],
  );
  return Number(row.id);
}

/** Changes an event's own fields if nobody changed it since `revision`; false when stale. */
export async function updateFeature(
  tx: EntityManager,
  id: number,
  revision: number,
  f: Omit<FeatureRow, 'businessId' | 'visible' | 'posterColors'>,
): Promise<boolean> {
  const category = FEATURE_CATEGORIES[f.categoryId];
  const result: unknown[] = await tx.query(
    `UPDATE feature SET name = $3, name_en = $4, feature_category_id = $5, category_name = $6, category_name_en = $7,
            description = $8, description_en = $9, duration_minutes = $10, age_limit = $11, translations = $12,
            revision = revision + 1
      WHERE id = $1 AND revision = $2 RETURNING id`,
    [
      id,
      revision,
      f.name.he,
      f.name.en,
      f.categoryId,
      category.he,
      category.en,
      f.description.he,
      f.description.en,
      f.durationMinutes,
      f.ageLimit,
      JSON.stringify(featureTranslations(f)),
    ],
  );
  // TypeORM answers an UPDATE … RETURNING with [rows, count].
  return (Array.isArray(result[0]) ? result[0] : result).length === 1;
}

/** A feature's image: the content-hash name of a stored media file; false when `revision` is not the current one. */
export async function setFeatureImage(
  tx: EntityManager,
  id: number,
  revision: number,
  imageName: string | null,
): Promise<boolean> {
  const result: unknown[] = await tx.query(
    'UPDATE feature SET image_name = $3, revision = revision + 1 WHERE id = $1 AND revision = $2 RETURNING id',
    [id, revision, imageName],
  );
  return (Array.isArray(result[0]) ? result[0] : result).length === 1;
}

/** A ticket as the seed writes it: the back office's fields (a coupon's `cap` is its balance) plus the demo's kinds. */
export interface TicketRow extends AdminTicketPrice {
  oldPriceAgorot?: number | null;
  multiplyFactor?: number;
  isVoucher?: boolean;
  balance?: number | null;
}

export interface ZonePricesRow {
  zoneId: number;
  tickets: TicketRow[];
  /** The ticket group's name; the zone's own name when left out. */
  groupName?: FourNames;
}

export interface PresentationRow {
  featureId: number;
  seatPlanId: number;
  startsAt: Date;
  maxSeatsPerOrder: number;
  /** 1 the default; 3 blocks single seats (the demo's late cinema show). */
  seatingPolicyId?: number;
  noSingleSeatGap?: boolean;
  /** false: a draft, invisible to buyers and refused by the seat engine until published. */
  published: boolean;
  prices: ZonePricesRow[];
  /** 1 (the default): in the hall; 101-104: video on demand (shared video-on-demand.ts). */
  venueTypeId?: number;
}

/**
 * A date on a seat-plan version: its venue, location and business come from the plan (a trigger refuses a draft
 * plan); it is sold as reserved seating when the plan has a reserved section.
 */
export async function insertPresentation(tx: EntityManager, p: PresentationRow): Promise<number> {
  const [row] = await tx.query(
    `INSERT INTO presentation (feature_id, location_id, venue_id, seatplan_id, business_id, date_time, venue_type_id,
                               seating_policy_id, is_reserved, max_seats_per_order, no_single_seat_gap, published_at)
     SELECT $1, v.location_id, v.id, sp.id, l.business_id, $3, $8, $4,
            EXISTS (SELECT 1 FROM section s WHERE s.seatplan_id = sp.id AND s.is_reserved), $5, $6,
            CASE WHEN $7::boolean THEN now() END
       FROM seatplan sp JOIN venue v ON v.id = sp.venue_id JOIN location l ON l.id = v.location_id
      WHERE sp.id = $2
     RETURNING id`,
    [
      p.featureId,
      p.seatPlanId,
      p.startsAt,
      p.seatingPolicyId ?? 1,
      p.maxSeatsPerOrder,
      p.noSingleSeatGap ?? false,
      p.published,
      p.venueTypeId ?? 1,
    ],
  );
  if (!row) throw new Error(`seat plan ${p.seatPlanId} does not exist`);
  const id = Number(row.id);
  await writePrices(tx, id, p.prices);
  return id;
}

/**
 * A date's prices: one ticket group per zone (named after the zone unless named), its tickets in the order given.
 * Replaces what the date had: only a draft's prices are replaced, so no sale refers to them.
 */
export async function writePrices(tx: EntityManager, presentationId: number, prices: ZonePricesRow[]): Promise<void> {
  await tx.query(
    'DELETE FROM ticket WHERE ticket_group_id IN (SELECT id FROM ticket_group WHERE presentation_id = $1)',
    [presentationId],
  );
  await tx.query('DELETE FROM ticket_group WHERE presentation_id = $1', [presentationId]);
  for (const [zoneIndex, zone] of prices.entries()) {
    if (zone.tickets.length === 0) continue;
    const [group] = await tx.query(
      `INSERT INTO ticket_group (presentation_id, zone_id, name, name_en, color, is_by_code_enabled, sort_order,
                                 translations)
       SELECT $1, z.id, coalesce($3, z.name), coalesce($4, z.name_en), z.color, true, $5, coalesce($6::jsonb, z.translations)
         FROM zone z JOIN presentation p ON p.id = $1 AND p.seatplan_id = z.seatplan_id
        WHERE z.id = $2 RETURNING id`,
      [
        presentationId,
        zone.zoneId,
        zone.groupName?.he ?? null,
        zone.groupName?.en ?? null,
        zoneIndex,
        // Named after its zone unless named: the zone's Russian and Arabic too.
        zone.groupName ? JSON.stringify(translatedNames(zone.groupName)) : null,
      ],
    );
    if (!group) throw new Error(`zone ${zone.zoneId} is not a zone of the date's seat plan`);
    for (const [sort, t] of zone.tickets.entries()) await insertTicket(tx, Number(group.id), t, sort);
  }
}

/** One ticket in a ticket group, a coupon with its terms (none given: on, always, everywhere); its id. */
export async function insertTicket(tx: EntityManager, groupId: number, t: TicketRow, sort: number): Promise<number> {
  const terms = t.code && !t.memberUnits ? t.terms : null;
  const [row] = await tx.query(
    `INSERT INTO ticket (ticket_group_id, name, name_en, price, old_price, service_charge, code, multiply_factor,
                         is_voucher, balance, sort_order, translations, code_active, code_valid_from,
                         code_valid_until, code_channels, code_per_order)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17) RETURNING id`,
    [
      groupId,
      t.name.he,
      t.name.en,
      t.priceAgorot,
      t.oldPriceAgorot ?? null,
      t.serviceChargeAgorot,
      t.memberUnits ? MEMBER_CODE : (t.code ?? null),
      t.multiplyFactor ?? 1,
      t.isVoucher ?? false,
      t.balance ?? t.cap ?? null,
      sort,
      JSON.stringify(translatedNames(t.name)),
      terms?.active ?? true,
      terms?.validFrom ?? null,
      terms?.validUntil ?? null,
      terms?.channels ?? null,
      terms?.perOrder ?? null,
    ],
  );
  const id = Number(row.id);
  if (t.memberUnits)
    await tx.query('INSERT INTO member_ticket (ticket_id, units) VALUES ($1, $2)', [id, t.memberUnits]);
  return id;
}

/** The code a member price is written with: never listed to buyers, found by the memberships context. */
export const MEMBER_CODE = 'MEMBER';
