import type { EntityManager } from 'typeorm';
import { addCalendarDays, jerusalemDateKey, jerusalemWallClockToUtc } from '@hotline/shared';
import { insertFeature } from '../catalogue-admin';

/**
 * Video-on-demand demo data: an online "venue" with one general-admission
 * section (no seats: a VOD ticket is a place in a big virtual hall), a feature
 * "Hotline Online: The Lighthouse Keeper" and two VOD presentations: venue type 101
 * (sold one event per cart, spec section 4) and 103 (may share a cart). Placed after
 * the demo week (+12 and +13 days) so flows that pick the soonest show never meet
 * them. Seeded once, also into an older database.
 */
const NAMES = {
  feature: {
    he: 'שומר המגדלור - צפייה מקוונת',
    en: 'The Lighthouse Keeper - Online',
    ru: 'Смотритель маяка - онлайн',
    ar: 'حارس المنارة - عبر الإنترنت',
  },
  description: {
    he: 'סרט קצר לצפייה בבית, בכל זמן אחרי הרכישה (הדגמה).',
    en: 'A short film to watch at home, any time after purchase (demo).',
    ru: 'Короткометражный фильм для просмотра дома в любое время после покупки (демо).',
    ar: 'فيلم قصير للمشاهدة في المنزل في أي وقت بعد الشراء (عرض تجريبي).',
  },
  location: { he: 'הוטליין אונליין', en: 'Hotline Online', ru: 'Хотлайн онлайн', ar: 'هوتلاين أونلاين' },
  venue: { he: 'אולם מקוון', en: 'Online screening room', ru: 'Онлайн-зал', ar: 'قاعة العرض عبر الإنترنت' },
  section: { he: 'צפייה מקוונת', en: 'Online viewing', ru: 'Онлайн-просмотр', ar: 'مشاهدة عبر الإنترنت' },
  ticket: { he: 'צפייה בבית', en: 'Home viewing', ru: 'Просмотр дома', ar: 'مشاهدة منزلية' },
};
const tr = (n: { ru: string; ar: string }, field = 'name') =>
  JSON.stringify({ ru: { [field]: n.ru }, ar: { [field]: n.ar } });

export async function seedDemoVodIfEmpty(tx: EntityManager, now: Date = new Date()): Promise<number[] | null> {
  const [{ n }] = await tx.query(`SELECT count(*)::int AS n FROM presentation WHERE venue_type_id BETWEEN 101 AND 104`);
  if (n > 0) return null;
  const [location] = await tx.query(
    `INSERT INTO location (business_id, code, name, name_en, translations) VALUES (1, 'hotline-online', $1, $2, $3)
     ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [NAMES.location.he, NAMES.location.en, tr(NAMES.location)],
  );
  const [venue] = await tx.query(
    `INSERT INTO venue (location_id, code, name, name_en, translations) VALUES ($1, 'online-room', $2, $3, $4) RETURNING id`,
    [location.id, NAMES.venue.he, NAMES.venue.en, tr(NAMES.venue)],
  );
  const [plan] = await tx.query(
    `INSERT INTO seatplan (venue_id, code, name, name_en, width, height, published_at) VALUES ($1, 'online', $2, $3, 600, 300, now()) RETURNING id`,
    [venue.id, NAMES.venue.he, NAMES.venue.en],
  );
  const [zone] = await tx.query(
    `INSERT INTO zone (seatplan_id, code, name, name_en, color) VALUES ($1, 'online', $2, $3, '#2a9d8f') RETURNING id`,
    [plan.id, NAMES.section.he, NAMES.section.en],
  );
  await tx.query(
    `INSERT INTO section (seatplan_id, code, name, name_en, is_reserved, capacity, zone_id, x, y, width, height, translations)
     VALUES ($1, 'online', $2, $3, false, 5000, $4, 50, 50, 500, 200, $5)`,
    [plan.id, NAMES.section.he, NAMES.section.en, zone.id, tr(NAMES.section)],
  );
  // Through the back office's writer (catalogue-admin/event-writer.ts): one way to create an event.
  const feature = {
    id: await insertFeature(tx, {
      businessId: 1,
      name: NAMES.feature,
      description: NAMES.description,
      categoryId: 9,
      durationMinutes: 6,
      ageLimit: null,
      posterColors: '#1b2340,#f2b134',
      visible: true,
    }),
  };
  const firstDay = jerusalemDateKey(now);
  const ids: number[] = [];
  for (const [offset, venueTypeId] of [
    [12, 101],
    [13, 103],
  ] as const) {
    const [p] = await tx.query(
      `INSERT INTO presentation (feature_id, location_id, venue_id, seatplan_id, business_id, date_time, venue_type_id,
                                 seating_policy_id, is_reserved, max_seats_per_order, no_single_seat_gap)
       VALUES ($1, $2, $3, $4, 1, $5, $6, 1, false, 4, false) RETURNING id`,
      [
        feature.id,
        location.id,
        venue.id,
        plan.id,
        jerusalemWallClockToUtc(addCalendarDays(firstDay, offset), '20:00'),
        venueTypeId,
      ],
    );
    const [group] = await tx.query(
      `INSERT INTO ticket_group (presentation_id, zone_id, name, name_en, color, is_by_code_enabled, sort_order, translations)
       VALUES ($1, $2, $3, $4, '#2a9d8f', false, 0, $5) RETURNING id`,
      [p.id, zone.id, NAMES.section.he, NAMES.section.en, tr(NAMES.section)],
    );
    await tx.query(
      `INSERT INTO ticket (ticket_group_id, name, name_en, price, service_charge, sort_order, translations)
       VALUES ($1, $2, $3, 3500, 0, 0, $4)`,
      [group.id, NAMES.ticket.he, NAMES.ticket.en, tr(NAMES.ticket)],
    );
    ids.push(p.id);
  }
  return ids;
}
