import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { SeatStatus, type AdminPresentation, type ApiSeat } from '@hotline/shared';
import { EventAdminRepository } from '../../src/catalogue-admin/event-admin.repository';
import { ManualClock } from '../support/manual-clock';
import type { TestApp } from '../support/test-env';
import { StaffBrowser } from '../backoffice/support/staff-kit';
import { publishedDates, useCatalogueApp } from './support/catalogue-app';
import {
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
  TEST_CARDS,
  waitFor,
  type Buyer,
  type ShowInfo,
} from '../booking/support/booking-kit';

/**
 * Named seats a date sets aside (seat_allocation with a release instant, docs/decisions/024): the back office's PUT
 * (bad bodies, seats off the plan, a stale revision change nothing; audited); the seat status the public map gets,
 * the public lock and the commit agree that such a seat is not the public's before its release, while the live
 * domain (a set-aside channel) sees, locks and buys it; from the release on (a clock the test moves) the public does.
 * A public buyer who locked a seat before it was set aside is refused at the commit with nothing charged. The race: a
 * sale writing a seat while the PUT sets it aside; the PUT waits on the date's row and refuses the sold seat; its
 * control, the PUT's `FOR UPDATE` taken out, answers 200 and leaves a seat both sold and set aside.
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;
let dates: AdminPresentation[];
const clock = new ManualClock(Date.now());
const url = (p: { id: number }) => `/api/admin/presentations/${p.id}/set-aside-seats`;
type Place = { sectionId: number; x: number; y: number };
const place = (s: ApiSeat): Place => ({ sectionId: s.VenueSectionId, x: s.XCoordinate!, y: s.YCoordinate! });
const charges = async () => (await sql.query('SELECT count(*)::int AS n FROM sandbox_charge')).rows[0].n as number;
const allocationRows = async (id: number) =>
  (
    await sql.query(
      'SELECT section_id, x, y, allocation_id FROM seat_allocation WHERE presentation_id = $1 ORDER BY 1, 3, 2',
      [id],
    )
  ).rows;
/** The plan's seats of a date, straight from PostgreSQL (no layout is loaded by reading them). */
const planSeats = async (p: AdminPresentation, n: number) =>
  (
    await sql.query(
      `SELECT section_id AS "sectionId", x, y FROM seat WHERE seatplan_id = $1 ORDER BY section_id, y, x LIMIT $2`,
      [p.seatPlanId, n],
    )
  ).rows as Place[];
const current = async (p: { id: number }) =>
  (await admin.call<AdminPresentation>('GET', `/api/admin/presentations/${p.id}`)).body;

/** The status a fresh visitor's map gets for `seats` (the public's, or the live domain's with `?domain=live`). */
async function statusOf(show: ShowInfo, seats: ApiSeat[], query = ''): Promise<number[]> {
  const r = await call(
    t.url,
    'GET',
    `/api/seats/seats-status?presentationId=${show.presentationId}${query}`,
    randomUUID(),
  );
  const rows = r.body.seats as number[][];
  return seats.map(
    (s) => rows.find((row) => row[0] === s.VenueSectionId && row[2] === s.XCoordinate && row[3] === s.YCoordinate)![6]!,
  );
}

/** A card sale of `chosen` by `b`, through the live domain when `domain` is given (lock and cart alike). */
async function buy(show: ShowInfo, chosen: ApiSeat[], domain?: string, b?: Buyer) {
  const who = b ?? (await buyer(t.url));
  if (!b) {
    if (domain) {
      for (const s of chosen) {
        const r = await lockIn(show, s, who, domain);
        if (r.status !== 200) throw new Error(`lock ${r.status} ${JSON.stringify(r.body)}`);
      }
    } else await lockAll(t.url, who, show, chosen);
  }
  const paymentIdentifier = await authoriseCard(t.url, who, TEST_CARDS.approve);
  const cart = {
    ...cartOf(chosen.map((s) => cartSeat(show, s))),
    cartIdentifier: randomUUID(),
    paymentIdentifier,
    ...(domain ? { domain } : {}),
  };
  return commit(t.url, who, cart);
}

function lockIn(show: ShowInfo, s: ApiSeat, b: Buyer, domain: string) {
  return call(t.url, 'PUT', `/api/seats/lock-seat?domain=${domain}`, b.id, {
    recaptchaToken: b.token,
    seat: {
      PresentationId: show.presentationId,
      VenueId: show.venueId,
      VenueSeatplanId: show.seatplanId,
      VenueSectionId: s.VenueSectionId,
      TicketGroupId: 0,
      XCoordinate: s.XCoordinate,
      YCoordinate: s.YCoordinate,
    },
  });
}

const app = useCatalogueApp({ clock });
beforeAll(async () => {
  ({ t, sql, admin } = app);
  ({ dates } = await publishedDates(admin, {
    code: 'aside',
    stage: { he: 'במת השמורים', en: 'Aside Stage' },
    event: { he: 'השמורים', en: 'Set Aside' },
    today: new Date(clock.ms),
    daysAhead: 60,
    count: 4,
  }));
}, 120_000);

test('bad bodies, seats off the plan and a stale revision are refused with the field or the seats named; nothing changes', async () => {
  const d = dates[0]!;
  const [seat] = await planSeats(d, 1);
  const cases: [Record<string, unknown>, string][] = [
    [{ allocationId: 0, releaseAt: null, seats: [seat] }, 'allocationId'],
    [{ allocationId: 1, releaseAt: 'tomorrow', seats: [seat] }, 'releaseAt'],
    [{ allocationId: 1, releaseAt: null, seats: [seat, seat] }, 'seats'],
    [{ allocationId: 1, releaseAt: null, seats: [{ ...seat, x: 1.5 }] }, 'seats'],
  ];
  for (const [body, field] of cases) {
    const r = await admin.call('PUT', url(d), { revision: d.revision, ...body });
    expect([r.status, r.body.error]).toEqual([400, 'INVALID_BODY']);
    expect(JSON.stringify(r.body)).toContain(field);
  }
  const off = { sectionId: seat!.sectionId, x: 9_999, y: 9_999 };
  const notInPlan = await admin.call('PUT', url(d), {
    revision: d.revision,
    allocationId: 1,
    releaseAt: null,
    seats: [seat, off],
  });
  expect([notInPlan.status, notInPlan.body.error, notInPlan.body.seats]).toEqual([
    422,
    'SET_ASIDE_SEAT_NOT_IN_PLAN',
    [off],
  ]);
  expect(notInPlan.body.message).toBe('מושבים שאינם במפת המושבים של המועד: 1. לא נשמר דבר.');
  const stale = await admin.call('PUT', url(d), {
    revision: d.revision - 1,
    allocationId: 1,
    releaseAt: null,
    seats: [seat],
  });
  expect([stale.status, stale.body.error, stale.body.current?.revision]).toEqual([409, 'STALE_REVISION', d.revision]);
  expect(await allocationRows(d.id)).toEqual([]);
});

test('a public buyer who locked a seat before it was set aside is refused at the commit, with nothing charged', async () => {
  const d = dates[1]!;
  const show = await loadShow(t.url, d.id);
  const [seat] = plainSeats(show);
  const early = await buyer(t.url);
  expect((await lockSeat(t.url, early, show, seat!)).status).toBe(200);
  const saved = await admin.call<AdminPresentation>('PUT', url(d), {
    revision: d.revision,
    allocationId: 3,
    releaseAt: null,
    seats: [place(seat!)],
  });
  expect([saved.status, saved.body.setAside]).toEqual([200, [{ allocationId: 3, releaseAt: null, seats: 1 }]]);
  // The node re-reads a changed date within its flags' 5 s: moved on, then awaited on the public map.
  clock.ms += 6_000;
  await waitFor(async () => (await statusOf(show, [seat!]))[0] === SeatStatus.Blocked);
  const before = await charges();
  const refused = await buy(show, [seat!], undefined, early);
  expect([refused.status, refused.body.error, refused.body.message]).toEqual([
    409,
    'SEAT_SET_ASIDE',
    'חלק מהמושבים שבחרתם שמורים לערוץ מכירה אחר ועדיין אינם נמכרים כאן. בחרו מושבים אחרים. לא חויבתם.',
  ]);
  expect(await charges()).toBe(before);
});

/** One live ticket on `seat` of the date, written in `db`'s open transaction (a sale's write, not yet committed). */
async function writeTicket(db: Client, p: AdminPresentation, seat: Place) {
  const tag = randomUUID().slice(0, 8);
  const [r] = (
    await db.query(
      `INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot)
       VALUES ($1, $2, gen_random_uuid(), 'paid', 5000) RETURNING id`,
      [`SA${tag}`, `dk-sa-${tag}`],
    )
  ).rows;
  await db.query(
    `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot)
     SELECT $1, $2, $3, $4, $5, $6, t.id, 5000
       FROM ticket t JOIN ticket_group g ON g.id = t.ticket_group_id WHERE g.presentation_id = $3 LIMIT 1`,
    [r.id, `TSA${tag}`, p.id, seat.sectionId, seat.x, seat.y],
  );
}

/** Sets `seat` aside while a sale of it is being written; the sale commits once the PUT waits (or has answered). */
async function setAsideDuringSale(p: AdminPresentation, seat: Place) {
  const sale = new Client({ connectionString: t.db.url });
  await sale.connect();
  try {
    await sale.query('BEGIN');
    await writeTicket(sale, p, seat);
    let answered = false;
    const pending = admin
      .call('PUT', url(p), { revision: p.revision, allocationId: 5, releaseAt: null, seats: [seat] })
      .finally(() => (answered = true));
    while (!answered) {
      const { rows } = await sql.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND query LIKE 'SELECT revision, cancelled_at, seatplan_id FROM presentation%'`,
      );
      if (rows[0].n > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await sale.query('COMMIT');
    return await pending;
  } finally {
    await sale.end();
  }
}

const liveTickets = async (p: AdminPresentation, seat: Place) =>
  (
    await sql.query(
      `SELECT count(*)::int AS n FROM reservation_ticket
        WHERE presentation_id = $1 AND section_id = $2 AND x = $3 AND y = $4 AND status = 'live'`,
      [p.id, seat.sectionId, seat.x, seat.y],
    )
  ).rows[0].n as number;

test('a seat sold while it is being set aside is refused by the set-aside (it waits for the sale); the control, without the wait, sets aside a sold seat', async () => {
  const d = dates[2]!;
  const [first, second] = await planSeats(d, 2);
  const refused = await setAsideDuringSale(d, first!);
  expect([refused.status, refused.body.error, refused.body.seats]).toEqual([409, 'SET_ASIDE_SEATS_TAKEN', [first]]);
  expect([await liveTickets(d, first!), await allocationRows(d.id)]).toEqual([1, []]);

  // Control: the PUT's lock on the date taken out (every statement of its transaction without FOR UPDATE).
  const repo = t.app.get(EventAdminRepository) as unknown as { db: DataSource };
  const transaction = repo.db.transaction.bind(repo.db) as (
    run: (m: EntityManager) => Promise<unknown>,
  ) => Promise<unknown>;
  (repo.db as unknown as { transaction: typeof transaction }).transaction = (run) =>
    transaction((m) => {
      const query = m.query.bind(m);
      m.query = ((text: string, params?: unknown[]) =>
        query(text.replace(' FOR UPDATE', ''), params)) as typeof m.query;
      return run(m);
    });
  try {
    const unguarded = await setAsideDuringSale(await current(d), second!);
    expect(unguarded.status).toBe(200);
    expect([await liveTickets(d, second!), (await allocationRows(d.id)).length]).toEqual([1, 1]);
  } finally {
    (repo.db as unknown as { transaction: typeof transaction }).transaction = transaction;
  }
});

test('the public map, the public lock and the commit keep the public off a set-aside seat until its release; the live domain sees and buys it', async () => {
  const d = dates[3]!;
  const show = await loadShow(t.url, d.id);
  const [a, later, kept, open] = plainSeats(show);
  const releaseAt = new Date(clock.ms + 10 * 60_000).toISOString();
  const first = await admin.call<AdminPresentation>('PUT', url(d), {
    revision: d.revision,
    allocationId: 1,
    releaseAt,
    seats: [place(a!), place(later!)],
  });
  const saved = await admin.call<AdminPresentation>('PUT', url(d), {
    revision: first.body.revision,
    allocationId: 2,
    releaseAt: null,
    seats: [place(kept!)],
  });
  const setAside = [
    { allocationId: 1, releaseAt, seats: 2 },
    { allocationId: 2, releaseAt: null, seats: 1 },
  ];
  expect([saved.status, saved.body.setAside, saved.body.revision]).toEqual([200, setAside, d.revision + 2]);
  const [audit] = (
    await sql.query(
      `SELECT detail FROM audit_log WHERE action = 'presentation-set-aside' AND subject = $1 ORDER BY id DESC LIMIT 1`,
      [`presentation:${d.id}`],
    )
  ).rows;
  expect(audit.detail).toEqual({ before: [setAside[0]], after: setAside });
  const listed = await admin.call('GET', url(d));
  expect(listed.body.seats.map((s: Place & { allocationId: number }) => s.allocationId).sort()).toEqual([1, 1, 2]);

  const { Available, Blocked } = SeatStatus;
  expect(await statusOf(show, [a!, later!, kept!, open!])).toEqual([Blocked, Blocked, Blocked, Available]);
  expect(await statusOf(show, [a!, later!, kept!, open!], '&domain=live')).toEqual([
    Available,
    Available,
    Available,
    Blocked,
  ]);
  const refusedLock = await lockSeat(t.url, await buyer(t.url), show, a!);
  expect([refusedLock.status, refusedLock.body.error]).toEqual([409, 'SEAT_NOT_AVAILABLE']);
  expect((await buy(show, [a!], 'live')).status).toBe(201);
  expect((await buy(show, [open!])).status).toBe(201);

  // From the release instant on the public sees it free, locks and buys it; a seat kept until released stays kept.
  clock.ms = Date.parse(releaseAt);
  expect(await statusOf(show, [later!, kept!])).toEqual([Available, Blocked]);
  expect((await buy(show, [later!])).status).toBe(201);
  const stillKept = await lockSeat(t.url, await buyer(t.url), show, kept!);
  expect([stillKept.status, stillKept.body.error]).toEqual([409, 'SEAT_NOT_AVAILABLE']);
});
