import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import {
  addCalendarDays,
  jerusalemDateKey,
  type AdminFeature,
  type AdminPresentation,
  type AdminSeatPlanSummary,
  type AdminVenue,
  type AdminZone,
} from '@hotline/shared';
import type { TestApp } from '../support/test-env';
import { StaffBrowser } from '../backoffice/support/staff-kit';
import { useCatalogueApp } from './support/catalogue-app';
import { call } from '../booking/support/booking-kit';

/**
 * A date moved between the hall and online after it was created: done while nothing of it is sold, refused once a
 * ticket is live (in the staff member's language, with the count, nothing changed) — also for a ticket whose sale
 * commits while the change waits (the date's row lock orders them) — online refused on numbered seats, and into the
 * hall refused where it would overlap another date there. Control: with the change's `FOR UPDATE` on the date taken
 * out, the waiting-sale test fails (the change answers 200 and the date goes to the hall with a ticket sold).
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;
let feature: AdminFeature;
let standing: { venueId: number; planId: number; zones: AdminZone[] };
let seated: { venueId: number; planId: number; zones: AdminZone[] };

const THEATRE = JSON.parse(
  readFileSync(path.join(__dirname, '../../../seatmaps/venues/theatre.json'), 'utf8'),
) as Record<string, unknown> & { zones: { code: string }[]; sections: Record<string, unknown>[] };
const STANDING = {
  ...THEATRE,
  zones: [THEATRE.zones[0]],
  sections: [{ ...THEATRE.sections[0], isReserved: false, capacity: 300, zone: THEATRE.zones[0]!.code, groups: [] }],
};
const daysAhead = (n: number) => addCalendarDays(jerusalemDateKey(new Date()), n);
const ticket = { name: { he: 'כניסה', en: 'Entry', ru: '', ar: '' }, priceAgorot: 5000, serviceChargeAgorot: 0 };

async function venueWith(document: unknown) {
  const venue = (
    await admin.call<AdminVenue>('POST', '/api/admin/venues', {
      businessId: 1,
      code: `watching-${Math.random().toString(36).slice(2, 8)}`,
      name: { he: 'במת המעבר', en: 'Switch Stage', ru: '', ar: '' },
      address: '',
      kind: 'hall',
    })
  ).body;
  const draft = await admin.call<AdminSeatPlanSummary>('POST', `/api/admin/venues/${venue.id}/seat-plans`, document);
  const plan = (await admin.call('POST', `/api/admin/seat-plans/${draft.body.id}/publish`, { revision: 1 })).body as {
    id: number;
  };
  const zones: AdminZone[] = (await admin.call('GET', `/api/admin/seat-plans/${plan.id}/zones`)).body.zones;
  return { venueId: venue.id, planId: plan.id, zones };
}

async function dateOn(
  where: typeof standing,
  day: number,
  time: string,
  videoOnDemand: string | null,
): Promise<AdminPresentation> {
  const created = await admin.call<{ presentations: AdminPresentation[] }>('POST', '/api/admin/presentations', {
    featureId: feature.id,
    seatPlanId: where.planId,
    firstDate: daysAhead(day),
    time,
    videoOnDemand,
    prices: where.zones.map((z) => ({ zoneId: z.id, tickets: [ticket] })),
  });
  expect(created.status).toBe(201);
  const d = created.body.presentations[0]!;
  return (
    await admin.call<AdminPresentation>('POST', `/api/admin/presentations/${d.id}/publish`, { revision: d.revision })
  ).body;
}

const change = (p: AdminPresentation, videoOnDemand: string | null, lang = 'en') =>
  admin.call<AdminPresentation & { error?: string; message?: string }>(
    'PUT',
    `/api/admin/presentations/${p.id}/watching?lang=${lang}`,
    { revision: p.revision, videoOnDemand },
  );
const venueType = async (id: number) =>
  (await sql.query('SELECT venue_type_id, revision FROM presentation WHERE id = $1', [id])).rows[0] as {
    venue_type_id: number;
    revision: number;
  };

/** One live ticket on the date's first standing place, written in `db`'s open transaction (a sale's write). */
async function writeTicket(db: Client, p: AdminPresentation, place: number) {
  const tag = randomUUID().slice(0, 8);
  const [r] = (
    await db.query(
      `INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot)
       VALUES ($1, $2, gen_random_uuid(), 'paid', 5000) RETURNING id`,
      [`WC${tag}`, `dk-wc-${tag}`],
    )
  ).rows;
  await db.query(
    `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot)
     SELECT $1, $2, $3, s.id, $4, 0, t.id, 5000
       FROM section s, ticket t JOIN ticket_group g ON g.id = t.ticket_group_id
      WHERE s.seatplan_id = $5 AND g.presentation_id = $3 LIMIT 1`,
    [r.id, `TWC${tag}`, p.id, place, p.seatPlanId],
  );
}

const app = useCatalogueApp();
beforeAll(async () => {
  ({ t, sql, admin } = app);
  feature = (
    await admin.call<AdminFeature>('POST', '/api/admin/features', {
      businessId: 1,
      name: { he: 'מעבר', en: 'Switch', ru: '', ar: '' },
      description: { he: '', en: '', ru: '', ar: '' },
      categoryId: 2,
      durationMinutes: 90,
      ageLimit: null,
    })
  ).body;
  standing = await venueWith(STANDING);
  seated = await venueWith(THEATRE);
});

test('nothing sold: a date goes online and back to the hall, audited, and buyers see it', async () => {
  const date = await dateOn(standing, 70, '20:00', null);
  const online = await change(date, 'sold-alone');
  expect([online.status, online.body.videoOnDemand, online.body.revision]).toEqual([
    200,
    'sold-alone',
    date.revision + 1,
  ]);
  expect((await call(t.url, 'GET', `/api/presentations/${date.id}`, randomUUID())).body.presentation.venueTypeId).toBe(
    101,
  );
  const back = await change(online.body, null);
  expect([back.status, back.body.videoOnDemand]).toEqual([200, null]);
  const audits = (
    await sql.query(
      `SELECT detail FROM audit_log WHERE action = 'presentation-watching' AND subject = $1 ORDER BY id`,
      [`presentation:${date.id}`],
    )
  ).rows.map((r) => r.detail);
  expect(audits).toEqual([
    { before: { videoOnDemand: null }, after: { videoOnDemand: 'sold-alone' } },
    { before: { videoOnDemand: 'sold-alone' }, after: { videoOnDemand: null } },
  ]);
  // The same kind again writes nothing; a stale revision is refused with the current date.
  const same = await change(back.body, null);
  expect([same.status, same.body.revision]).toEqual([200, back.body.revision]);
  const stale = await change(date, 'shared-cart');
  expect([stale.status, stale.body.error]).toEqual([409, 'STALE_REVISION']);
});

test('a ticket sold: refused in the staff member language with the count, nothing changed', async () => {
  const date = await dateOn(standing, 71, '20:00', null);
  await writeTicket(sql, date, 1);
  await writeTicket(sql, date, 2);
  const refused = await change(date, 'shared-cart', 'he');
  expect([refused.status, refused.body.error]).toEqual([409, 'WATCHING_CHANGE_AFTER_SALES']);
  expect(refused.body.message).toBe(
    'למועד כבר נמכרו או הוזמנו 2 כרטיסים, ולכן אי אפשר להעביר אותו בין האולם לצפייה מקוונת: הקונים קנו את מה שקנו. בטלו את המועד וצרו אותו מחדש.',
  );
  expect(await venueType(date.id)).toEqual({ venue_type_id: 1, revision: date.revision });
});

test('a sale that commits while the change waits for the date is counted: the change is refused', async () => {
  const date = await dateOn(standing, 72, '20:00', 'shared-cart');
  const sale = new Client({ connectionString: t.db.url });
  await sale.connect();
  try {
    await sale.query('BEGIN');
    await writeTicket(sale, date, 1);
    // The change now waits for the sale's hold on the date's row; it must count the ticket once the sale commits.
    let answered = false;
    const pending = change(date, null).finally(() => (answered = true));
    // Until the change waits on the date's row (or, without that lock, has answered already).
    while (!answered) {
      const { rows } = await sql.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query LIKE 'SELECT revision, cancelled_at, date_time FROM presentation%'`,
      );
      if (rows[0].n > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await sale.query('COMMIT');
    const refused = await pending;
    expect([refused.status, refused.body.error]).toEqual([409, 'WATCHING_CHANGE_AFTER_SALES']);
    expect(await venueType(date.id)).toEqual({ venue_type_id: 103, revision: date.revision });
  } finally {
    await sale.end();
  }
});

test('online on numbered seats and into the hall over another date are refused, nothing changed', async () => {
  const seatedDate = await dateOn(seated, 73, '20:00', null);
  const numbered = await change(seatedDate, 'sold-alone', 'ru');
  expect([numbered.status, numbered.body.error]).toEqual([422, 'VOD_NEEDS_GENERAL_ADMISSION']);
  expect(await venueType(seatedDate.id)).toEqual({ venue_type_id: 1, revision: seatedDate.revision });

  // A hall date at 20:30, then an online date at 20:00 in the same venue (online dates are not checked for
  // overlaps): into the hall it would overlap.
  await dateOn(standing, 74, '20:30', null);
  const online = await dateOn(standing, 74, '20:00', 'sold-alone');
  const overlap = await change(online, null);
  expect([overlap.status, overlap.body.error]).toEqual([409, 'SCHEDULE_OVERLAP']);
  expect(await venueType(online.id)).toEqual({ venue_type_id: 101, revision: online.revision });
});
