import { readFileSync } from 'node:fs';
import path from 'node:path';
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
import { call, lock, seatInput, visitor, type PlanInfo } from '../seats/support/seat-kit';
import {
  TEST_CARDS,
  authoriseCard,
  buyer,
  cartOf,
  cartSeat,
  commit,
  loadShow,
  lockAll,
  plainSeats,
  waitFor,
} from '../booking/support/booking-kit';
import { buySeats } from '../customers/support/customer-kit';

/**
 * Events and dates from the back office: an event named in four languages, a series of dates
 * created as drafts on a published seat-plan version with prices per zone, invisible to buyers and refused by the
 * seat engine until published; publishing needs a future start and a price for every zone with places. Every
 * refusal answers the project's error shape and changes nothing.
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;
let plan: AdminSeatPlanSummary;
let zones: AdminZone[];

const THEATRE = path.join(__dirname, '../../../seatmaps/venues/theatre.json');

/** A day well ahead of the app's clock, in Jerusalem (dates are relative: no test leans on the wall clock). */
const daysAhead = (n: number) => addCalendarDays(jerusalemDateKey(new Date()), n);

const app = useCatalogueApp();
beforeAll(async () => {
  ({ t, sql, admin } = app);
  // A hall of its own (no demo dates in it) with the theatre's plan, published.
  const venue = (
    await admin.call<AdminVenue>('POST', '/api/admin/venues', {
      businessId: 1,
      code: `stage-${Math.random().toString(36).slice(2, 8)}`,
      name: { he: 'במה חדשה', en: 'New Stage', ru: 'Новая сцена', ar: 'المسرح الجديد' },
      address: '',
      kind: 'hall',
    })
  ).body;
  const draft = await admin.call<AdminSeatPlanSummary>(
    'POST',
    `/api/admin/venues/${venue.id}/seat-plans`,
    JSON.parse(readFileSync(THEATRE, 'utf8')),
  );
  plan = (await admin.call('POST', `/api/admin/seat-plans/${draft.body.id}/publish`, { revision: 1 })).body;
  zones = (await admin.call('GET', `/api/admin/seat-plans/${plan.id}/zones`)).body.zones;
});

const names = { he: 'החלום', en: 'The Dream', ru: 'Сон', ar: 'الحلم' };
const newFeature = (overrides: Record<string, unknown> = {}) => ({
  businessId: 1,
  name: names,
  description: { he: 'מחזה חדש.', en: 'A new play.', ru: 'Новая пьеса.', ar: 'مسرحية جديدة.' },
  categoryId: 2,
  durationMinutes: 150,
  ageLimit: 12,
  ...overrides,
});
const priceAll = () =>
  zones.map((z, i) => ({
    zoneId: z.id,
    tickets: [
      {
        name: { he: 'רגיל', en: 'Regular', ru: 'Обычный', ar: 'عادي' },
        priceAgorot: 15000 - i * 2000,
        serviceChargeAgorot: 500,
      },
    ],
  }));

const count = async (table: string): Promise<number> =>
  (await sql.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
const tables = async () => ({
  feature: await count('feature'),
  presentation: await count('presentation'),
  ticketGroup: await count('ticket_group'),
  ticket: await count('ticket'),
});

test('the zones of a plan: every zone with its places, the plan in your businesses only', async () => {
  expect(zones.length).toBeGreaterThan(1);
  expect(zones.reduce((n, z) => n + z.seatCount, 0)).toBe(plan.seatCount);
  expect(zones[0]).toMatchObject({ id: expect.any(Number), code: expect.any(String), color: expect.any(String) });
  const missing = await admin.call('GET', '/api/admin/seat-plans/999999/zones?lang=en');
  expect([missing.status, missing.body.error]).toEqual([404, 'SEAT_PLAN_NOT_FOUND']);
});

test("a zone's Russian and Arabic names come from the plan's file, and a date's ticket groups named after it show them", async () => {
  // seatmaps/venues/theatre.json names its zones in four languages.
  expect(zones.find((z) => z.code === 'A')!.name).toEqual({
    he: 'אזור א׳',
    en: 'Zone A',
    ru: 'Зона A',
    ar: 'المنطقة أ',
  });
  const feature = (await admin.call<AdminFeature>('POST', '/api/admin/features', newFeature())).body;
  const [draft] = (
    await admin.call<{ presentations: AdminPresentation[] }>('POST', '/api/admin/presentations', {
      featureId: feature.id,
      seatPlanId: plan.id,
      firstDate: daysAhead(170),
      time: '17:00',
      prices: priceAll(),
    })
  ).body.presentations;
  await admin.call('POST', `/api/admin/presentations/${draft!.id}/publish`, { revision: draft!.revision });
  for (const [lang, name] of [
    ['ru', 'Зона A'],
    ['ar', 'المنطقة أ'],
  ] as const) {
    const groups = (await call(t.url, 'GET', `/api/presentations/${draft!.id}/ticketGroups?lang=${lang}`, visitor()))
      .body.ticketGroups as { zoneId: number; name: string; nameRu?: string | null; nameAr?: string | null }[];
    const zoneA = groups.find((g) => g.zoneId === zones.find((z) => z.code === 'A')!.id)!;
    expect(lang === 'ru' ? zoneA.nameRu : zoneA.nameAr).toBe(name);
  }
});

test('an event in four languages is hidden from buyers until one of its dates is published', async () => {
  const created = await admin.call<AdminFeature>('POST', '/api/admin/features', newFeature());
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ ...newFeature(), visible: false, presentationCount: 0, revision: 1 });
  const audit = await sql.query('SELECT action FROM audit_log WHERE subject = $1', [`feature:${created.body.id}`]);
  expect(audit.rows.map((r) => r.action)).toEqual(['feature-create']);

  const storefront = (await call(t.url, 'GET', '/api/features', visitor())).body.features as { id: number }[];
  expect(storefront.map((f) => f.id)).not.toContain(created.body.id);

  // An edit names its revision: a stale one is refused with the current state.
  const id = created.body.id;
  const renamed = { ...names, en: 'The Dream, Again' };
  const { businessId: _b, ...fields } = newFeature({ name: renamed });
  const stale = await admin.call('PUT', `/api/admin/features/${id}`, { ...fields, revision: 9 });
  expect([stale.status, stale.body.error, stale.body.current?.revision]).toEqual([409, 'STALE_REVISION', 1]);
  const edited = await admin.call<AdminFeature>('PUT', `/api/admin/features/${id}`, { ...fields, revision: 1 });
  expect(edited.body).toMatchObject({ name: renamed, revision: 2 });
});

test('bad events are a 4xx naming the field and change nothing', async () => {
  const before = await tables();
  const refusals: [unknown, number, string, RegExp][] = [
    [newFeature({ name: { he: '<i>x</i>', en: 'X' } }), 400, 'INVALID_BODY', /name\.he/],
    [newFeature({ categoryId: 77 }), 400, 'INVALID_BODY', /categoryId/],
    [newFeature({ durationMinutes: 0 }), 400, 'INVALID_BODY', /durationMinutes/],
    [newFeature({ ageLimit: 40 }), 400, 'INVALID_BODY', /ageLimit/],
    [newFeature({ description: { he: 'x'.repeat(5000) } }), 400, 'INVALID_BODY', /description\.he/],
    [newFeature({ businessId: 3 }), 403, 'STAFF_BUSINESS_SCOPE', /business/],
  ];
  for (const [body, status, error, message] of refusals) {
    const r = await admin.call('POST', '/api/admin/features?lang=en', body);
    expect([r.status, r.body.error]).toEqual([status, error]);
    expect(r.body.message).toMatch(message);
  }
  expect(await tables()).toEqual(before);
});

test('a series of dates: drafts with prices, invisible and refused by the seat engine until published', async () => {
  const feature = (await admin.call<AdminFeature>('POST', '/api/admin/features', newFeature())).body;
  const firstDate = daysAhead(30);
  const series = await admin.call<{ presentations: AdminPresentation[] }>('POST', '/api/admin/presentations', {
    featureId: feature.id,
    seatPlanId: plan.id,
    firstDate,
    time: '20:00',
    everyDays: 7,
    count: 3,
    maxSeatsPerOrder: 6,
    prices: priceAll(),
  });
  expect(series.status).toBe(201);
  const dates = series.body.presentations;
  expect(dates.map((p) => [p.localDate, p.localTime, p.status])).toEqual([
    [firstDate, '20:00', 'draft'],
    [addCalendarDays(firstDate, 7), '20:00', 'draft'],
    [addCalendarDays(firstDate, 14), '20:00', 'draft'],
  ]);
  expect(dates[0]!.prices.map((z) => z.tickets[0]?.priceAgorot)).toEqual(
    priceAll().map((z) => z.tickets[0]!.priceAgorot),
  );
  const first = dates[0]!;

  // A draft: the storefront does not know it, the seat engine refuses its seats.
  const b = await buyer(t.url);
  const buyerId = b.id;
  expect((await call(t.url, 'GET', `/api/presentations/${first.id}`, buyerId)).status).toBe(404);
  expect((await call(t.url, 'GET', `/api/presentations/${first.id}/ticketGroups`, buyerId)).status).toBe(404);
  const plainSeat = await sql.query(
    `SELECT s.section_id, s.x, s.y FROM seat s JOIN section sc ON sc.id = s.section_id
      WHERE s.seatplan_id = $1 AND sc.is_reserved ORDER BY s.id LIMIT 1`,
    [plan.id],
  );
  const info: PlanInfo = {
    presentationId: first.id,
    venueId: first.venueId,
    seatplanId: first.seatPlanId,
    plan: null as never,
    seats: [],
  };
  const seat = seatInput(info, plainSeat.rows[0].section_id, plainSeat.rows[0].x, plainSeat.rows[0].y);
  const refused = await lock(t.url, buyerId, seat, b.token);
  expect([refused.status, refused.body.error]).toEqual([404, 'PRESENTATION_NOT_FOUND']);

  // Published: on sale, its event shown.
  const published = await admin.call<AdminPresentation>('POST', `/api/admin/presentations/${first.id}/publish`, {
    revision: first.revision,
  });
  expect(published.status).toBe(200);
  expect(published.body).toMatchObject({ status: 'published', revision: first.revision + 1 });
  expect((await call(t.url, 'GET', `/api/presentations/${first.id}`, buyerId)).status).toBe(200);
  const groups = (await call(t.url, 'GET', `/api/presentations/${first.id}/ticketGroups`, buyerId)).body.ticketGroups;
  expect(groups).toHaveLength(zones.length);
  const storefront = (await call(t.url, 'GET', '/api/features', buyerId)).body.features as { id: number }[];
  expect(storefront.map((f) => f.id)).toContain(feature.id);
  const locked = await lock(t.url, buyerId, seat, b.token);
  expect(locked.status).toBe(200);
  // The other two dates of the series are still drafts.
  expect((await call(t.url, 'GET', `/api/presentations/${dates[1]!.id}`, buyerId)).status).toBe(404);

  // A published date is not edited here, and not published twice.
  const edit = await admin.call('PUT', `/api/admin/presentations/${first.id}?lang=en`, {
    revision: published.body.revision,
    date: first.localDate,
    time: '21:00',
    maxSeatsPerOrder: 6,
    prices: priceAll(),
  });
  expect([edit.status, edit.body.error]).toEqual([409, 'PRESENTATION_PUBLISHED']);
  const again = await admin.call('POST', `/api/admin/presentations/${first.id}/publish`, {
    revision: published.body.revision,
  });
  expect([again.status, again.body.error]).toEqual([409, 'PRESENTATION_PUBLISHED']);

  const actions = await sql.query(`SELECT action FROM audit_log WHERE subject IN ($1, $2) ORDER BY id`, [
    `feature:${feature.id}`,
    `presentation:${first.id}`,
  ]);
  expect(actions.rows.map((r) => r.action)).toEqual(['feature-create', 'presentation-create', 'presentation-publish']);
});

test('a draft changes at its revision; it is published only when it starts later and every zone is priced', async () => {
  const feature = (await admin.call<AdminFeature>('POST', '/api/admin/features', newFeature())).body;
  const date = daysAhead(60);
  const [draft] = (
    await admin.call<{ presentations: AdminPresentation[] }>('POST', '/api/admin/presentations', {
      featureId: feature.id,
      seatPlanId: plan.id,
      firstDate: date,
      time: '19:30',
      prices: priceAll().slice(0, 1),
    })
  ).body.presentations;
  const notReady = await admin.call('POST', `/api/admin/presentations/${draft!.id}/publish?lang=en`, {
    revision: draft!.revision,
  });
  expect([notReady.status, notReady.body.error]).toEqual([409, 'PRESENTATION_NOT_READY']);
  expect(notReady.body.problems).toEqual(zones.slice(1).map((z) => ({ kind: 'zone-without-price', zoneId: z.id })));
  expect(notReady.body.message).toContain(`zone “${zones[1]!.name.en}” has places and no price`);
  const inHebrew = await admin.call('POST', `/api/admin/presentations/${draft!.id}/publish?lang=he`, {
    revision: draft!.revision,
  });
  expect(inHebrew.body.message).toContain(`לאזור „${zones[1]!.name.he}” יש מקומות ואין לו מחיר`);

  const stale = await admin.call('PUT', `/api/admin/presentations/${draft!.id}`, {
    revision: draft!.revision + 5,
    date,
    time: '20:00',
    maxSeatsPerOrder: 4,
    prices: priceAll(),
  });
  expect([stale.status, stale.body.error]).toEqual([409, 'STALE_REVISION']);
  const changed = await admin.call<AdminPresentation>('PUT', `/api/admin/presentations/${draft!.id}`, {
    revision: draft!.revision,
    date,
    time: '20:00',
    maxSeatsPerOrder: 4,
    prices: priceAll(),
  });
  expect(changed.status).toBe(200);
  expect(changed.body).toMatchObject({ localTime: '20:00', maxSeatsPerOrder: 4, revision: draft!.revision + 1 });
  expect(changed.body.prices.every((z) => z.tickets.length === 1)).toBe(true);
  const published = await admin.call('POST', `/api/admin/presentations/${draft!.id}/publish`, {
    revision: changed.body.revision,
  });
  expect(published.status).toBe(200);
});

test('bad dates are a 4xx naming the field or the clash, and change nothing', async () => {
  const feature = (await admin.call<AdminFeature>('POST', '/api/admin/features', newFeature())).body;
  const taken = daysAhead(90);
  await admin.call('POST', '/api/admin/presentations', {
    featureId: feature.id,
    seatPlanId: plan.id,
    firstDate: taken,
    time: '20:00',
    prices: priceAll(),
  });
  const series = (overrides: Record<string, unknown>) => ({
    featureId: feature.id,
    seatPlanId: plan.id,
    firstDate: daysAhead(120),
    time: '20:00',
    everyDays: 7,
    count: 2,
    prices: priceAll(),
    ...overrides,
  });
  const before = await tables();
  const refusals: [unknown, number, string, RegExp][] = [
    [series({ firstDate: '2027-13-01' }), 422, 'DATE_NOT_REAL', /2027-13-01/],
    [series({ firstDate: '27/01/2027' }), 400, 'INVALID_BODY', /firstDate/],
    [series({ time: '25:00' }), 400, 'INVALID_BODY', /time/],
    [series({ count: 61 }), 400, 'INVALID_BODY', /count/],
    [series({ everyDays: 0 }), 400, 'INVALID_BODY', /everyDays/],
    [series({ firstDate: addCalendarDays(jerusalemDateKey(new Date()), -1) }), 422, 'DATE_IN_PAST', /already passed/],
    // 21:00 on the taken day starts inside the 150-minute run that starts at 20:00.
    [
      series({ firstDate: addCalendarDays(taken, -7), time: '21:00' }),
      409,
      'SCHEDULE_OVERLAP',
      new RegExp(`${taken} 21:00 overlaps .*${taken} 20:00`),
    ],
    [series({ prices: [{ zoneId: 999999, tickets: [] }] }), 422, 'ZONE_NOT_IN_PLAN', /999999/],
    [series({ prices: [...priceAll(), priceAll()[0]] }), 422, 'ZONE_NOT_IN_PLAN', /listed twice/],
    [
      series({ prices: [{ zoneId: zones[0]!.id, tickets: [{ name: names, priceAgorot: -1 }] }] }),
      400,
      'INVALID_BODY',
      /priceAgorot/,
    ],
    [series({ featureId: 999999 }), 404, 'FEATURE_NOT_FOUND', /./],
    [series({ seatPlanId: 999999 }), 404, 'SEAT_PLAN_NOT_FOUND', /./],
  ];
  for (const [body, status, error, message] of refusals) {
    const r = await admin.call('POST', '/api/admin/presentations?lang=en', body);
    expect([JSON.stringify(body).slice(0, 60), r.status, r.body.error]).toEqual([
      JSON.stringify(body).slice(0, 60),
      status,
      error,
    ]);
    expect(r.body.message).toMatch(message);
  }
  expect(await tables()).toEqual(before);
});

test('a date on a draft seat plan is refused', async () => {
  const venue = (await admin.call<AdminVenue>('GET', `/api/admin/venues/${plan.venueId}`)).body;
  const draft = await admin.call<AdminSeatPlanSummary>(
    'POST',
    `/api/admin/venues/${venue.id}/seat-plans`,
    JSON.parse(readFileSync(THEATRE, 'utf8')),
  );
  const feature = (await admin.call<AdminFeature>('POST', '/api/admin/features', newFeature())).body;
  const r = await admin.call('POST', '/api/admin/presentations?lang=en', {
    featureId: feature.id,
    seatPlanId: draft.body.id,
    firstDate: daysAhead(200),
    time: '20:00',
    prices: [],
  });
  expect([r.status, r.body.error]).toEqual([409, 'SEAT_PLAN_DRAFT']);
});

test('a date on sale moved: every order for it is sent the new time in its language, with the move or not at all', async () => {
  const feature = (await admin.call<AdminFeature>('POST', '/api/admin/features', newFeature())).body;
  const [draft] = (
    await admin.call<{ presentations: AdminPresentation[] }>('POST', '/api/admin/presentations', {
      featureId: feature.id,
      seatPlanId: plan.id,
      firstDate: daysAhead(150),
      time: '20:00',
      prices: priceAll(),
    })
  ).body.presentations;
  const published = (
    await admin.call<AdminPresentation>('POST', `/api/admin/presentations/${draft!.id}/publish`, {
      revision: draft!.revision,
    })
  ).body;
  const show = await loadShow(t.url, published.id);
  const mobile = `05${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
  const order = await buySeats(t.url, show, plainSeats(show).slice(0, 2), mobile);

  const before = await tables();
  const refusals: [Record<string, unknown>, number, string][] = [
    [{ revision: published.revision + 3, date: daysAhead(151), time: '20:30' }, 409, 'STALE_REVISION'],
    [
      { revision: published.revision, date: addCalendarDays(jerusalemDateKey(new Date()), -2), time: '20:30' },
      422,
      'DATE_IN_PAST',
    ],
    [{ revision: published.revision, date: '2027-02-30', time: '20:30' }, 422, 'DATE_NOT_REAL'],
  ];
  for (const [body, status, error] of refusals) {
    const r = await admin.call('POST', `/api/admin/presentations/${published.id}/move`, body);
    expect([r.status, r.body.error]).toEqual([status, error]);
  }
  expect(await tables()).toEqual(before);
  expect(
    (await sql.query(`SELECT count(*)::int AS n FROM notification_outbox WHERE template = 'presentation-moved'`))
      .rows[0].n,
  ).toBe(0);

  const newDate = daysAhead(151);
  const moved = await admin.call('POST', `/api/admin/presentations/${published.id}/move`, {
    revision: published.revision,
    date: newDate,
    time: '20:30',
  });
  expect(moved.status).toBe(200);
  expect(moved.body).toMatchObject({
    ordersTold: 1,
    presentation: { localDate: newDate, localTime: '20:30', status: 'published', revision: published.revision + 1 },
  });
  // The storefront shows the new time; the order's buyer gets an e-mail and an SMS with it.
  const page = (await call(t.url, 'GET', `/api/presentations/${published.id}`, visitor())).body.presentation;
  expect(page.dateTime ?? page.startDateTime ?? JSON.stringify(page)).toContain(
    moved.body.presentation.startsAt.slice(0, 16),
  );
  const sms = await waitFor(async () => {
    const r = await sql.query(
      `SELECT m.body FROM sent_message m JOIN notification_outbox o ON o.id = m.outbox_id
        WHERE o.template = 'presentation-moved' AND m.channel = 'sms' AND m.recipient = $1`,
      [mobile],
    );
    return r.rows[0]?.body as string | undefined;
  });
  expect(sms).toContain(order.reservationIdentifier);
  expect(sms).toMatch(/20:30/);
  expect(sms).toMatch(/20:00/);
  const channels = await sql.query(
    `SELECT channel FROM notification_outbox WHERE template = 'presentation-moved' AND reservation_id =
       (SELECT id FROM reservation WHERE identifier = $1) ORDER BY channel`,
    [order.reservationIdentifier],
  );
  expect(channels.rows.map((r) => r.channel)).toEqual(['email', 'sms']);
  const audit = await sql.query(`SELECT detail FROM audit_log WHERE action = 'presentation-move' AND subject = $1`, [
    `presentation:${published.id}`,
  ]);
  expect(audit.rows[0].detail).toMatchObject({
    ordersTold: 1,
    after: { localTime: '20:30' },
    before: { localTime: '20:00' },
  });
});

test('a capped coupon: a coded ticket buyers apply by its code, never listed; a zone priced only by a coupon is not ready', async () => {
  const feature = (await admin.call<AdminFeature>('POST', '/api/admin/features', newFeature())).body;
  const code = `SPRING-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const coupon = { name: { he: 'קופון אביב', en: 'Spring coupon', ru: 'Весенний купон', ar: 'قسيمة الربيع' } };
  const withCoupon = priceAll().map((z, i) =>
    i === 0
      ? { ...z, tickets: [...z.tickets, { ...coupon, priceAgorot: 9000, serviceChargeAgorot: 0, code, cap: 2 }] }
      : z,
  );
  const series = (p: unknown, day: number) => ({
    featureId: feature.id,
    seatPlanId: plan.id,
    firstDate: daysAhead(day),
    time: '18:00',
    prices: p,
  });
  const before = await tables();
  const refusals: [unknown, RegExp][] = [
    [priceAll().map((z) => ({ ...z, tickets: [{ ...z.tickets[0]!, cap: 5 }] })), /cap/],
    [priceAll().map((z) => ({ ...z, tickets: [{ ...z.tickets[0]!, code: 'spring' }] })), /code/],
    [
      priceAll().map((z) => ({ ...z, tickets: [...z.tickets, { ...coupon, priceAgorot: 1, code: 'TWICE-1' }] })),
      /code/,
    ],
  ];
  for (const [p, message] of refusals) {
    const r = await admin.call('POST', '/api/admin/presentations?lang=en', series(p, 300));
    expect([r.status, r.body.error]).toEqual([400, 'INVALID_BODY']);
    expect(r.body.message).toMatch(message);
  }
  expect(await tables()).toEqual(before);

  // A zone whose only ticket is a coupon cannot be published: nobody without the code could buy there.
  const onlyCoupon = priceAll().map((z, i) =>
    i === 1 ? { ...z, tickets: [{ ...coupon, priceAgorot: 100, code: `${code}-B` }] } : z,
  );
  const [blocked] = (
    await admin.call<{ presentations: AdminPresentation[] }>(
      'POST',
      '/api/admin/presentations',
      series(onlyCoupon, 301),
    )
  ).body.presentations;
  const refused = await admin.call('POST', `/api/admin/presentations/${blocked!.id}/publish`, {
    revision: blocked!.revision,
  });
  expect(refused.body.problems).toEqual([{ kind: 'zone-without-price', zoneId: zones[1]!.id }]);

  const [draft] = (
    await admin.call<{ presentations: AdminPresentation[] }>(
      'POST',
      '/api/admin/presentations',
      series(withCoupon, 302),
    )
  ).body.presentations;
  expect(draft!.prices[0]!.tickets[1]).toMatchObject({ code, cap: 2, priceAgorot: 9000 });
  await admin.call('POST', `/api/admin/presentations/${draft!.id}/publish`, { revision: draft!.revision });

  // Buyers: not in the lists; applied by its code to a seat of its zone (a made-up code is not found).
  const b = await buyer(t.url);
  const groups = (await call(t.url, 'GET', `/api/presentations/${draft!.id}/ticketGroups`, b.id)).body.ticketGroups as {
    tickets: { name: string }[];
  }[];
  expect(groups.flatMap((g) => g.tickets.map((x) => x.name))).not.toContain(coupon.name.he);
  const seat = (
    await sql.query(
      `SELECT s.section_id, s.x, s.y FROM seat s JOIN section sc ON sc.id = s.section_id
        WHERE s.seatplan_id = $1 AND s.zone_id = $2 AND sc.is_reserved ORDER BY s.id LIMIT 1`,
      [plan.id, zones[0]!.id],
    )
  ).rows[0];
  const info = {
    presentationId: draft!.id,
    venueId: draft!.venueId,
    seatplanId: plan.id,
    plan: null as never,
    seats: [],
  };
  expect((await lock(t.url, b.id, seatInput(info, seat.section_id, seat.x, seat.y), b.token)).status).toBe(200);
  const lookUp = async (ticketCode: string) => {
    const token = (await buyer(t.url)).token;
    return call(
      t.url,
      'GET',
      `/api/presentations/${draft!.id}/ticket?ticketCode=${ticketCode}&recaptchaToken=${encodeURIComponent(token)}`,
      b.id,
    );
  };
  const found = await lookUp(code);
  expect([found.status, JSON.stringify(found.body).includes(coupon.name.he)]).toEqual([200, true]);
  expect((await lookUp('NO-SUCH-CODE')).body.error).toBe('TICKET_CODE_NOT_FOUND');
});

test('a price change on a date on sale applies to new sales only; a cart priced before it is refused, never charged the new amount', async () => {
  const feature = (await admin.call<AdminFeature>('POST', '/api/admin/features', newFeature())).body;
  const series = (day: number) => ({
    featureId: feature.id,
    seatPlanId: plan.id,
    firstDate: daysAhead(day),
    time: '19:00',
    prices: priceAll(),
  });
  const [draft] = (
    await admin.call<{ presentations: AdminPresentation[] }>('POST', '/api/admin/presentations', series(160))
  ).body.presentations;
  const [other] = (
    await admin.call<{ presentations: AdminPresentation[] }>('POST', '/api/admin/presentations', series(161))
  ).body.presentations;
  const date = (
    await admin.call<AdminPresentation>('POST', `/api/admin/presentations/${draft!.id}/publish`, {
      revision: draft!.revision,
    })
  ).body;
  const show = await loadShow(t.url, date.id);
  const seats = plainSeats(show);
  const sold = await buySeats(
    t.url,
    show,
    seats.slice(0, 2),
    `05${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
  );
  const paid = async (identifier: string) =>
    (
      await sql.query(
        `SELECT t.amount_agorot, t.service_charge_agorot FROM reservation_ticket t
           JOIN reservation r ON r.id = t.reservation_id WHERE r.identifier = $1 ORDER BY t.id`,
        [identifier],
      )
    ).rows;
  const paidBefore = await paid(sold.reservationIdentifier);
  // The seats' zone's regular ticket: what they sold at.
  const ticket = date.prices.find((z) => z.zoneId === seats[0]!.TicketGroupId)!.tickets[0]!;
  expect(paidBefore[0].amount_agorot).toBe(ticket.priceAgorot);
  expect(ticket.ticketId).toEqual(expect.any(Number));

  // A buyer prices a cart at the old amounts and has the card page authorise it; the price then changes.
  const late = await buyer(t.url);
  const lateSeats = seats.slice(4, 6);
  await lockAll(t.url, late, show, lateSeats);
  const oldCart = cartOf(lateSeats.map((s) => cartSeat(show, s)));
  const authorised = await authoriseCard(t.url, late, TEST_CARDS.approve, { total: oldCart.total!.toFixed(2) });

  // Refusals change nothing: a stale revision, a ticket of another date, one ticket twice, a negative amount.
  const otherTicket = other!.prices.flatMap((z) => z.tickets)[0]!;
  const prices = async () =>
    (
      await sql.query(
        `SELECT t.id, t.price, t.service_charge FROM ticket t JOIN ticket_group g ON g.id = t.ticket_group_id
          WHERE g.presentation_id = $1 ORDER BY t.id`,
        [date.id],
      )
    ).rows;
  const pricesBefore = await prices();
  const change = (tickets: unknown[], revision = date.revision) =>
    admin.call('PUT', `/api/admin/presentations/${date.id}/prices?lang=en`, { revision, tickets });
  const raise = { ticketId: ticket.ticketId, priceAgorot: 17_500, serviceChargeAgorot: 700 };
  const refusals: [Promise<{ status: number; body: { error: string; message: string } }>, number, string][] = [
    [change([raise], date.revision + 5), 409, 'STALE_REVISION'],
    [change([{ ...raise, ticketId: otherTicket.ticketId }]), 422, 'TICKET_NOT_OF_DATE'],
    [change([raise, raise]), 422, 'TICKET_NOT_OF_DATE'],
    [change([{ ...raise, priceAgorot: -1 }]), 400, 'INVALID_BODY'],
    [change([]), 400, 'INVALID_BODY'],
  ];
  for (const [reply, status, error] of refusals) {
    const r = await reply;
    expect([r.status, r.body.error]).toEqual([status, error]);
  }
  expect(await prices()).toEqual(pricesBefore);

  const changed = await change([raise]);
  expect(changed.status).toBe(200);
  expect(changed.body.revision).toBe(date.revision + 1);
  expect(changed.body.prices.flatMap((z: { tickets: unknown[] }) => z.tickets)).toContainEqual(
    expect.objectContaining({ ticketId: ticket.ticketId, priceAgorot: 17_500, serviceChargeAgorot: 700 }),
  );

  // What was sold keeps what was paid.
  expect(await paid(sold.reservationIdentifier)).toEqual(paidBefore);
  // The cart priced before the change is refused before any charge, never charged the new amount unseen.
  const charges = await count('sandbox_charge');
  const refused = await commit(t.url, late, { ...oldCart, paymentIdentifier: authorised });
  expect([refused.status, refused.body.error]).toEqual([409, 'PRICE_MISMATCH']);
  expect(await count('sandbox_charge')).toBe(charges);
  // Priced again, it sells at the new amount.
  const fresh = await loadShow(t.url, date.id);
  const newSale = await buySeats(
    t.url,
    fresh,
    seats.slice(8, 9),
    `05${Math.floor(10_000_000 + Math.random() * 89_999_999)}`,
  );
  expect(await paid(newSale.reservationIdentifier)).toEqual([{ amount_agorot: 17_500, service_charge_agorot: 700 }]);

  const audit = await sql.query(`SELECT detail FROM audit_log WHERE action = 'presentation-prices' AND subject = $1`, [
    `presentation:${date.id}`,
  ]);
  expect(audit.rows).toHaveLength(1);
});

test('the dates list pages through a long series in start order: each date once, a bad cursor or limit a 400', async () => {
  const feature = (await admin.call<AdminFeature>('POST', '/api/admin/features', newFeature({ durationMinutes: 60 })))
    .body;
  const made = await admin.call<{ presentations: AdminPresentation[] }>('POST', '/api/admin/presentations', {
    featureId: feature.id,
    seatPlanId: plan.id,
    firstDate: daysAhead(400),
    time: '10:00',
    everyDays: 1,
    count: 60,
    prices: priceAll(),
  });
  expect(made.status).toBe(201);
  expect(made.body.presentations).toHaveLength(60);

  const seen: AdminPresentation[] = [];
  const sizes: number[] = [];
  let after: string | null | undefined;
  do {
    const page = await admin.call<{ presentations: AdminPresentation[]; next: string | null }>(
      'GET',
      `/api/admin/presentations?featureId=${feature.id}&limit=25${after ? `&after=${after}` : ''}`,
    );
    expect(page.status).toBe(200);
    sizes.push(page.body.presentations.length);
    seen.push(...page.body.presentations);
    after = page.body.next;
  } while (after && sizes.length < 10);
  expect(sizes).toEqual([25, 25, 10]);
  expect(seen.map((p) => p.id)).toEqual(made.body.presentations.map((p) => p.id));
  expect(seen.map((p) => p.startsAt)).toEqual([...seen.map((p) => p.startsAt)].sort());

  for (const query of ['after=yesterday', 'after=1-', 'limit=0', 'limit=501', `after=${'9'.repeat(18)}-1`]) {
    const r = await admin.call('GET', `/api/admin/presentations?featureId=${feature.id}&${query}`);
    expect([query, r.status, r.body.error]).toEqual([query, 400, 'INVALID_QUERY']);
  }
});
