import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { type AdminPresentation, type ApiSeat, type Cart } from '@hotline/shared';
import { ManualClock } from '../support/manual-clock';
import { solveAltcha } from '../support/altcha';
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
  lockSeat,
  plainSeats,
  type ShowInfo,
} from '../booking/support/booking-kit';

/**
 * A date's sale window from the back office: before it opens and from its close on, the storefront shows the date as
 * not yet on sale / sales closed, a public lock and the commit refuse in the buyer's language before any charge (also
 * for seats locked inside the window), and the box office sells outside it. The app runs on a clock the test moves.
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;
let date: AdminPresentation;
let show: ShowInfo;
let seats: ApiSeat[];
let next = 0;
const clock = new ManualClock(Date.now());
const opensAt = new Date(clock.ms + 10 * 60_000);
const closesAt = new Date(clock.ms + 20 * 60_000);

const charges = async () => (await sql.query('SELECT count(*)::int AS n FROM sandbox_charge')).rows[0].n;
const storefront = async () => (await call(t.url, 'GET', `/api/presentations/${date.id}`, randomUUID())).body;
const take = (n: number) => {
  const out = seats.slice(next, next + n);
  next += n;
  return out;
};

const app = useCatalogueApp({ clock });
beforeAll(async () => {
  ({ t, sql, admin } = app);
  const made = await publishedDates(admin, {
    code: 'window',
    stage: { he: 'במת החלון', en: 'Window Stage' },
    event: { he: 'החלון', en: 'The Window' },
    today: new Date(clock.ms),
    daysAhead: 60,
  });
  date = made.dates[0]!;
});

/** A buyer's card sale of `chosen` (locked by that buyer). */
async function buyOnline(chosen: ApiSeat[]) {
  const b = await buyer(t.url);
  await lockAll(t.url, b, show, chosen);
  const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
  return {
    b,
    cart: { ...cartOf(chosen.map((s) => cartSeat(show, s))), cartIdentifier: randomUUID(), paymentIdentifier },
  };
}

/** The box office's cash sale of `chosen`: its block, then the producer commit. */
async function sellAtCounter(chosen: ApiSeat[]) {
  const cashier = await signedIn(t.url, sql, 'cashier', clock.ms);
  const token = await solveAltcha(t.url, cashier.visitorId);
  const locked = await cashier.call('PUT', '/api/backoffice/lock-seats', {
    presentationId: date.id,
    seats: chosen.map((s) => ({ sectionId: s.VenueSectionId, x: s.XCoordinate, y: s.YCoordinate })),
  });
  expect(locked.status).toBe(200);
  const cart: Cart = {
    seats: chosen.map((s) => cartSeat(show, s)),
    numberOfPayments: 1,
    customerName: 'דנה לוי',
    mobileNumber: '0507654321',
    tender: 'cash',
  };
  return cashier.call('POST', '/api/payment/commit', { cart, recaptchaToken: token });
}

test('without a session or the catalogue permission the sale window is refused and nothing changes', async () => {
  const anonymous = new StaffBrowser(t.url);
  const cashier = await signedIn(t.url, sql, 'cashier', clock.ms);
  const body = { revision: date.revision, opensAt: null, closesAt: null };
  const url = `/api/admin/presentations/${date.id}/sale-window`;
  expect((await anonymous.call('PUT', url, body)).body.error).toBe('STAFF_NOT_SIGNED_IN');
  expect((await cashier.call('PUT', url, body)).body.error).toBe('STAFF_PERMISSION_DENIED');
  const [row] = (await sql.query('SELECT revision FROM presentation WHERE id = $1', [date.id])).rows;
  expect(row.revision).toBe(date.revision);
});

test('bad windows and a stale revision are refused with the field named; nothing changes', async () => {
  const url = `/api/admin/presentations/${date.id}/sale-window`;
  const backwards = await admin.call('PUT', `${url}?lang=ru`, {
    revision: date.revision,
    opensAt: closesAt.toISOString(),
    closesAt: opensAt.toISOString(),
  });
  expect(backwards.status).toBe(400);
  expect(backwards.body.error).toBe('INVALID_BODY');
  expect(JSON.stringify(backwards.body)).toContain('closesAt');
  const notAnInstant = await admin.call('PUT', url, { revision: date.revision, opensAt: '2027-03-01', closesAt: null });
  expect(notAnInstant.status).toBe(400);
  const stale = await admin.call('PUT', url, { revision: date.revision - 1, opensAt: null, closesAt: null });
  expect(stale.status).toBe(409);
  expect(stale.body.error).toBe('STALE_REVISION');
  const [row] = (await sql.query('SELECT revision, sales_open_at FROM presentation WHERE id = $1', [date.id])).rows;
  expect(row).toEqual({ revision: date.revision, sales_open_at: null });
});

test('before, inside and after the window: the storefront says so, public sales are refused outside it, the box office sells', async () => {
  const saved = await admin.call<AdminPresentation>('PUT', `/api/admin/presentations/${date.id}/sale-window`, {
    revision: date.revision,
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
  });
  expect(saved.status).toBe(200);
  expect([saved.body.salesOpenAt, saved.body.salesCloseAt, saved.body.revision]).toEqual([
    opensAt.toISOString(),
    closesAt.toISOString(),
    date.revision + 1,
  ]);
  const [audit] = (
    await sql.query(`SELECT detail FROM audit_log WHERE action = 'presentation-sale-window' AND subject = $1`, [
      `presentation:${date.id}`,
    ])
  ).rows;
  expect(audit.detail).toEqual({
    before: { opensAt: null, closesAt: null },
    after: { opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString() },
  });
  // The seat engine first reads the date now, with its window.
  show = await loadShow(t.url, date.id);
  seats = plainSeats(show);

  // Before it opens.
  expect((await storefront()).presentation).toMatchObject({
    saleWindow: 'notYet',
    salesOpenAt: opensAt.toISOString(),
    salesCloseAt: closesAt.toISOString(),
  });
  const early = await buyer(t.url);
  const refused = await call(t.url, 'PUT', '/api/seats/lock-seat?lang=he', early.id, {
    recaptchaToken: early.token,
    seat: {
      PresentationId: show.presentationId,
      VenueId: show.venueId,
      VenueSeatplanId: show.seatplanId,
      VenueSectionId: seats[0]!.VenueSectionId,
      TicketGroupId: 0,
      XCoordinate: seats[0]!.XCoordinate,
      YCoordinate: seats[0]!.YCoordinate,
    },
  });
  expect([refused.status, { ...refused.body, requestId: undefined }]).toEqual([
    409,
    { error: 'SALES_NOT_OPEN', message: 'המכירה למועד זה עדיין לא נפתחה. לא חויבתם.', requestId: undefined },
  ]);
  expect((await sellAtCounter(take(1))).status).toBe(201);

  // Inside: sold online; a buyer locks inside the window and pays after it closed: refused, nothing charged.
  clock.ms = opensAt.getTime();
  expect((await storefront()).presentation.saleWindow).toBe('open');
  const inside = await buyOnline(take(1));
  expect((await commit(t.url, inside.b, inside.cart)).status).toBe(201);
  const late = await buyOnline(take(2));
  clock.ms = closesAt.getTime();
  const chargedBefore = await charges();
  const tooLate = await commit(t.url, late.b, late.cart, '?lang=en');
  expect([tooLate.status, tooLate.body.error, tooLate.body.message]).toEqual([
    409,
    'SALES_CLOSED',
    'Sales for this date have closed. You were not charged.',
  ]);
  expect(await charges()).toBe(chargedBefore);

  // After it closed: shown as closed, a public lock refused, the box office still sells.
  expect((await storefront()).presentation.saleWindow).toBe('closed');
  const after = await buyer(t.url);
  expect((await lockSeat(t.url, after, show, take(1)[0]!)).body.error).toBe('SALES_CLOSED');
  expect((await sellAtCounter(take(2))).status).toBe(201);
  const [sold] = (
    await sql.query(
      `SELECT count(*)::int AS n FROM reservation_ticket WHERE presentation_id = $1 AND status = 'live'`,
      [date.id],
    )
  ).rows;
  expect(sold.n).toBe(4);
});

test('removing the window (both sides null) sells again; a cancelled date refuses a window', async () => {
  admin = await signedIn(t.url, sql, 'admin', clock.ms);
  const current = (await admin.call<AdminPresentation>('GET', `/api/admin/presentations/${date.id}`)).body;
  const cleared = await admin.call<AdminPresentation>('PUT', `/api/admin/presentations/${date.id}/sale-window`, {
    revision: current.revision,
    opensAt: null,
    closesAt: null,
  });
  expect([cleared.status, cleared.body.salesOpenAt, cleared.body.salesCloseAt]).toEqual([200, null, null]);
  expect((await storefront()).presentation.saleWindow).toBe('open');
  const cancelled = await admin.call<AdminPresentation>('POST', `/api/admin/presentations/${date.id}/cancel`, {
    revision: cleared.body.revision,
    reason: '',
  });
  expect(cancelled.status).toBe(202);
  const refused = await admin.call('PUT', `/api/admin/presentations/${date.id}/sale-window`, {
    revision: cancelled.body.revision,
    opensAt: null,
    closesAt: null,
  });
  expect([refused.status, refused.body.error]).toEqual([409, 'PRESENTATION_CANCELLED']);
});
