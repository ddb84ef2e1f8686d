import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { addCalendarDays, jerusalemWallClockToUtc, type FeatureCategoryId } from '@hotline/shared';
import { seedDemoDecorIfMissing } from './demo-decor';
import { insertFeature, insertPresentation, insertSeatPlan, insertVenue } from '../catalogue-admin';
import { ensureGeneratedVenues, listVenueFiles, loadVenueFile, type VenueDocument } from '@hotline/seatmaps';
import { DEMO_FEATURES, DEMO_PRODUCTS, DEMO_SCHEDULE, demoTickets } from './demo-catalogue';
import { seedDemoVouchers } from '../payment';
import { seedDemoCustomers } from './demo-customers';
import type { PasswordHashCost } from '../customers';
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
  options: {
    includeStadium: boolean;
    includeStaff?: boolean;
    /**
     * The demo staff's argon2id cost (PASSWORD_HASH_COST): the tests' template signs staff in thousands of times a run.
     * The demo customers' passwords keep the production cost (customer-login checks what is stored).
     */
    staffPasswordCost?: PasswordHashCost;
    logger?: Logger;
    now?: Date;
  },
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
        await seedDemoDecorIfMissing(tx);
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
      // The demo's events belong to the business of its venues (every demo venue file names the same one).
      const featureIds = await insertFeatures(tx, venues[0]?.location.businessId ?? 1);
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
      if (options.includeStaff ?? true) await seedDemoStaff(tx, options.staffPasswordCost);
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
 * Rows of an earlier demo database whose names had no Russian yet (memberships and their prices, before they were translated)
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

/** A demo name in four languages: Russian and Arabic from the demo's table, by the English name. */
function four(he: string, en: string): { he: string; en: string; ru: string; ar: string } {
  const t = translationOf(en);
  return { he, en, ru: t?.ru ?? '', ar: t?.ar ?? '' };
}

/** Through the back office's writer (catalogue-admin/event-writer.ts): one way to create an event. */
async function insertFeatures(tx: EntityManager, businessId: number): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const f of DEMO_FEATURES) {
    const id = await insertFeature(tx, {
      businessId,
      name: four(f.name, f.nameEn),
      description: four(f.description, f.descriptionEn),
      categoryId: f.categoryId as FeatureCategoryId,
      durationMinutes: f.durationMinutes,
      ageLimit: null,
      posterColors: f.posterColors,
      visible: true,
    });
    ids.set(f.key, id);
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
  // The back office heads its capacity report by venue kind; the demo theatre is a hall.
  const scheduled = DEMO_SCHEDULE.find((s) => doc.code.startsWith(s.venue))?.kind;
  const kind = scheduled === undefined || scheduled === 'theatre' ? 'hall' : scheduled;
  const venue = await insertVenue(tx, {
    location: {
      businessId: doc.location.businessId,
      code: doc.location.code,
      name: four(doc.location.name.he, doc.location.name.en),
      address: '',
    },
    code: doc.code,
    name: four(doc.name.he, doc.name.en),
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
      await insertPresentation(tx, {
        featureId: featureIds.get(featureKey)!,
        seatPlanId: venue.seatplanId,
        startsAt: jerusalemWallClockToUtc(dateKey, time),
        maxSeatsPerOrder: 10,
        seatingPolicyId,
        noSingleSeatGap: noGap,
        published: true,
        prices: doc.zones.map((zone, zoneIndex) => ({
          zoneId: venue.zoneIds.get(zone.code)!,
          groupName: four(zone.name.he, zone.name.en),
          tickets: demoTickets(schedule.kind, zoneIndex).map((t) => ({
            name: four(t.name, t.nameEn),
            priceAgorot: t.price,
            serviceChargeAgorot: t.serviceCharge ?? 0,
            oldPriceAgorot: t.oldPrice ?? null,
            code: t.code ?? null,
            multiplyFactor: t.multiplyFactor ?? 1,
            isVoucher: t.isVoucher ?? false,
            balance: t.balance ?? null,
          })),
        })),
      });
      count++;
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
