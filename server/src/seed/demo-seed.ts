import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { addCalendarDays, jerusalemWallClockToUtc } from '@hotline/shared';
import { insertSeatPlan, insertVenue } from '../catalogue-admin';
import { ensureGeneratedVenues, listVenueFiles, loadVenueFile, type VenueDocument } from '@hotline/seatmaps';
import { DEMO_FEATURES, DEMO_PRODUCTS, DEMO_SCHEDULE, demoTickets } from './demo-catalogue';
import { seedDemoVouchers } from '../payment';
import { seedDemoCustomers } from './demo-customers';
import { grantDemoStaffPermissions, renameDemoStaff, seedDemoStaff } from './demo-staff';
import { translationOf, translationsOf } from './demo-translations';
import { seedDemoGiftsIfEmpty } from './demo-gifts';
import { seedDemoWaiverIfEmpty } from './demo-waiver';
import { seedDemoVodIfEmpty } from './demo-vod';
import { seedDemoMembershipsIfEmpty } from './demo-memberships';
import { seedDemoMembershipDiscountsIfEmpty } from './demo-membership-discounts';
import { seedDemoMiniSiteIfEmpty } from './demo-mini-site';
import { seedDemoLineOnSaleIfMissing, seedDemoOnSaleIfEmpty } from './demo-on-sale';
import { seedDemoTicketReferencesIfEmpty } from './demo-ticket-references';
import { demoWeekFirstDay } from './demo-week-start';

const SEED_LOCK = 7_263_002;

export interface SeedSummary {
  venues: number;
  seats: number;
  presentations: number;
  firstDay: string;
  ms: number;
}

/**
 * Loads the demo data when the database has no venues yet: the seat plans from
 * seatmaps/ (validated on load), features, a week of presentations starting
 * today in Asia/Jerusalem (tomorrow when today's first show is under four hours away: demo-week-start.ts), ticket groups with tickets, and products.
 * Runs under an advisory lock so concurrent nodes seed once.
 */
export async function seedDemoIfEmpty(
  ds: DataSource,
  /** includeStaff: the demo staff accounts (public passwords): never in production. */
  options: { includeStadium: boolean; includeStaff?: boolean; logger?: Logger; now?: Date },
): Promise<SeedSummary | null> {
  const started = Date.now();
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [SEED_LOCK]);
    const [{ count }] = await runner.query('SELECT count(*)::int AS count FROM venue');
    if (count > 0) {
      // A database seeded before gift vouchers and donations existed gets them now.
      await runner.manager.transaction(async (tx) => {
        await seedDemoGiftsIfEmpty(tx);
        await seedDemoWaiverIfEmpty(tx);
        await seedDemoVodIfEmpty(tx, options.now ?? new Date());
        await seedDemoMembershipsIfEmpty(tx);
        await seedDemoMembershipDiscountsIfEmpty(tx);
        await seedDemoMiniSiteIfEmpty(tx);
        await seedDemoOnSaleIfEmpty(tx);
        await seedDemoLineOnSaleIfMissing(tx);
        await seedDemoTicketReferencesIfEmpty(tx);
        await renameDemoStaff(tx);
        if (options.includeStaff ?? true) await grantDemoStaffPermissions(tx);
        await translateDemoNames(tx, ['membership', 'membership_price']);
      });
      return null;
    }
    ensureGeneratedVenues();
    const files = listVenueFiles().filter((f) => options.includeStadium || !/stadium/.test(f));
    const venues = files.map((file) => loadVenueFile(file));
    let summary: SeedSummary | null = null;
    await runner.manager.transaction(async (tx) => {
      const firstDay = demoWeekFirstDay(options.now ?? new Date(), earliestScheduledTime());
      const featureIds = await insertFeatures(tx);
      const productLocations: number[] = [];
      let seats = 0;
      let presentations = 0;
      for (const venue of venues) {
        const loaded = await insertDemoVenue(tx, venue);
        seats += loaded.seatCount;
        productLocations.push(loaded.locationId);
        presentations += await insertPresentations(tx, venue, loaded, featureIds, firstDay);
      }
      await insertProducts(tx, productLocations);
      await seedDemoVouchers(tx, options.now ?? new Date());
      await seedDemoCustomers(tx);
      if (options.includeStaff ?? true) await seedDemoStaff(tx);
      await seedDemoGiftsIfEmpty(tx);
      await seedDemoWaiverIfEmpty(tx);
      await seedDemoVodIfEmpty(tx, options.now ?? new Date());
      await seedDemoMembershipsIfEmpty(tx);
      await seedDemoMembershipDiscountsIfEmpty(tx);
      await seedDemoMiniSiteIfEmpty(tx);
      await seedDemoOnSaleIfEmpty(tx);
      await seedDemoLineOnSaleIfMissing(tx);
      await seedDemoTicketReferencesIfEmpty(tx);
      summary = { venues: venues.length, seats, presentations, firstDay, ms: 0 };
    });
    await runner.query('ANALYZE');
    return summary ? { ...(summary as SeedSummary), ms: Date.now() - started } : null;
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [SEED_LOCK]).catch(() => undefined);
    await runner.release();
  }
}

/**
 * Rows of an earlier demo database whose names had no Russian yet (memberships and their prices before issue 22)
 * get Russian and Arabic from the table, matched by English name; a row that has a Russian name is left alone.
 */
async function translateDemoNames(tx: EntityManager, tables: readonly string[]): Promise<void> {
  for (const table of tables) {
    const rows: { nameEn: string }[] = await tx.query(
      `SELECT DISTINCT name_en AS "nameEn" FROM ${table} WHERE coalesce(translations->'ru'->>'name', '') = ''`,
    );
    for (const { nameEn } of rows) {
      const names = translationsOf({ name: nameEn });
      if (!names.ru?.name) continue;
      await tx.query(
        `UPDATE ${table} SET translations = translations || $2::jsonb
          WHERE name_en = $1 AND coalesce(translations->'ru'->>'name', '') = ''`,
        [nameEn, JSON.stringify(names)],
      );
    }
  }
}

/** The earliest wall-clock time any venue plays ('HH:MM' sorts as text). */
function earliestScheduledTime(): string {
  const times = DEMO_SCHEDULE.flatMap((s) => s.times).sort();
  if (!times[0]) throw new Error('the demo schedule lists no times');
  return times[0];
}

async function insertFeatures(tx: EntityManager): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const f of DEMO_FEATURES) {
    const [row] = await tx.query(
      `INSERT INTO feature (name, name_en, feature_category_id, category_name, category_name_en, description, description_en, duration_minutes, poster_colors, translations)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING id`,
      [
        f.name,
        f.nameEn,
        f.categoryId,
        f.category,
        f.categoryEn,
        f.description,
        f.descriptionEn,
        f.durationMinutes,
        f.posterColors,
        JSON.stringify(translationsOf({ name: f.nameEn, categoryName: f.categoryEn, description: f.descriptionEn })),
      ],
    );
    ids.set(f.key, row.id);
  }
  return ids;
}

interface LoadedVenue {
  locationId: number;
  businessId: number;
  venueId: number;
  seatplanId: number;
  seatCount: number;
  zoneIds: Map<string, number>;
}

/** Through the back office's writer (catalogue-admin/venue-writer.ts): one way to create a venue and its plan. */
async function insertDemoVenue(tx: EntityManager, doc: VenueDocument): Promise<LoadedVenue> {
  const four = (name: { he: string; en: string }) => {
    const t = translationOf(name.en);
    return { ...name, ru: t?.ru ?? '', ar: t?.ar ?? '' };
  };
  // The back office heads its capacity report by venue kind; the demo theatre is a hall.
  const scheduled = DEMO_SCHEDULE.find((s) => doc.code.startsWith(s.venue))?.kind;
  const kind = scheduled === undefined || scheduled === 'theatre' ? 'hall' : scheduled;
  const venue = await insertVenue(tx, {
    location: {
      businessId: doc.location.businessId,
      code: doc.location.code,
      name: four(doc.location.name),
      address: '',
    },
    code: doc.code,
    name: four(doc.name),
    kind,
  });
  const plan = await insertSeatPlan(tx, {
    venueId: venue.venueId,
    doc,
    version: 1,
    published: true,
    keepDocument: false,
    translate: translationOf,
  });
  return { ...venue, businessId: doc.location.businessId, ...plan };
}

async function insertPresentations(
  tx: EntityManager,
  doc: VenueDocument,
  venue: LoadedVenue,
  featureIds: Map<string, number>,
  firstDay: string,
): Promise<number> {
  const schedule = DEMO_SCHEDULE.find((s) => doc.code.startsWith(s.venue));
  if (!schedule) return 0;
  let count = 0;
  for (let day = 0; day < 7; day += schedule.everyNthDay) {
    const dateKey = addCalendarDays(firstDay, day);
    for (const [timeIndex, time] of schedule.times.entries()) {
      const featureKey = schedule.features[(day + timeIndex) % schedule.features.length];
      if (featureKey === undefined) throw new Error(`demo schedule for ${schedule.venue} lists no features`);
      // The late cinema show uses single-seat blocking (policy 3); the theatre forbids single-seat gaps.
      const seatingPolicyId = schedule.kind === 'cinema' && timeIndex === 2 ? 3 : 1;
      const noGap = schedule.kind === 'theatre';
      const [p] = await tx.query(
        `INSERT INTO presentation (feature_id, location_id, venue_id, seatplan_id, business_id, date_time, venue_type_id,
                                   seating_policy_id, is_reserved, max_seats_per_order, no_single_seat_gap)
         VALUES ($1,$2,$3,$4,$5,$6,1,$7,true,10,$8) RETURNING id`,
        [
          featureIds.get(featureKey),
          venue.locationId,
          venue.venueId,
          venue.seatplanId,
          venue.businessId,
          jerusalemWallClockToUtc(dateKey, time),
          seatingPolicyId,
          noGap,
        ],
      );
      count++;
      let zoneIndex = 0;
      for (const zone of doc.zones) {
        const [group] = await tx.query(
          'INSERT INTO ticket_group (presentation_id, zone_id, name, name_en, color, is_by_code_enabled, sort_order, translations) VALUES ($1,$2,$3,$4,$5,true,$6,$7) RETURNING id',
          [
            p.id,
            venue.zoneIds.get(zone.code),
            zone.name.he,
            zone.name.en,
            zone.color,
            zoneIndex,
            JSON.stringify(translationsOf({ name: zone.name.en })),
          ],
        );
        let sort = 0;
        for (const t of demoTickets(schedule.kind, zoneIndex)) {
          await tx.query(
            `INSERT INTO ticket (ticket_group_id, name, name_en, price, old_price, service_charge, code, multiply_factor, is_voucher, balance, sort_order, translations)
             VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
            [
              group.id,
              t.name,
              t.nameEn,
              t.price,
              t.oldPrice ?? null,
              t.serviceCharge ?? 0,
              t.code ?? null,
              t.multiplyFactor ?? 1,
              t.isVoucher ?? false,
              t.balance ?? null,
              sort++,
              JSON.stringify(translationsOf({ name: t.nameEn })),
            ],
          );
        }
        zoneIndex++;
      }
    }
  }
  return count;
}

async function insertProducts(tx: EntityManager, locationIds: number[]): Promise<void> {
  let sort = 0;
  for (const p of DEMO_PRODUCTS) {
    await tx.query(
      'INSERT INTO product (location_id, name, name_en, price, emoji, color, sort_order, translations) VALUES (NULL,$1,$2,$3,$4,$5,$6,$7)',
      [p.name, p.nameEn, p.price, p.emoji, p.color, sort++, JSON.stringify(translationsOf({ name: p.nameEn }))],
    );
  }
  void locationIds;
}
