import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { type AdminPresentation, type AdminTicketPrice, type AdminZone, type ApiTicket } from '@hotline/shared';
import { ManualClock } from '../support/manual-clock';
import type { TestApp } from '../support/test-env';
import { StaffBrowser, signedIn } from '../backoffice/support/staff-kit';
import { publishedDates, useCatalogueApp } from './support/catalogue-app';
import {
  TEST_CARDS,
  authoriseCard,
  buyer,
  call,
  cartOf,
  cartSeat,
  commit,
  loadShow,
  lockAll,
  type Buyer,
  type ShowInfo,
} from '../booking/support/booking-kit';

/**
 * Coupons from the back office: more than one on a date, each with its cap and terms (on or off, a window of
 * validity, channels, seats per order), added and changed on a date on sale, listed with their uses. The storefront's
 * code lookup and the commit refuse a coupon outside its terms in the buyer's language, before any charge; the cap is
 * still claimed by the sale. The app runs on a clock the test moves (no test leans on the wall clock).
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;
let zones: AdminZone[];
let date: AdminPresentation;
const clock = new ManualClock(Date.now());

const names = (en: string) => ({ he: `קופון ${en}`, en, ru: '', ar: '' });

const app = useCatalogueApp({ clock });
beforeAll(async () => {
  ({ t, sql, admin } = app);
  // Created with one coupon in the first zone, with terms given at once (box office only).
  const made = await publishedDates(admin, {
    code: 'coupons',
    stage: { he: 'במת הקופונים', en: 'Coupon Stage' },
    event: { he: 'הקופונים', en: 'The Coupons' },
    today: new Date(clock.ms),
    daysAhead: 90,
    prices: (zones) =>
      zones.map((z, i) => ({
        zoneId: z.id,
        tickets: [
          { name: names('Regular'), priceAgorot: 10000, serviceChargeAgorot: 0 },
          ...(i === 0
            ? [
                {
                  name: names('Counter'),
                  priceAgorot: 6000,
                  code: 'COUNTER',
                  cap: 10,
                  terms: { channels: ['box-office'] },
                },
              ]
            : []),
        ],
      })),
  });
  zones = made.stage.zones;
  date = made.dates[0]!;
});

const coupons = (p: AdminPresentation): (AdminTicketPrice & { zoneId: number })[] =>
  p.prices.flatMap((z) => z.tickets.filter((tk) => tk.code).map((tk) => ({ ...tk, zoneId: z.zoneId })));
const current = async () => (await admin.call<AdminPresentation>('GET', `/api/admin/presentations/${date.id}`)).body;
const charges = async () => (await sql.query('SELECT count(*)::int AS n FROM sandbox_charge')).rows[0].n;

/** The storefront's code lookup for the buyer's seats in the first zone. */
const lookup = (b: Buyer, code: string, show: ShowInfo, lang = 'en') =>
  call(
    t.url,
    'GET',
    `/api/presentations/${date.id}/ticket?ticketCode=${code}&ticketGroupId=${groupOfFirstZone(show).id}&recaptchaToken=${encodeURIComponent(b.token)}&lang=${lang}`,
    b.id,
  );
/** The date's ticket group of the first zone (where the coupons are) and that zone's seats. */
const groupOfFirstZone = (show: ShowInfo) => show.groupOfZone.get(zones[0]!.id)!;
const seatsOf = (show: ShowInfo, _groupId: number) => show.seats.filter((s) => s.TicketGroupId === zones[0]!.id);

/** A buyer's commit of `seats` seats of the coupon's zone at the coupon's price. */
async function payWith(show: ShowInfo, coupon: AdminTicketPrice, seatCount: number, offset: number) {
  const b = await buyer(t.url);
  const group = groupOfFirstZone(show);
  const seats = seatsOf(show, group.id).slice(offset, offset + seatCount);
  await lockAll(t.url, b, show, seats);
  const ticket = {
    ...group.tickets[0]!,
    id: coupon.ticketId!,
    code: coupon.code!,
    price: coupon.priceAgorot / 100,
    serviceCharge: coupon.serviceChargeAgorot / 100,
  } as ApiTicket;
  const cart = cartOf(
    seats.map((s) => cartSeat(show, s, ticket)),
    { cartIdentifier: randomUUID(), ticketCodes: [coupon.code!] },
  );
  const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
  return commit(t.url, b, { ...cart, paymentIdentifier });
}

test('without a session or the catalogue permission the coupon and member-price routes are refused', async () => {
  const anonymous = new StaffBrowser(t.url);
  const cashier = await signedIn(t.url, sql, 'cashier', clock.ms);
  const routes: [string, string, unknown?][] = [
    ['POST', `/api/admin/presentations/${date.id}/coupons`, { revision: 1, zoneId: 1, coupon: {} }],
    ['PUT', `/api/admin/presentations/${date.id}/coupons/1`, { revision: 1, cap: null, terms: {} }],
    ['PUT', `/api/admin/presentations/${date.id}/member-prices`, { revision: 1, zones: [] }],
    ['GET', `/api/admin/presentations/${date.id}/settings`, undefined],
    ['PUT', `/api/admin/presentations/${date.id}/settings`, { revision: 1, waiver: null, cancellation: null }],
  ];
  const before = await current();
  for (const [method, url, body] of routes) {
    expect((await anonymous.call(method, url, body)).body.error).toBe('STAFF_NOT_SIGNED_IN');
    expect((await cashier.call(method, url, body)).body.error).toBe('STAFF_PERMISSION_DENIED');
  }
  expect(await current()).toEqual(before);
});

test('a second coupon with a window, a channel and a per-order limit: refused outside them, sold within, listed with its uses', async () => {
  const from = new Date(clock.ms + 60_000);
  const until = new Date(clock.ms + 120_000);
  const added = await admin.call<AdminPresentation>('POST', `/api/admin/presentations/${date.id}/coupons`, {
    revision: date.revision,
    zoneId: zones[0]!.id,
    coupon: {
      name: names('Early'),
      priceAgorot: 5000,
      code: 'EARLY',
      cap: 5,
      terms: { validFrom: from.toISOString(), validUntil: until.toISOString(), channels: ['web'], perOrder: 1 },
    },
  });
  expect(added.status).toBe(201);
  expect(coupons(added.body).map((c) => [c.code, c.cap, c.used, c.terms])).toEqual([
    ['COUNTER', 10, 0, { active: true, validFrom: null, validUntil: null, channels: ['box-office'], perOrder: null }],
    [
      'EARLY',
      5,
      0,
      { active: true, validFrom: from.toISOString(), validUntil: until.toISOString(), channels: ['web'], perOrder: 1 },
    ],
  ]);
  const [audit] = (
    await sql.query(`SELECT detail FROM audit_log WHERE action = 'coupon-create' AND subject = $1`, [
      `presentation:${date.id}`,
    ])
  ).rows;
  expect(audit.detail).toMatchObject({ coupon: { code: 'EARLY', cap: 5 } });
  const early = coupons(added.body).find((c) => c.code === 'EARLY')!;
  const show = await loadShow(t.url, date.id);
  const b = await buyer(t.url);
  await lockAll(t.url, b, show, seatsOf(show, groupOfFirstZone(show).id).slice(40, 42));

  // Before its window: refused by the lookup and by the commit, in the buyer's language, nothing charged.
  const chargedBefore = await charges();
  expect((await lookup(b, 'early', show)).body).toMatchObject({
    error: 'COUPON_NOT_YET_VALID',
    message: 'This coupon is not valid yet.',
  });
  expect((await lookup(b, 'EARLY', show, 'he')).body.message).toBe('הקופון עדיין אינו בתוקף.');
  expect((await payWith(show, early, 1, 0)).body.error).toBe('COUPON_NOT_YET_VALID');
  // The box-office coupon is not the storefront's.
  expect((await lookup(b, 'COUNTER', show)).body.error).toBe('COUPON_NOT_IN_CHANNEL');
  expect(await charges()).toBe(chargedBefore);

  // Inside it: one seat per order (the lookup offers it for one of the two seats held), the commit refuses two.
  clock.ms = from.getTime();
  const found = await lookup(b, 'EARLY', show);
  expect([found.status, found.body.ticket.quantity]).toEqual([200, 1]);
  expect((await payWith(show, early, 2, 2)).body).toMatchObject({
    error: 'COUPON_PER_ORDER_EXCEEDED',
    message: 'מספר הכרטיסים בקופון הזה בהזמנה אחת: עד 1.',
  });
  expect(await charges()).toBe(chargedBefore);
  const paid = await payWith(show, early, 1, 4);
  expect(paid.status).toBe(201);
  expect(coupons(await current()).find((c) => c.code === 'EARLY')!.used).toBe(1);

  // Its end is exclusive.
  clock.ms = until.getTime();
  expect((await lookup(b, 'EARLY', show)).body.error).toBe('COUPON_EXPIRED');
});

test("a coupon's cap and terms change on a date on sale; switched off it is refused; bad input changes nothing", async () => {
  let p = await current();
  const counter = coupons(p).find((c) => c.code === 'COUNTER')!;
  const changed = await admin.call<AdminPresentation>(
    'PUT',
    `/api/admin/presentations/${date.id}/coupons/${counter.ticketId}`,
    { revision: p.revision, cap: 3, terms: { active: true, channels: null } },
  );
  expect(changed.status).toBe(200);
  expect(coupons(changed.body).find((c) => c.code === 'COUNTER')).toMatchObject({
    cap: 3,
    terms: { active: true, channels: null, validFrom: null, validUntil: null, perOrder: null },
  });
  const show = await loadShow(t.url, date.id);
  const b = await buyer(t.url);
  await lockAll(t.url, b, show, seatsOf(show, groupOfFirstZone(show).id).slice(60, 61));
  expect((await lookup(b, 'COUNTER', show)).status).toBe(200);

  p = changed.body;
  const off = await admin.call<AdminPresentation>(
    'PUT',
    `/api/admin/presentations/${date.id}/coupons/${counter.ticketId}`,
    {
      revision: p.revision,
      cap: 3,
      terms: { active: false },
    },
  );
  expect(off.status).toBe(200);
  expect((await lookup(b, 'COUNTER', show, 'ru')).body).toMatchObject({
    error: 'COUPON_INACTIVE',
    message: 'Этот купон не действует.',
  });
  const [audit] = (
    await sql.query(`SELECT detail FROM audit_log WHERE action = 'coupon-update' ORDER BY id DESC LIMIT 1`)
  ).rows;
  expect(audit.detail).toMatchObject({ before: { terms: { active: true } }, after: { terms: { active: false } } });

  p = off.body;
  const regular = p.prices[0]!.tickets.find((tk) => !tk.code)!;
  const before = await current();
  const coupon = (over: Record<string, unknown>) => ({
    name: names('X'),
    priceAgorot: 100,
    code: 'XCODE',
    ...over,
  });
  const refusals: [string, string, unknown, number, string][] = [
    [
      'POST',
      'coupons',
      { revision: p.revision, zoneId: zones[0]!.id, coupon: coupon({ code: 'early' }) },
      400,
      'INVALID_BODY',
    ],
    [
      'POST',
      'coupons',
      { revision: p.revision, zoneId: zones[0]!.id, coupon: coupon({ code: 'EARLY' }) },
      409,
      'COUPON_CODE_TAKEN',
    ],
    ['POST', 'coupons', { revision: p.revision, zoneId: 999999, coupon: coupon({}) }, 422, 'ZONE_NOT_PRICED'],
    ['POST', 'coupons', { revision: p.revision - 1, zoneId: zones[0]!.id, coupon: coupon({}) }, 409, 'STALE_REVISION'],
    [
      'POST',
      'coupons',
      {
        revision: p.revision,
        zoneId: zones[0]!.id,
        coupon: coupon({ terms: { validFrom: '2027-03-02T00:00:00Z', validUntil: '2027-03-01T00:00:00Z' } }),
      },
      400,
      'INVALID_BODY',
    ],
    [
      'POST',
      'coupons',
      { revision: p.revision, zoneId: zones[0]!.id, coupon: coupon({ terms: { channels: ['web', 'web'] } }) },
      400,
      'INVALID_BODY',
    ],
    [
      'POST',
      'coupons',
      { revision: p.revision, zoneId: zones[0]!.id, coupon: coupon({ terms: { perOrder: 0 } }) },
      400,
      'INVALID_BODY',
    ],
    ['PUT', `coupons/${regular.ticketId}`, { revision: p.revision, cap: 2, terms: {} }, 422, 'TICKET_NOT_OF_DATE'],
    ['PUT', `coupons/${counter.ticketId}`, { revision: p.revision, cap: 0, terms: {} }, 400, 'INVALID_BODY'],
    [
      'PUT',
      `coupons/${counter.ticketId}`,
      { revision: p.revision, cap: 2, terms: { channels: ['fax'] } },
      400,
      'INVALID_BODY',
    ],
  ];
  for (const [method, route, body, status, error] of refusals) {
    const reply = await admin.call(method, `/api/admin/presentations/${date.id}/${route}?lang=en`, body);
    expect([route, reply.status, reply.body.error]).toEqual([route, status, error]);
    expect(reply.body.message).toEqual(expect.any(String));
  }
  expect(await current()).toEqual(before);
});

test('member prices per zone: added and changed on a date on sale, found by the memberships context, not listed to buyers', async () => {
  let p = await current();
  const set = await admin.call<AdminPresentation>('PUT', `/api/admin/presentations/${date.id}/member-prices`, {
    revision: p.revision,
    zones: [
      { zoneId: zones[0]!.id, priceAgorot: 6000 },
      { zoneId: zones[1]!.id, priceAgorot: 5500, units: 2 },
    ],
  });
  expect(set.status).toBe(200);
  const members = (q: AdminPresentation) =>
    q.prices.flatMap((z) =>
      z.tickets.filter((tk) => tk.memberUnits).map((tk) => [z.zoneId, tk.priceAgorot, tk.memberUnits, tk.code]),
    );
  expect(members(set.body)).toEqual([
    [zones[0]!.id, 6000, 1, 'MEMBER'],
    [zones[1]!.id, 5500, 2, 'MEMBER'],
  ]);
  // The member-price tickets the storefront's member step reads; the public ticket list does not show them.
  const memberTickets = (
    await call(t.url, 'GET', `/api/membership/member-tickets?presentationId=${date.id}&lang=en`, randomUUID())
  ).body.tickets as { price: number; name: string }[];
  expect(memberTickets.map((m) => [m.name, m.price])).toEqual([
    ['Member price', 60],
    ['Member price', 55],
  ]);
  const groups = (await call(t.url, 'GET', `/api/presentations/${date.id}/ticketGroups`, randomUUID())).body
    .ticketGroups as { tickets: { name: string }[] }[];
  expect(groups.flatMap((g) => g.tickets.map((tk) => tk.name))).not.toContain('מחיר מנוי');

  // Changed: the same ticket, a new amount and units; audited with before and after.
  p = set.body;
  const changed = await admin.call<AdminPresentation>('PUT', `/api/admin/presentations/${date.id}/member-prices`, {
    revision: p.revision,
    zones: [{ zoneId: zones[0]!.id, priceAgorot: 6500, units: 3 }],
  });
  expect(members(changed.body)[0]).toEqual([zones[0]!.id, 6500, 3, 'MEMBER']);
  expect(members(changed.body)).toHaveLength(2);
  const [audit] = (
    await sql.query(`SELECT detail FROM audit_log WHERE action = 'presentation-member-prices' ORDER BY id DESC LIMIT 1`)
  ).rows;
  expect(audit.detail.before[0]).toMatchObject({ priceAgorot: 6000, units: 1 });
  expect(audit.detail.after[0]).toMatchObject({ priceAgorot: 6500, units: 3 });

  // Refused, changing nothing: a zone the date does not price (nothing of the list is written), a zone twice, a stale
  // revision, units out of range.
  p = changed.body;
  const before = await current();
  const refusals: [unknown, number, string][] = [
    [
      {
        revision: p.revision,
        zones: [
          { zoneId: zones[0]!.id, priceAgorot: 1 },
          { zoneId: 999999, priceAgorot: 1 },
        ],
      },
      422,
      'ZONE_NOT_PRICED',
    ],
    [
      {
        revision: p.revision,
        zones: [
          { zoneId: zones[0]!.id, priceAgorot: 1 },
          { zoneId: zones[0]!.id, priceAgorot: 2 },
        ],
      },
      422,
      'ZONE_NOT_IN_PLAN',
    ],
    [{ revision: p.revision - 1, zones: [{ zoneId: zones[0]!.id, priceAgorot: 1 }] }, 409, 'STALE_REVISION'],
    [{ revision: p.revision, zones: [{ zoneId: zones[0]!.id, priceAgorot: 1, units: 11 }] }, 400, 'INVALID_BODY'],
    [{ revision: p.revision, zones: [] }, 400, 'INVALID_BODY'],
  ];
  for (const [body, status, error] of refusals) {
    const reply = await admin.call('PUT', `/api/admin/presentations/${date.id}/member-prices?lang=en`, body);
    expect([reply.status, reply.body.error]).toEqual([status, error]);
  }
  expect(await current()).toEqual(before);
});

test("a date's waiver and cancellation policy: written whole, read back, the waiver shown to buyers; bad input changes nothing", async () => {
  const read = await admin.call('GET', `/api/admin/presentations/${date.id}/settings`);
  expect(read.status).toBe(200);
  expect(read.body.settings).toEqual({ waiver: null, cancellation: null });
  const waiverOf = async () =>
    (await call(t.url, 'GET', `/api/presentations/${date.id}/waiver?lang=en`, randomUUID())).body.waiver;
  expect(await waiverOf()).toBeNull();

  const settings = {
    waiver: { terms: { he: 'אני מצהיר שקראתי את הכללים.', en: 'I declare that I have read the rules.' } },
    cancellation: {
      customerMayCancel: true,
      minMinutesBeforeEvent: 1440,
      maxDaysAfterPurchase: 14,
      chargeType: 'percent',
      chargeValue: 10,
    },
  };
  const changed = await admin.call('PUT', `/api/admin/presentations/${date.id}/settings`, {
    revision: read.body.presentation.revision,
    ...settings,
  });
  expect(changed.status).toBe(200);
  expect(changed.body.settings).toEqual(settings);
  expect(changed.body.presentation.revision).toBe(read.body.presentation.revision + 1);
  expect(JSON.stringify(await waiverOf())).toContain('I declare that I have read the rules.');
  const [audit] = (
    await sql.query(`SELECT detail FROM audit_log WHERE action = 'presentation-settings' ORDER BY id DESC LIMIT 1`)
  ).rows;
  expect(audit.detail).toMatchObject({ before: { waiver: null }, after: { cancellation: { chargeValue: 10 } } });

  const revision = changed.body.presentation.revision;
  const before = (await admin.call('GET', `/api/admin/presentations/${date.id}/settings`)).body;
  const refusals: [unknown, number, string][] = [
    [{ revision: revision - 1, ...settings }, 409, 'STALE_REVISION'],
    [{ revision, ...settings, waiver: { terms: { he: '', en: 'x' } } }, 400, 'INVALID_BODY'],
    [{ revision, ...settings, waiver: { terms: { he: '<script>', en: 'x' } } }, 400, 'INVALID_BODY'],
    [{ revision, ...settings, cancellation: { ...settings.cancellation, chargeValue: 150 } }, 400, 'INVALID_BODY'],
    [
      { revision, ...settings, cancellation: { ...settings.cancellation, chargeType: 'fixed', chargeValue: 1.5 } },
      400,
      'INVALID_BODY',
    ],
    [
      { revision, ...settings, cancellation: { ...settings.cancellation, chargeType: 'none', chargeValue: 5 } },
      400,
      'INVALID_BODY',
    ],
    [{ revision, ...settings, cancellation: { ...settings.cancellation, chargeType: 'free' } }, 400, 'INVALID_BODY'],
  ];
  for (const [body, status, error] of refusals) {
    const reply = await admin.call('PUT', `/api/admin/presentations/${date.id}/settings?lang=en`, body);
    expect([reply.status, reply.body.error]).toEqual([status, error]);
  }
  expect((await admin.call('GET', `/api/admin/presentations/${date.id}/settings`)).body).toEqual(before);

  // Both removed.
  const cleared = await admin.call('PUT', `/api/admin/presentations/${date.id}/settings`, {
    revision,
    waiver: null,
    cancellation: null,
  });
  expect(cleared.body.settings).toEqual({ waiver: null, cancellation: null });
  expect(await waiverOf()).toBeNull();
});
