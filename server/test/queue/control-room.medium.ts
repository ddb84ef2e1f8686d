import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { OnSaleControlRoom } from '@hotline/shared';
import { Clock } from '../../src/common/clock';
import { NodeHealth } from '../../src/observability/node-health';
import { OnSales } from '../../src/queue/on-sales';
import { QueueStore } from '../../src/queue/queue-store';
import { QueueService } from '../../src/queue/queue.service';
import { ManualClock } from './support/queue-kit';
import { startTestApp, type TestApp } from '../support/test-env';
import { StaffBrowser, signedIn } from '../backoffice/support/staff-kit';
import { tokenFor } from '../seats/support/bot-check-double';
import { call, loadPlan, lock, seatInput, visitor } from '../seats/support/seat-kit';

// Seat locks here are the control room's refusals, not the bot check's subject (as in the seat tests).
jest.mock('../../src/botcheck/botcheck.module', () => jest.requireActual('../seats/support/bot-check-double'));

/**
 * The on-sale control room (GET /api/admin/on-sales/:presentationId/control-room): what it shows is what happened
 * in the line (Redis) and in the sales (PostgreSQL); only on-sale admins of the presentation's business read it.
 * Time is a ManualClock moved by hand; the test's rows are stamped with its time, not PostgreSQL's now().
 */
let t: TestApp;
let sql: Client;
let clock: ManualClock;

const PRESENTATION = 3;
const route = (id: number | string) => `/api/admin/on-sales/${id}/control-room`;

beforeAll(async () => {
  clock = new ManualClock(Date.now());
  t = await startTestApp({ QUEUE_TICK_MS: '0', QUEUE_CONFIG_REFRESH_MS: '0' }, undefined, [
    { provide: Clock, useFactory: () => clock },
  ]);
  sql = new Client({ connectionString: t.db.url });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await t?.close();
});

/** Inserts an order of `count` live tickets of PRESENTATION on seats nobody holds (a paid sale, or a hold). */
async function order(count: number, state: 'paid' | 'hold'): Promise<number[]> {
  const seats = (
    await sql.query(
      `SELECT s.section_id, s.x, s.y FROM presentation p JOIN section sec ON sec.seatplan_id = p.seatplan_id
         JOIN seat s ON s.section_id = sec.id
        WHERE p.id = $1 AND sec.is_reserved AND NOT EXISTS (
          SELECT 1 FROM reservation_ticket rt WHERE rt.presentation_id = p.id AND rt.section_id = s.section_id
             AND rt.x = s.x AND rt.y = s.y AND rt.status = 'live')
        ORDER BY s.section_id, s.y, s.x LIMIT $2`,
      [PRESENTATION, count],
    )
  ).rows;
  const ticket = (
    await sql.query(
      `SELECT t.id FROM ticket t JOIN ticket_group g ON g.id = t.ticket_group_id WHERE g.presentation_id = $1 LIMIT 1`,
      [PRESENTATION],
    )
  ).rows[0].id;
  const reservation = (
    await sql.query(
      `INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot)
       VALUES ($1, $2, $3, $4, 0) RETURNING id`,
      [randomUUID(), randomUUID(), randomUUID(), state],
    )
  ).rows[0].id;
  for (const s of seats)
    await sql.query(
      `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id,
                                       amount_agorot, on_hold, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8, $9)`,
      [reservation, randomUUID(), PRESENTATION, s.section_id, s.x, s.y, ticket, state === 'hold', new Date(clock.ms)],
    );
  return seats.map((s: { section_id: number }) => s.section_id);
}

async function failedPayment(presentationId: number): Promise<void> {
  await sql.query(
    `INSERT INTO money_attempt (kind, subject_kind, subject_id, channel, method, amount_agorot, provider, idempotency_key,
                                fingerprint, state, sale_draft, updated_at)
     VALUES ('charge', 'cart', $1, 'online', 'card', 100, 'sandbox', $1, 'test', 'declined', $2, $3)`,
    [randomUUID(), JSON.stringify({ tickets: [{ presentationId, sectionId: 1, x: 1, y: 1 }] }), new Date(clock.ms)],
  );
}

test('refused without a session (401), without the on-sale permission (403), on another business (403), unknown (404), garbage (400)', async () => {
  expect((await new StaffBrowser(t.url).call('GET', route(PRESENTATION))).status).toBe(401);
  const cashier = await signedIn(t.url, sql, 'cashier', clock.ms); // business 1, no 290
  expect((await cashier.call('GET', route(PRESENTATION))).body.error).toBe('STAFF_PERMISSION_DENIED');

  // The cashier given 290 for a moment: still only business 1's presentations.
  const { id: cashierId } = (await sql.query(`SELECT id FROM staff_user WHERE username = 'cashier'`)).rows[0];
  const foreign = (await sql.query('SELECT id FROM presentation WHERE business_id <> 1 ORDER BY id LIMIT 1')).rows[0]
    .id;
  await sql.query('INSERT INTO staff_permission (staff_user_id, permission) VALUES ($1, 290)', [cashierId]);
  try {
    const scoped = await cashier.call('GET', route(foreign));
    expect([scoped.status, scoped.body.error]).toEqual([403, 'STAFF_BUSINESS_SCOPE']);
  } finally {
    await sql.query('DELETE FROM staff_permission WHERE staff_user_id = $1 AND permission = 290', [cashierId]);
  }
  const admin = await signedIn(t.url, sql, 'admin', clock.ms);
  const missing = await admin.call('GET', route(999_999));
  expect([missing.status, missing.body.error]).toEqual([404, 'ON_SALE_NOT_FOUND']);
  for (const bad of ['abc', '0', '99999999999', '-1']) expect((await admin.call('GET', route(bad))).status).toBe(400);
});

test('the snapshot counts exactly the line, the admission, the sale, the hold and the payment failure that happened', async () => {
  const admin = await signedIn(t.url, sql, 'admin', clock.ms);
  const read = async () => {
    const r = await admin.call<OnSaleControlRoom>('GET', route(PRESENTATION));
    expect(r.status).toBe(200);
    return r.body;
  };
  const before = await read();
  expect(before.queue).toMatchObject({ enabled: false, inLine: 0, admitPerMinute: 0 });

  const saved = await admin.call('PUT', '/api/admin/on-sales', {
    presentationId: PRESENTATION,
    enabled: true,
    saleStartsAt: new Date(clock.ms - 1_000).toISOString(),
    maxActive: 100,
    admitPerMinute: 60,
    shoppingMinutes: 10,
  });
  expect(saved.status).toBe(200);

  // Five join; one admission run two seconds after the start admits two (60 a minute, two seconds of credit).
  const store = t.app.get(QueueStore);
  const rule = t.app.get(OnSales).queued(PRESENTATION)!;
  for (let i = 0; i < 5; i++) await store.join(PRESENTATION, randomUUID(), clock.ms, rule.saleStartsAt, 0);
  clock.ms += 1_000;
  const admission = await t.app.get(QueueService).admit(rule, clock.ms);
  expect(admission.admitted).toBe(2);

  const soldSections = await order(3, 'paid');
  const heldSections = await order(2, 'hold');
  await failedPayment(PRESENTATION);
  await failedPayment(PRESENTATION + 1); // another presentation's: not counted

  const now = await read();
  expect(now.readAt).toBe(new Date(clock.ms).toISOString());
  expect(now.queue).toEqual({
    enabled: true,
    saleStartsAt: new Date(rule.saleStartsAt).toISOString(),
    inLine: 3,
    activeShoppers: 2,
    maxActive: 100,
    admitPerMinute: 60,
    admittedLastMinute: 2,
    admittedTotal: 2,
  });
  expect(now.seats.capacity).toBe(before.seats.capacity);
  expect(now.seats.capacity).toBeGreaterThan(0);
  expect(now.seats.sold - before.seats.sold).toBe(3);
  expect(now.seats.held - before.seats.held).toBe(2);
  expect(before.seats.left - now.seats.left).toBe(5);
  expect(now.ticketsSoldLastMinute - before.ticketsSoldLastMinute).toBe(3);
  expect(now.paymentFailuresLast10Minutes - before.paymentFailuresLast10Minutes).toBe(1);

  // Per zone: the sums are the totals, and each zone moved by the tickets on its own sections.
  const sectionZone = new Map(
    (
      await sql.query('SELECT id, zone_id FROM section WHERE id = ANY($1::int[])', [[...soldSections, ...heldSections]])
    ).rows.map((r: { id: number; zone_id: number | null }) => [r.id, r.zone_id]),
  );
  const delta = (pick: 'sold' | 'held') =>
    new Map(now.zones.map((z) => [z.zoneId, z[pick] - (before.zones.find((b) => b.zoneId === z.zoneId)?.[pick] ?? 0)]));
  const tally = (sections: number[]) => {
    const m = new Map<number | null, number>(now.zones.map((z) => [z.zoneId, 0]));
    for (const s of sections) m.set(sectionZone.get(s)!, m.get(sectionZone.get(s)!)! + 1);
    return m;
  };
  expect(delta('sold')).toEqual(tally(soldSections));
  expect(delta('held')).toEqual(tally(heldSections));
  for (const key of ['capacity', 'sold', 'held', 'left'] as const)
    expect(now.zones.reduce((n, z) => n + z[key], 0)).toBe(now.seats[key]);

  // A minute later the admissions and the sales have left the last-minute windows; the totals stay.
  clock.ms += 61_000;
  const later = await read();
  expect(later.queue).toMatchObject({ inLine: 3, activeShoppers: 2, admittedLastMinute: 0, admittedTotal: 2 });
  expect(later.ticketsSoldLastMinute).toBe(0);
  expect(later.seats.sold).toBe(now.seats.sold);

  await admin.call('PUT', '/api/admin/on-sales', { ...saved.body, enabled: false });
});

test('refusals by where and why (locks and the line from every node, payments by reason) and the nodes that beat', async () => {
  const admin = await signedIn(t.url, sql, 'admin', clock.ms);
  const b = await startTestApp(
    { QUEUE_TICK_MS: '0', REDIS_PREFIX: t.config.REDIS_PREFIX, RATE_LIMIT_SCALE: '1' },
    t.db,
    [{ provide: Clock, useFactory: () => clock }],
  );
  try {
    const read = async (id: number) => {
      const r = await admin.call<OnSaleControlRoom>('GET', route(id));
      expect(r.status).toBe(200);
      return r.body;
    };
    const refusals = (room: OnSaleControlRoom) =>
      Object.fromEntries(room.refusalsLast10Minutes.map((r) => [`${r.kind}:${r.reason}`, r.count]));

    // The line: two lock attempts without a pass on a queued presentation.
    const saved = await admin.call('PUT', '/api/admin/on-sales', {
      presentationId: PRESENTATION,
      enabled: true,
      saleStartsAt: new Date(clock.ms - 1_000).toISOString(),
      maxActive: 100,
      admitPerMinute: 60,
      shoppingMinutes: 10,
    });
    const queuedBefore = refusals(await read(PRESENTATION));
    const plan = await loadPlan(t.url, PRESENTATION);
    const seat = plan.seats[0]!;
    for (let i = 0; i < 2; i++) {
      const refused = await lock(
        t.url,
        visitor(),
        seatInput(plan, seat.VenueSectionId, seat.XCoordinate, seat.YCoordinate),
      );
      expect(refused.body.error).toBe('QUEUE_REQUIRED');
    }
    // Payments: a decline without a reason, one for insufficient funds, one with a reason we do not know.
    await failedPayment(PRESENTATION);
    for (const error of ['insufficient_funds', 'something new'])
      await sql.query(
        `INSERT INTO money_attempt (kind, subject_kind, subject_id, channel, method, amount_agorot, provider,
                                    idempotency_key, fingerprint, state, error, sale_draft, updated_at)
         VALUES ('charge', 'cart', $1, 'online', 'card', 100, 'sandbox', $1, 'test', 'failed', $2, $3, $4)`,
        [
          randomUUID(),
          error,
          JSON.stringify({ tickets: [{ presentationId: PRESENTATION, sectionId: 1, x: 1, y: 1 }] }),
          new Date(clock.ms),
        ],
      );
    const queued = refusals(await read(PRESENTATION));
    const moved = (key: string) => (queued[key] ?? 0) - (queuedBefore[key] ?? 0);
    expect(moved('queue:queue_required')).toBe(2);
    expect(moved('payment:declined')).toBe(1);
    expect(moved('payment:insufficient_funds')).toBe(1);
    expect(moved('payment:other')).toBe(1);
    expect(Object.keys(queued).every((k) => /^(lock|queue|payment):[a-z0-9_]+$/.test(k))).toBe(true);

    // Joining the line, on the other node (production's rate limits there): a forged proof of work is refused by the
    // bot check, the eleventh join in a minute by the rate limit (before the handler); both are counted. Joins of a
    // presentation without a queue are not.
    await b.app.get(OnSales).refresh();
    const joinAs = visitor();
    const joins = [];
    for (let i = 0; i < 11; i++)
      joins.push(await call(b.url, 'POST', `/api/queue/${PRESENTATION}/join`, joinAs, { recaptchaToken: 'forged' }));
    expect(joins.map((j) => j.body.error)).toEqual([...Array(10).fill('INVALID_CAPTCHA'), 'TOO_MANY_REQUESTS']);
    const unqueuedBefore = refusals(await read(1));
    const unqueuedAs = visitor();
    for (let i = 0; i < 10; i++) await call(b.url, 'POST', '/api/queue/1/join', unqueuedAs, { recaptchaToken: 'x' });
    expect((await call(b.url, 'POST', '/api/queue/1/join', unqueuedAs, { recaptchaToken: 'x' })).status).toBe(429);
    const joined = refusals(await read(PRESENTATION));
    expect((joined['queue:invalid_captcha'] ?? 0) - (queued['queue:invalid_captcha'] ?? 0)).toBe(10);
    expect((joined['queue:too_many_requests'] ?? 0) - (queued['queue:too_many_requests'] ?? 0)).toBe(1);
    expect(refusals(await read(1))).toEqual(unqueuedBefore);

    // A seat lock refused on the other node: the same seat of presentation 1 taken by someone else first.
    const other = await loadPlan(b.url, 1);
    const [free] = (
      await sql.query(
        `SELECT s.section_id AS "sectionId", s.x, s.y FROM presentation p JOIN seat s ON s.seatplan_id = p.seatplan_id
          WHERE p.id = 1 AND s.together_id IS NULL AND NOT EXISTS (SELECT 1 FROM reservation_ticket rt
            WHERE rt.presentation_id = 1 AND rt.section_id = s.section_id AND rt.x = s.x AND rt.y = s.y AND rt.status = 'live')
          ORDER BY s.id DESC LIMIT 1`,
      )
    ).rows;
    const input = seatInput(other, free.sectionId, free.x, free.y);
    const lockedBefore = refusals(await read(1));
    const first = visitor();
    expect((await lock(b.url, first, input)).status).toBe(200);
    const second = await lock(b.url, visitor(), input);
    expect(second.status).toBeGreaterThanOrEqual(400);
    const key = `lock:${String(second.body.error).toLowerCase()}`;
    expect((refusals(await read(1))[key] ?? 0) - (lockedBefore[key] ?? 0)).toBe(1);
    await call(b.url, 'PUT', '/api/seats/unlock-seat', first, { recaptchaToken: tokenFor(first), seat: input });

    // Both nodes beat; a node that stops takes its beat away. Each beats once more first: the clock this file moves
    // has run ahead of the beats the nodes wrote on their real 5 s timer.
    await Promise.all([t, b].map((app) => app.app.get(NodeHealth).beat()));
    const nodes = (await read(PRESENTATION)).nodes;
    expect(nodes.length).toBeGreaterThanOrEqual(2);
    for (const n of nodes) {
      expect(n).toMatchObject({ silent: false, version: expect.stringMatching(/\S/) });
      expect(n.eventLoopLagP99Ms).toBeGreaterThanOrEqual(0);
    }
    await b.close();
    expect((await read(PRESENTATION)).nodes).toHaveLength(nodes.length - 1);
    await admin.call('PUT', '/api/admin/on-sales', { ...saved.body, enabled: false });
  } finally {
    await b.close().catch(() => undefined);
  }
});
