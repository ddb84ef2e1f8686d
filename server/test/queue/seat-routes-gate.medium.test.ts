import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import type { ApiMembership, ApiSeat } from '@hotline/shared';
import {
  authoriseCard,
  buyer,
  call,
  cartOf,
  cartSeat,
  loadShow,
  plainSeats,
  startBooking,
  TEST_CARDS,
  type Buyer,
  type Reply,
  type ShowInfo,
} from '../booking/support/booking-kit';
import { signedIn, type StaffBrowser } from '../backoffice/support/staff-kit';
import { solveAltcha } from '../support/altcha';
import { cancellableShow } from '../customers/support/customer-kit';
import { enrolmentCart, membershipByCode, seatFreeEverywhere } from '../memberships/support/membership-kit';
import { buyAs, keyOfSeat, swapBody } from '../order-changes/swap-kit';
import { asSystem, withAdmission } from '../../src/common/admission-context';
import { AdmissionGate, QueueRequiredError, STAFF_PASS_AUDIT_ACTION } from '../../src/queue/admission-gate';
import { OnSales } from '../../src/queue/on-sales';
import { QueueTickets } from '../../src/queue/queue-tickets';
import type { StaffIdentity } from '../../src/backoffice/staff.repository';
import { SeatStore } from '../../src/seats/seat-store.port';
import { SeatEngineService } from '../../src/seats/seat-engine.service';
import { BestAvailableService } from '../../src/seats/best-available.service';
import { CommitOrchestrator } from '../../src/orders/commit.orchestrator';
import type { ProviderOverride, TestApp } from '../support/test-env';

/**
 * Every route that can change a seat is behind the waiting room by construction (the seat
 * engine's AdmissionGate, docs/waiting-room.md "The gate"), proven route by route from our own OpenAPI document.
 *
 * Every operation whose path looks seat-related must be classified below, as seat-changing (gated, with a scenario
 * here) or not (with the reason): a new route on such a path fails the classification test until someone decides.
 */

/** Operations that take a seat (or sell, swap, block one): each has a scenario below. */
const SEAT_CHANGING = {
  'PUT /api/seats/lock-seat': 'locks a seat (or a GA place, a couch whole)',
  'GET /api/seats/best-available': 'isLock=1 locks the best block; refused on a named queued presentation, lock or not',
  'PUT /api/membership/lock-seat': "holds a membership's seat on each of its presentations",
  'PUT /api/enroll/{membershipId}/lock-seat': "holds a season's fixed seat on every chosen presentation",
  'PUT /api/backoffice/lock-seats': 'box office: locks a block of seats (staff with 267 only)',
  'PUT /api/backoffice/seat-state':
    'box office: blocks or holds back seats (staff with 267 only); release is not gated',
  'POST /api/payment/commit': 'sells the held seats (and hold orders, cart.isHold); decided before any charge',
  'POST /api/order-changes/{resId}/swap': 'the buyer moves a paid ticket to a free seat (takes that seat)',
  'POST /api/PRES-live/v2/order-changes/{resId}/swap': 'staff (268) move a ticket to a free seat (takes that seat)',
} as const;

/** Operations on seat-looking paths that change no seat's availability, and why. */
const NOT_SEAT_CHANGING: Record<string, string> = {
  'PUT /api/seats/unlock-seat': 'gives a seat back: releasing must always work',
  'PUT /api/membership/unlock-seat': 'gives a seat back',
  'PUT /api/enroll/{membershipId}/unlock-seat': 'gives a seat back',
  'PUT /api/backoffice/unlock-seats': 'gives a block back',
  'GET /api/seats/seats-status': 'read: watchers keep the map',
  'GET /api/seats/seatplan': 'read',
  'GET /api/presentations/{id}/seatplan': 'read: the plan by presentation',
  'PUT /api/admin/presentations/{id}/hold-policy': "a date's rules for holds placed from now on: takes no seat",
  'GET /api/admin/presentations/{id}/set-aside-seats': 'read: catalogue admin, the seats a date sets aside',
  'PUT /api/admin/presentations/{id}/set-aside-seats':
    'catalogue admin: which seats the public may not take before a release instant; locks and sells none (sold or held seats are refused)',
  'POST /api/admin/presentations/{id}/seat-plan':
    'catalogue admin: the date to another plan version; every seat keeps its state (re-keyed), none is taken',
  'GET /api/presentations/timer/{id}': 'read',
  'GET /api/membership/seatplan': 'read',
  'GET /api/enroll/{membershipId}/seatplan': 'read',
  'GET /api/order-changes/{resId}': 'read',
  'GET /api/order-changes/{resId}/options': 'read',
  'GET /api/order-changes/{resId}/targets': 'read',
  'GET /api/PRES-live/v2/order-changes/{resId}': 'read',
  'GET /api/PRES-live/v2/order-changes/{resId}/options': 'read',
  'GET /api/PRES-live/v2/order-changes/{resId}/targets': 'read',
  'POST /api/payment/{resId}/payment': 'pays an existing hold order: its seats are already taken (on hold)',
  'GET /api/customer-area/holds': 'read',
  'GET /api/seats/presentations': 'read',
  'GET /api/backoffice/holds': 'read',
  'POST /api/backoffice/holds/{resId}/pay':
    'the box office takes payment for a hold order: its seats are already taken',
  'POST /api/admin/venues/{id}/seat-plans': 'catalogue admin: a new draft seat-plan version, sold by no presentation',
  'GET /api/admin/seat-plans/{id}': 'read',
  'PUT /api/admin/seat-plans/{id}': 'catalogue admin: replaces a draft, which no presentation sells',
  'GET /api/admin/seat-plans/{id}/document': 'read',
  'POST /api/admin/seat-plans/{id}/publish': 'catalogue admin: publishes a version; no seat changes state',
  'GET /api/admin/seat-plans/{id}/zones': 'read',
};

/** Which paths count as seat-related: anything naming seats, locks, swaps, holds, enrolment, orders' changes or the commit. */
const SEATISH = /seat|lock|best-available|swap|\/holds?\b|enrol|order-change|commit|payment\/\{resId\}/i;

const QUEUE_TEXT_EN = 'Tickets for this show are sold through a waiting room. Join the queue to choose seats.';

let booking: Awaited<ReturnType<typeof startBooking>>;
let t: TestApp;
let sql: Client;
let show: ShowInfo;
let free: ApiSeat[];
let cashier: StaffBrowser;
let cashierId: number;
let season: ApiMembership;
let seatMembership: ApiMembership;
let membershipPids: number[];
/** Spreads the membership scenarios' seats apart (seatFreeEverywhere's offset from the middle of the plan). */
let skip = 0;

/** Every presentation of the demo behind a queue that opened an hour ago (a presentation row each). */
async function queueEverything(db: Client, app: TestApp): Promise<void> {
  await db.query(
    `INSERT INTO on_sale (presentation_id, enabled, sale_starts_at, max_active, admit_per_minute, shopping_minutes)
       SELECT id, true, now() - interval '1 hour', 1000, 60, 15 FROM presentation
     ON CONFLICT (presentation_id) DO UPDATE SET enabled = true, sale_starts_at = now() - interval '1 hour'`,
  );
  await app.app.get(OnSales).refresh();
}

/** The pass cookies of a visitor for these presentations (what the waiting page's status call sets). */
function passes(app: TestApp, visitor: string, pids: readonly number[]): Record<string, string> {
  const tickets = app.app.get(QueueTickets);
  const cookie = pids.map((p) => `hotline_queue_${p}=${tickets.sign('p', p, visitor, Date.now() + 600_000)}`);
  return { cookie: cookie.join('; ') };
}

async function versions(app: TestApp, pids: readonly number[]): Promise<(number | null)[]> {
  const store = app.app.get(SeatStore);
  return Promise.all(pids.map((p) => store.currentVersion(p)));
}

function nextFree(): ApiSeat {
  const seat = free.shift();
  if (!seat) throw new Error('out of free seats');
  return seat;
}

/** A free seat of the same ticket group as `seat` (a swap's target: same group and price). */
function freeLike(seat: ApiSeat): ApiSeat {
  const i = free.findIndex((s) => s.TicketGroupId === seat.TicketGroupId);
  if (i < 0) throw new Error('no free seat of that group');
  return free.splice(i, 1)[0]!;
}

function lockBody(b: Buyer, seat: ApiSeat, s: ShowInfo = show) {
  return {
    recaptchaToken: b.token,
    seat: {
      PresentationId: s.presentationId,
      VenueId: s.venueId,
      VenueSeatplanId: s.seatplanId,
      VenueSectionId: seat.VenueSectionId,
      TicketGroupId: 0,
      XCoordinate: seat.XCoordinate,
      YCoordinate: seat.YCoordinate,
    },
  };
}

/** A staff browser's call with extra headers (the kit's own call sends only its session cookie). */
async function staffCall(base: string, b: StaffBrowser, method: string, path: string, body: unknown) {
  return call(base, method, path, b.visitorId, body, { cookie: b.sessionCookie });
}

/** One attempt at a seat-changing route: what it touched, and how to call it with or without passes. */
interface Attempt {
  pids: number[];
  /** The call; `admitted` sends valid passes for `pids` bound to the caller. */
  send(admitted: boolean): Promise<Reply>;
  /** Extra proof that nothing changed when refused (PostgreSQL side), beyond the Redis versions. */
  unchanged?(): Promise<void>;
}

type Scenario = (app: TestApp) => Promise<Attempt>;

const scenarios: Record<keyof typeof SEAT_CHANGING, Scenario> = {
  'PUT /api/seats/lock-seat': async (app) => {
    const b = await buyer(app.url);
    const seat = nextFree();
    return {
      pids: [show.presentationId],
      send: (admitted) =>
        call(app.url, 'PUT', '/api/seats/lock-seat?lang=en', b.id, lockBody(b, seat), {
          ...(admitted ? passes(app, b.id, [show.presentationId]) : {}),
        }),
    };
  },
  'GET /api/seats/best-available': async (app) => {
    const b = await buyer(app.url);
    const group = show.groupOfZone.get(free[0]!.TicketGroupId)!.id;
    return {
      pids: [show.presentationId],
      send: (admitted) =>
        call(
          app.url,
          'GET',
          `/api/seats/best-available?lang=en&presentationId=${show.presentationId}&ticketGroupId=${group}&quantity=2&isLock=1&recaptchaToken=${encodeURIComponent(b.token)}`,
          b.id,
          undefined,
          admitted ? passes(app, b.id, [show.presentationId]) : {},
        ),
    };
  },
  'PUT /api/membership/lock-seat': async (app) => {
    const b = await buyer(app.url);
    const { show: plan, seat } = await seatFreeEverywhere(app.url, membershipPids, (skip += 2));
    return {
      pids: membershipPids,
      send: (admitted) =>
        call(
          app.url,
          'PUT',
          '/api/membership/lock-seat?lang=en',
          b.id,
          {
            recaptchaToken: b.token,
            seat: {
              MembershipId: seatMembership.MembershipId,
              VenueId: plan.venueId,
              VenueSeatplanId: plan.seatplanId,
              VenueSectionId: seat.VenueSectionId,
              TicketGroupId: seat.TicketGroupId,
              XCoordinate: seat.XCoordinate,
              YCoordinate: seat.YCoordinate,
            },
          },
          admitted ? passes(app, b.id, membershipPids) : {},
        ),
    };
  },
  'PUT /api/enroll/{membershipId}/lock-seat': async (app) => {
    const b = await buyer(app.url);
    const pids = season.Presentations.map((p) => p.PresentationId);
    const { show: seasonShow, seat } = await seatFreeEverywhere(app.url, pids, (skip += 2));
    return {
      pids,
      send: (admitted) =>
        call(
          app.url,
          'PUT',
          `/api/enroll/${season.MembershipId}/lock-seat?lang=en`,
          b.id,
          {
            recaptchaToken: b.token,
            venueId: seasonShow.venueId,
            seatplanId: seasonShow.seatplanId,
            sectionId: seat.VenueSectionId,
            x: seat.XCoordinate,
            y: seat.YCoordinate,
            ticketGroupId: seat.TicketGroupId,
            seasonId: season.SeasonId,
            presentationId: pids[0],
            selections: pids.map((prsntId) => ({ prsntId })),
          },
          admitted ? passes(app, b.id, pids) : {},
        ),
    };
  },
  'PUT /api/backoffice/lock-seats': async (app) => {
    const seat = nextFree();
    const body = {
      presentationId: show.presentationId,
      seats: [{ sectionId: seat.VenueSectionId, x: seat.XCoordinate, y: seat.YCoordinate }],
    };
    return {
      pids: [show.presentationId],
      send: () => staffCall(app.url, cashier, 'PUT', '/api/backoffice/lock-seats', body),
    };
  },
  'PUT /api/backoffice/seat-state': async (app) => {
    const seat = nextFree();
    const body = {
      presentationId: show.presentationId,
      state: 'hold',
      seats: [{ sectionId: seat.VenueSectionId, x: seat.XCoordinate, y: seat.YCoordinate }],
    };
    return {
      pids: [show.presentationId],
      send: () => staffCall(app.url, cashier, 'PUT', '/api/backoffice/seat-state', body),
    };
  },
  'POST /api/payment/commit': async (app) => {
    const b = await buyer(app.url);
    const seat = nextFree();
    const pid = show.presentationId;
    // Locked while admitted; the commit itself is what is tried with and without the pass.
    const lock = await call(app.url, 'PUT', '/api/seats/lock-seat', b.id, lockBody(b, seat), passes(app, b.id, [pid]));
    expect(lock.status).toBe(200);
    const cart = cartOf([cartSeat(show, seat)]);
    const paymentIdentifier = await authoriseCard(app.url, b, TEST_CARDS.approve, { total: cart.total!.toFixed(2) });
    const sales = async () =>
      Number((await sql.query('SELECT count(*)::int AS n FROM reservation WHERE visitor_id = $1', [b.id])).rows[0].n);
    return {
      pids: [pid],
      send: (admitted) =>
        call(
          app.url,
          'POST',
          '/api/payment/commit?lang=en',
          b.id,
          { recaptchaToken: b.token, cart: { ...cart, paymentIdentifier } },
          admitted ? passes(app, b.id, [pid]) : {},
        ),
      unchanged: async () => expect(await sales()).toBe(0),
    };
  },
  'POST /api/order-changes/{resId}/swap': async (app) => {
    const order = orders.buyer!;
    const to = freeLike(order.seat);
    const ticketAt = () => ticketSeat(order.ticket);
    return {
      pids: [show.presentationId],
      send: (admitted) =>
        moved(
          order,
          to,
          call(
            app.url,
            'POST',
            `/api/order-changes/${order.reservationIdentifier}/swap?lang=en`,
            order.visitor,
            swapBody(order.ticket, to),
            admitted ? passes(app, order.visitor, [show.presentationId]) : {},
          ),
        ),
      unchanged: async () => expect(await ticketAt()).toBe(keyOfSeat(order.seat)),
    };
  },
  'POST /api/PRES-live/v2/order-changes/{resId}/swap': async (app) => {
    const order = orders.staff!;
    const to = freeLike(order.seat);
    return {
      pids: [show.presentationId],
      send: () =>
        moved(
          order,
          to,
          staffCall(
            app.url,
            cashier,
            'POST',
            `/api/PRES-live/v2/order-changes/${order.reservationIdentifier}/swap?lang=en`,
            swapBody(order.ticket, to),
          ),
        ),
      unchanged: async () => expect(await ticketSeat(order.ticket)).toBe(keyOfSeat(order.seat)),
    };
  },
};

/** Staff routes: their callers hold 267 for the presentation's business by the route's own checks, so they pass by right. */
const STAFF_ROUTES = new Set<string>([
  'PUT /api/backoffice/lock-seats',
  'PUT /api/backoffice/seat-state',
  'POST /api/PRES-live/v2/order-changes/{resId}/swap',
]);

interface PaidOrder {
  visitor: string;
  reservationIdentifier: string;
  ticket: string;
  seat: ApiSeat;
}
const orders: { buyer?: PaidOrder; staff?: PaidOrder; control?: PaidOrder } = {};

/** A swap that went through moves the order's ticket: later scenarios start from its new seat. */
async function moved(order: PaidOrder, to: ApiSeat, reply: Promise<Reply>): Promise<Reply> {
  const r = await reply;
  if (r.status === 200) order.seat = to;
  return r;
}

async function paidOrder(app: TestApp): Promise<PaidOrder> {
  const seat = nextFree();
  const r = await buyAs(app.url, show, [seat]);
  return { visitor: r.b.id, reservationIdentifier: r.reservationIdentifier, ticket: r.ticketIdentifiers[0]!, seat };
}

async function ticketSeat(identifier: string): Promise<string> {
  const r = await sql.query(
    `SELECT section_id, x, y FROM reservation_ticket WHERE identifier = $1 AND status = 'live'`,
    [identifier],
  );
  const row = r.rows[0];
  return `${row.section_id}:${row.x}:${row.y}`;
}

async function freeSeatsOf(app: TestApp, s: ShowInfo): Promise<ApiSeat[]> {
  const status = await call(app.url, 'GET', `/api/seats/seats-status?presentationId=${s.presentationId}`, randomUUID());
  const taken = new Set<string>();
  for (const row of status.body.seats as number[][]) if (row[6] !== 1) taken.add(`${row[0]}:${row[2]}:${row[3]}`);
  const plain = plainSeats(s).filter((seat) => !taken.has(keyOfSeat(seat)));
  // Every other seat, from the middle of the plan: no single-seat rule between two scenarios' seats.
  return plain.slice(Math.floor(plain.length / 4)).filter((_, i) => i % 2 === 0);
}

async function setUp(app: TestApp, db: Client) {
  const pid = await cancellableShow(db);
  const business = (await db.query('SELECT business_id FROM presentation WHERE id = $1', [pid])).rows[0].business_id;
  expect(business).toBe(1); // the demo cashier's business
  show = await loadShow(app.url, pid);
  free = await freeSeatsOf(app, show);
  season = await membershipByCode(app.url, 'SEASON');
  seatMembership = await membershipByCode(app.url, 'CINEMA-SEAT');
  membershipPids = (
    await call(app.url, 'GET', `/api/membership/seatplan?membershipId=${seatMembership.MembershipId}`, randomUUID())
  ).body.seatplan.presentationIds;
}

beforeAll(async () => {
  booking = await startBooking({ QUEUE_TICK_MS: '0', QUEUE_CONFIG_REFRESH_MS: '0' });
  ({ t, sql } = booking);
  await setUp(t, sql);
  cashier = await signedIn(t.url, sql, 'cashier');
  cashierId = (await sql.query(`SELECT id FROM staff_user WHERE username = 'cashier'`)).rows[0].id;
  // Orders to change are bought before the queue goes on.
  orders.buyer = await paidOrder(t);
  orders.staff = await paidOrder(t);
  await queueEverything(sql, t);
});
afterAll(async () => {
  await booking?.close();
});

test('every operation on a seat-looking path of the OpenAPI document is classified, and the table names no stale route', async () => {
  const document = (await (await fetch(`${t.url}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const operations = Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'put', 'post', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
  const classified = new Set([...Object.keys(SEAT_CHANGING), ...Object.keys(NOT_SEAT_CHANGING)]);
  const unclassified = operations.filter((op) => SEATISH.test(op.split(' ')[1]!) && !classified.has(op));
  expect(unclassified).toEqual([]);
  expect([...classified].filter((op) => !operations.includes(op))).toEqual([]);
  expect(Object.keys(scenarios).sort()).toEqual(Object.keys(SEAT_CHANGING).sort());
  // The visitor routes document the refusal (staff routes' 403 is StaffOnly's: permission or scope, then the queue).
  const responses = (op: string) => {
    const [method, path] = op.split(' ') as [string, string];
    return (document.paths[path]![method.toLowerCase()] as { responses?: Record<string, { description?: string }> })
      .responses;
  };
  const undocumented = Object.keys(SEAT_CHANGING).filter(
    (op) => !STAFF_ROUTES.has(op) && !responses(op)?.['403']?.description?.includes('QUEUE_REQUIRED'),
  );
  expect(undocumented).toEqual([]);
});

describe.each(Object.keys(SEAT_CHANGING).filter((op) => !STAFF_ROUTES.has(op)))('%s on a queued presentation', (op) => {
  test('without a pass: 403 QUEUE_REQUIRED with the queue URL, and no seat changed; with one: not refused', async () => {
    const attempt = await scenarios[op as keyof typeof SEAT_CHANGING](t);
    const before = await versions(t, attempt.pids);
    const refused = await attempt.send(false);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'QUEUE_REQUIRED',
      message: QUEUE_TEXT_EN,
      queueUrl: expect.stringMatching(new RegExp(`^/queue/(${attempt.pids.join('|')})$`)),
      requestId: expect.any(String),
    });
    expect(await versions(t, attempt.pids)).toEqual(before);
    await attempt.unchanged?.();

    const admitted = await attempt.send(true);
    expect(admitted.body.error).not.toBe('QUEUE_REQUIRED');
    expect([200, 201]).toContain(admitted.status);
  });
});

describe.each([...STAFF_ROUTES])('%s on a queued presentation (staff route)', (op) => {
  test('the cashier (267, this business) passes by right, audited once per window', async () => {
    const auditRows = async () =>
      Number(
        (
          await sql.query(
            `SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND staff_user_id = $2 AND subject = $3`,
            [STAFF_PASS_AUDIT_ACTION, cashierId, `presentation:${show.presentationId}`],
          )
        ).rows[0].n,
      );
    const attempt = await scenarios[op as keyof typeof SEAT_CHANGING](t);
    const r = await attempt.send(false);
    expect(r.body.error).not.toBe('QUEUE_REQUIRED');
    expect(r.status).toBe(200);
    // One row for the cashier's browser and this presentation, however many staff calls (this file makes several).
    expect(await auditRows()).toBe(1);
  });
});

test('a counter sale through the commit (producer cart): the cashier passes by right and sells', async () => {
  const seat = nextFree();
  const block = {
    presentationId: show.presentationId,
    seats: [{ sectionId: seat.VenueSectionId, x: seat.XCoordinate, y: seat.YCoordinate }],
  };
  expect((await cashier.call('PUT', '/api/backoffice/lock-seats', block)).status).toBe(200);
  const cart = {
    seats: [cartSeat(show, seat)],
    numberOfPayments: 1,
    customerName: 'Noa Bar',
    mobileNumber: '0541234567',
    tender: 'cash',
  };
  const r = await cashier.call('POST', '/api/payment/commit?lang=en', {
    cart,
    recaptchaToken: await solveAltcha(t.url, cashier.visitorId),
  });
  expect(r.status).toBe(201);
  expect(await ticketSeat(r.body.ticketIdentifiers[0])).toBe(keyOfSeat(seat));
});

test('best-available over a whole feature (no presentationId) is gated where it locks: it bypassed the route guard', async () => {
  const b = await buyer(t.url);
  const featureId = (await sql.query('SELECT feature_id FROM presentation WHERE id = $1', [show.presentationId]))
    .rows[0].feature_id;
  const pids: number[] = (await sql.query('SELECT id FROM presentation WHERE feature_id = $1', [featureId])).rows.map(
    (row: { id: number }) => row.id,
  );
  const before = await versions(t, pids);
  const r = await call(
    t.url,
    'GET',
    `/api/seats/best-available?lang=en&featureId=${featureId}&quantity=2&isLock=1&recaptchaToken=${encodeURIComponent(b.token)}`,
    b.id,
  );
  expect(r.status).toBe(403);
  expect(r.body).toMatchObject({ error: 'QUEUE_REQUIRED', message: QUEUE_TEXT_EN });
  // The search builds the live state of presentations nobody had opened yet (not a seat change); none of those that
  // had one moved, and the visitor holds nothing anywhere.
  const after = await versions(t, pids);
  expect(after.filter((_, i) => before[i] !== null)).toEqual(before.filter((v) => v !== null));
  const store = t.app.get(SeatStore);
  expect((await Promise.all(pids.map((p) => store.ownerKeys(p, b.id)))).flat()).toEqual([]);
});

test('staff without 267 are refused on a staff seat route (the order change needs only 268); nothing changes', async () => {
  const attempt = await scenarios['POST /api/PRES-live/v2/order-changes/{resId}/swap'](t);
  await sql.query('DELETE FROM staff_permission WHERE staff_user_id = $1 AND permission = 267', [cashierId]);
  try {
    const before = await versions(t, attempt.pids);
    const r = await attempt.send(false);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: 'QUEUE_REQUIRED', queueUrl: `/queue/${show.presentationId}` });
    expect(await versions(t, attempt.pids)).toEqual(before);
    await attempt.unchanged!();
  } finally {
    await sql.query('INSERT INTO staff_permission (staff_user_id, permission) VALUES ($1, 267)', [cashierId]);
  }
});

describe('the gate itself', () => {
  const staff = (permissions: number[], businessIds: number[]): StaffIdentity => ({
    userId: cashierId,
    FirstName: 'Test',
    LastName: 'Staff',
    permissions,
    businessIds,
  });
  const asRequest = (who: StaffIdentity | undefined, fn: () => Promise<void>) =>
    withAdmission(
      { kind: 'request', visitorId: randomUUID(), passOf: () => undefined, staff: () => who, decided: new Map() },
      fn,
    );

  test('267 of the presentation business passes (audited); 267 of another business or no 267 is refused', async () => {
    const gate = t.app.get(AdmissionGate);
    const pid = show.presentationId;
    const before = Number(
      (await sql.query('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [STAFF_PASS_AUDIT_ACTION])).rows[0]
        .n,
    );
    await expect(asRequest(staff([267], [1]), () => gate.admit([pid]))).resolves.toBeUndefined();
    const after = await sql.query(
      `SELECT business_id, subject, detail FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1`,
      [STAFF_PASS_AUDIT_ACTION],
    );
    expect(
      Number(
        (await sql.query('SELECT count(*)::int AS n FROM audit_log WHERE action = $1', [STAFF_PASS_AUDIT_ACTION]))
          .rows[0].n,
      ),
    ).toBe(before + 1);
    expect(after.rows[0]).toMatchObject({ business_id: 1, subject: `presentation:${pid}` });
    await expect(asRequest(staff([267], [2]), () => gate.admit([pid]))).rejects.toBeInstanceOf(QueueRequiredError);
    await expect(asRequest(staff([266, 268, 290], [1]), () => gate.admit([pid]))).rejects.toBeInstanceOf(
      QueueRequiredError,
    );
    await expect(asRequest(undefined, () => gate.admit([pid]))).rejects.toBeInstanceOf(QueueRequiredError);
  });

  test('the engine refuses by itself, behind the early check of lock-seat, best-available and the commit', async () => {
    const visitor = randomUUID();
    const seat = free[0]!;
    const engine = t.app.get(SeatEngineService);
    const pid = show.presentationId;
    const before = await versions(t, [pid]);
    const seatInput = lockBody({ id: visitor, token: '' }, seat).seat;
    await expect(
      asRequest(undefined, () => engine.lock(visitor, seatInput).then(() => undefined)),
    ).rejects.toBeInstanceOf(QueueRequiredError);
    const query = { presentationId: pid, quantity: 2, isLock: true, maxMatches: 1, resultsPerMatch: 1 };
    await expect(
      asRequest(undefined, () =>
        t.app
          .get(BestAvailableService)
          .find(visitor, query as never)
          .then(() => undefined),
      ),
    ).rejects.toBeInstanceOf(QueueRequiredError);
    const cart = cartOf([cartSeat(show, seat)]);
    await expect(
      asRequest(undefined, () =>
        t.app
          .get(CommitOrchestrator)
          .commit(visitor, { recaptchaToken: 'x', cart } as never, 'en')
          .then(() => undefined),
      ),
    ).rejects.toBeInstanceOf(QueueRequiredError);
    expect(await versions(t, [pid])).toEqual(before);
  });

  test("the server's own work passes when declared; a seat change with no context at all is refused", async () => {
    const gate = t.app.get(AdmissionGate);
    await expect(asSystem('test-job', () => gate.admit([show.presentationId]))).resolves.toBeUndefined();
    await expect(gate.admit([show.presentationId])).rejects.toBeInstanceOf(QueueRequiredError);
  });
});

describe('control: the same calls with the engine gate switched off (a test-only provider)', () => {
  let control: Awaited<ReturnType<typeof startBooking>>;
  const noGate: ProviderOverride = { provide: AdmissionGate, useFactory: () => ({ admit: async () => undefined }) };
  const saved = { show: undefined as ShowInfo | undefined, free: [] as ApiSeat[] };

  beforeAll(async () => {
    saved.show = show;
    saved.free = free;
    control = await startBooking({ QUEUE_TICK_MS: '0', QUEUE_CONFIG_REFRESH_MS: '0' }, [noGate]);
    await setUp(control.t, control.sql);
    orders.buyer = await paidOrder(control.t);
    await queueEverything(control.sql, control.t);
  });
  afterAll(async () => {
    show = saved.show!;
    free = saved.free;
    await control?.close();
  });

  test.each([
    'PUT /api/membership/lock-seat',
    'PUT /api/enroll/{membershipId}/lock-seat',
    'POST /api/order-changes/{resId}/swap',
  ] as const)('%s without a pass changes a seat: what the gate prevents', async (op) => {
    const previous = sql;
    sql = control.sql;
    try {
      const attempt = await scenarios[op](control.t);
      const before = await versions(control.t, attempt.pids);
      const r = await attempt.send(false);
      expect(r.status).toBe(200);
      const after = await versions(control.t, attempt.pids);
      expect(after.some((v, i) => v !== before[i])).toBe(true);
    } finally {
      sql = previous;
    }
  });
});

/**
 * The commit's gate looked at cart.seats only, so a season enrolment whose seat was held while
 * admitted (or before the queue went on) was sold by a commit without a pass. Now every presentation the quote
 * resolves (a membership's or an enrolment's seat) passes the same gate before any charge.
 */
test('POST /api/payment/commit of a season enrolment (cart.memberships) on queued presentations needs a pass too', async () => {
  const b = await buyer(t.url);
  const pids = season.Presentations.map((p) => p.PresentationId).slice(0, 2);
  const { show: seasonShow, seat } = await seatFreeEverywhere(t.url, pids, (skip += 2));
  const held = await call(
    t.url,
    'PUT',
    `/api/enroll/${season.MembershipId}/lock-seat?lang=en`,
    b.id,
    {
      recaptchaToken: b.token,
      venueId: seasonShow.venueId,
      seatplanId: seasonShow.seatplanId,
      sectionId: seat.VenueSectionId,
      x: seat.XCoordinate,
      y: seat.YCoordinate,
      ticketGroupId: seat.TicketGroupId,
      seasonId: season.SeasonId,
      presentationId: pids[0],
      selections: pids.map((prsntId) => ({ prsntId })),
    },
    passes(t, b.id, pids),
  );
  expect(held.status).toBe(200);
  const customer = {
    firstName: 'Noa',
    lastName: 'Bar',
    ssn: '000000042',
    email: 'noa@example.com',
    mobileNumber: '0529998877',
    verifyMobileNumber: '0529998877',
    termsAccepted: true,
  };
  const total = season.prices[0]!.Price.toFixed(2);
  const cart = enrolmentCart(
    season,
    seat,
    pids,
    customer,
    await authoriseCard(t.url, b, TEST_CARDS.approve, { total }),
  );
  const sales = async () =>
    Number((await sql.query('SELECT count(*)::int AS n FROM reservation WHERE visitor_id = $1', [b.id])).rows[0].n);
  const commitAs = (admitted: boolean) =>
    call(
      t.url,
      'POST',
      '/api/payment/commit?lang=en',
      b.id,
      { recaptchaToken: b.token, cart },
      admitted ? passes(t, b.id, pids) : {},
    );
  const refused = await commitAs(false);
  expect(refused.status).toBe(403);
  expect(refused.body.error).toBe('QUEUE_REQUIRED');
  expect(await sales()).toBe(0);
  const sold = await commitAs(true);
  expect(sold.status).toBe(201);
  expect(await sales()).toBe(1);
});
