import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
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
 * General-admission and online (video-on-demand) dates from the back office: a plan of standing room only, uploaded
 * in the seatmaps format, sells a date in the hall as general admission; the same plan sells online dates (venue
 * type 101 sold alone, 103 sharing a cart), which buyers see as online; an online date on a plan with numbered seats
 * is refused and nothing is written.
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;
let feature: AdminFeature;
let standingPlan: { id: number };
let seatedPlan: { id: number };
let standingZones: AdminZone[];

const THEATRE = JSON.parse(
  readFileSync(path.join(__dirname, '../../../seatmaps/venues/theatre.json'), 'utf8'),
) as Record<string, unknown> & { zones: { code: string }[]; sections: Record<string, unknown>[] };
/** The theatre's file with its stalls as one standing area of 300 in zone A, and nothing else. */
const STANDING = {
  ...THEATRE,
  zones: [THEATRE.zones[0]],
  sections: [{ ...THEATRE.sections[0], isReserved: false, capacity: 300, zone: THEATRE.zones[0]!.code, groups: [] }],
};
const daysAhead = (n: number) => addCalendarDays(jerusalemDateKey(new Date()), n);
const ticket = { name: { he: 'כניסה', en: 'Entry', ru: '', ar: '' }, priceAgorot: 5000, serviceChargeAgorot: 0 };

async function venueWith(document: unknown): Promise<{ id: number }> {
  const venue = (
    await admin.call<AdminVenue>('POST', '/api/admin/venues', {
      businessId: 1,
      code: `standing-${Math.random().toString(36).slice(2, 8)}`,
      name: { he: 'במת העמידה', en: 'Standing Stage', ru: '', ar: '' },
      address: '',
      kind: 'hall',
    })
  ).body;
  const draft = await admin.call<AdminSeatPlanSummary>('POST', `/api/admin/venues/${venue.id}/seat-plans`, document);
  expect(draft.status).toBe(201);
  const published = await admin.call('POST', `/api/admin/seat-plans/${draft.body.id}/publish`, { revision: 1 });
  expect(published.status).toBe(200);
  return published.body;
}

const series = (planId: number, zones: AdminZone[], extra: Record<string, unknown>) =>
  admin.call<{ presentations: AdminPresentation[]; error?: string; message?: string }>(
    'POST',
    '/api/admin/presentations?lang=en',
    {
      featureId: feature.id,
      seatPlanId: planId,
      time: '20:00',
      prices: zones.map((z) => ({ zoneId: z.id, tickets: [ticket] })),
      ...extra,
    },
  );
const publish = async (p: AdminPresentation) =>
  (await admin.call<AdminPresentation>('POST', `/api/admin/presentations/${p.id}/publish`, { revision: p.revision }))
    .body;
const storefront = async (id: number) =>
  (await call(t.url, 'GET', `/api/presentations/${id}`, randomUUID())).body.presentation;

const app = useCatalogueApp();
beforeAll(async () => {
  ({ t, sql, admin } = app);
  feature = (
    await admin.call<AdminFeature>('POST', '/api/admin/features', {
      businessId: 1,
      name: { he: 'עומדים', en: 'Standing', ru: '', ar: '' },
      description: { he: '', en: '', ru: '', ar: '' },
      categoryId: 2,
      durationMinutes: 90,
      ageLimit: null,
    })
  ).body;
  standingPlan = await venueWith(STANDING);
  seatedPlan = await venueWith(THEATRE);
  standingZones = (await admin.call('GET', `/api/admin/seat-plans/${standingPlan.id}/zones`)).body.zones;
});

test('a date in the hall on a standing-only plan is sold as general admission', async () => {
  const created = await series(standingPlan.id, standingZones, { firstDate: daysAhead(80) });
  expect(created.status).toBe(201);
  const [date] = created.body.presentations;
  expect(date!.videoOnDemand).toBeNull();
  const published = await publish(date!);
  expect(published.status).toBe('published');
  expect(await storefront(date!.id)).toMatchObject({
    isReserved: false,
    hasGASection: true,
    hasReservedSection: false,
    venueTypeId: 1,
  });
});

test('online dates, sold alone or sharing a cart, are written as video on demand and shown as online', async () => {
  const alone = await series(standingPlan.id, standingZones, { firstDate: daysAhead(81), videoOnDemand: 'sold-alone' });
  const shared = await series(standingPlan.id, standingZones, {
    firstDate: daysAhead(81),
    videoOnDemand: 'shared-cart',
  });
  // Online dates are watched at home: the same evening twice is no overlap.
  expect([alone.status, shared.status]).toEqual([201, 201]);
  expect(alone.body.presentations[0]!.videoOnDemand).toBe('sold-alone');
  expect(shared.body.presentations[0]!.videoOnDemand).toBe('shared-cart');
  await publish(alone.body.presentations[0]!);
  await publish(shared.body.presentations[0]!);
  expect((await storefront(alone.body.presentations[0]!.id)).venueTypeId).toBe(101);
  expect((await storefront(shared.body.presentations[0]!.id)).venueTypeId).toBe(103);
  const [audit] = (
    await sql.query(
      `SELECT detail FROM audit_log WHERE action = 'presentation-create' AND subject = $1 ORDER BY id DESC LIMIT 1`,
      [`feature:${feature.id}`],
    )
  ).rows;
  expect(audit.detail.after.videoOnDemand).toBe('shared-cart');
});

test('an online date on a plan with numbered seats, or an unknown way of watching, is refused and writes nothing', async () => {
  const count = async () => (await sql.query('SELECT count(*)::int AS n FROM presentation')).rows[0].n;
  const before = await count();
  const seatedZones: AdminZone[] = (await admin.call('GET', `/api/admin/seat-plans/${seatedPlan.id}/zones`)).body.zones;
  const seated = await series(seatedPlan.id, seatedZones, { firstDate: daysAhead(82), videoOnDemand: 'sold-alone' });
  expect([seated.status, seated.body.error]).toEqual([422, 'VOD_NEEDS_GENERAL_ADMISSION']);
  expect(seated.body.message).toBe(
    'An online date is sold on a plan of general admission only (no numbered seats). Choose such a plan.',
  );
  const unknown = await series(standingPlan.id, standingZones, { firstDate: daysAhead(82), videoOnDemand: 'tv' });
  expect([unknown.status, unknown.body.error]).toEqual([400, 'INVALID_BODY']);
  expect(await count()).toBe(before);
});
