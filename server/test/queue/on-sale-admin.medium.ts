import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { solveAltcha } from '../support/altcha';
import { startTestApp, type TestApp } from '../support/test-env';
import { StaffBrowser, signedIn } from '../backoffice/support/staff-kit';

/**
 * The on-sale admin API (until the back office has a screen): staff with the on-sale permission
 * (290) only, business scope, audited; a saved on-sale takes effect on the seat calls at once.
 */
let t: TestApp;
let sql: Client;

beforeAll(async () => {
  t = await startTestApp({ QUEUE_TICK_MS: '0', QUEUE_CONFIG_REFRESH_MS: '0' });
  sql = new Client({ connectionString: t.db.url });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await t?.close();
});

const PRESENTATION = 2;
const onSale = (overrides: Record<string, unknown> = {}) => ({
  presentationId: PRESENTATION,
  enabled: true,
  saleStartsAt: new Date(Date.now() + 3_600_000).toISOString(),
  maxActive: 100,
  admitPerMinute: 30,
  shoppingMinutes: 10,
  ...overrides,
});

async function lockSeat(visitor: string, cookie?: string) {
  const seat = (
    await sql.query(
      `SELECT s.section_id, s.x, s.y, p.venue_id, p.seatplan_id FROM presentation p
         JOIN section sec ON sec.seatplan_id = p.seatplan_id JOIN seat s ON s.section_id = sec.id
        WHERE p.id = $1 ORDER BY s.section_id, s.y, s.x LIMIT 1 OFFSET 40`,
      [PRESENTATION],
    )
  ).rows[0];
  const response = await fetch(`${t.url}/api/seats/lock-seat?lang=en`, {
    method: 'PUT',
    headers: { uuid: visitor, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({
      recaptchaToken: await solveAltcha(t.url, visitor),
      seat: {
        PresentationId: PRESENTATION,
        VenueId: seat.venue_id,
        VenueSeatplanId: seat.seatplan_id,
        VenueSectionId: seat.section_id,
        TicketGroupId: 0,
        XCoordinate: seat.x,
        YCoordinate: seat.y,
      },
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, seat };
}

test('only signed-in staff holding the on-sale permission may read or change on-sales', async () => {
  expect((await new StaffBrowser(t.url).call('GET', '/api/admin/on-sales')).status).toBe(401);
  const cashier = await signedIn(t.url, sql, 'cashier');
  const denied = await cashier.call('PUT', '/api/admin/on-sales', onSale());
  expect(denied.status).toBe(403);
  expect(denied.body.error).toBe('STAFF_PERMISSION_DENIED');
  expect(
    (await sql.query('SELECT count(*)::int AS n FROM on_sale WHERE presentation_id = $1', [PRESENTATION])).rows[0].n,
  ).toBe(0);
});

test('bad settings are a 400 and an unknown presentation a 404, changing nothing', async () => {
  const admin = await signedIn(t.url, sql, 'admin');
  for (const body of [
    onSale({ featureId: 1 }),
    onSale({ presentationId: null }),
    onSale({ admitPerMinute: 0 }),
    onSale({ shoppingMinutes: 241 }),
    onSale({ saleStartsAt: 'tomorrow' }),
  ])
    expect((await admin.call('PUT', '/api/admin/on-sales', body)).status).toBe(400);
  const missing = await admin.call('PUT', '/api/admin/on-sales', onSale({ presentationId: 999_999 }));
  expect(missing.status).toBe(404);
  expect(missing.body.error).toBe('ON_SALE_NOT_FOUND');
});

test('an admin puts a presentation behind a queue: seat calls need an admission, the counter passes by right; off again, free', async () => {
  const admin = await signedIn(t.url, sql, 'admin');
  const saved = await admin.call('PUT', '/api/admin/on-sales', onSale());
  expect(saved.status).toBe(200);
  expect(saved.body).toMatchObject({
    presentationId: PRESENTATION,
    featureId: null,
    enabled: true,
    admitPerMinute: 30,
  });
  const list = await admin.call('GET', '/api/admin/on-sales');
  expect(list.body.onSales).toEqual(
    expect.arrayContaining([expect.objectContaining({ presentationId: PRESENTATION })]),
  );
  const audit = await sql.query(`SELECT subject FROM audit_log WHERE action = 'on-sale' ORDER BY id DESC LIMIT 1`);
  expect(audit.rows[0].subject).toBe(`presentation:${PRESENTATION}`);

  const refused = await lockSeat(randomUUID());
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ error: 'QUEUE_REQUIRED', queueUrl: `/queue/${PRESENTATION}` });

  // The box office's lock-seats: a cashier of this business holding 267 sells at the counter by right, audited
  // (the counter once queued like anyone). server/test/queue/seat-routes-gate covers the rest.
  const cashier = await signedIn(t.url, sql, 'cashier');
  const block = {
    presentationId: PRESENTATION,
    seats: [{ sectionId: refused.seat.section_id, x: refused.seat.x, y: refused.seat.y }],
  };
  const box = await cashier.call('PUT', '/api/backoffice/lock-seats', block);
  expect(box.status).toBe(200);
  const pass = await sql.query(
    `SELECT subject FROM audit_log WHERE action = 'queue-staff-pass' ORDER BY id DESC LIMIT 1`,
  );
  expect(pass.rows[0]?.subject).toBe(`presentation:${PRESENTATION}`);
  expect((await cashier.call('PUT', '/api/backoffice/unlock-seats', block)).status).toBe(200);

  // Before the sale start, a visitor can only wait in the pre-queue.
  const status = await fetch(`${t.url}/api/queue/${PRESENTATION}`, { headers: { uuid: randomUUID() } });
  expect(await status.json()).toMatchObject({ state: 'outside', presentationId: PRESENTATION, admitPerMinute: 30 });

  expect((await admin.call('PUT', '/api/admin/on-sales', onSale({ enabled: false }))).status).toBe(200);
  expect((await lockSeat(randomUUID())).status).toBe(200);
});

test("the back office's list: the admin's coming presentations with the on-sale that applies (own row, else the feature's)", async () => {
  const cashier = await signedIn(t.url, sql, 'cashier');
  expect((await cashier.call('GET', '/api/admin/on-sales/presentations')).status).toBe(403);

  const admin = await signedIn(t.url, sql, 'admin');
  const { feature_id: featureId } = (
    await sql.query('SELECT feature_id FROM presentation WHERE id = $1', [PRESENTATION])
  ).rows[0];
  expect(
    (await admin.call('PUT', '/api/admin/on-sales', onSale({ presentationId: null, featureId, enabled: false })))
      .status,
  ).toBe(200);
  expect((await admin.call('PUT', '/api/admin/on-sales', onSale({ maxActive: 77, enabled: false }))).status).toBe(200);

  const list = await admin.call('GET', '/api/admin/on-sales/presentations');
  expect(list.status).toBe(200);
  const rows = list.body.presentations as {
    presentationId: number;
    featureId: number;
    dateTime: string;
    source: string | null;
    onSale: { maxActive: number } | null;
  }[];
  const own = rows.find((r) => r.presentationId === PRESENTATION);
  expect(own).toMatchObject({ featureId, source: 'presentation', onSale: { maxActive: 77 } });
  // The show's other presentations without a row of their own (the demo on-sale has one) take the show's.
  const ownRows = new Set(
    (await sql.query('SELECT presentation_id FROM on_sale WHERE presentation_id IS NOT NULL')).rows.map(
      (r: { presentation_id: number }) => r.presentation_id,
    ),
  );
  const siblings = rows.filter((r) => r.featureId === featureId && !ownRows.has(r.presentationId));
  expect(siblings.length).toBeGreaterThan(0);
  for (const s of siblings) expect(s).toMatchObject({ source: 'feature', onSale: { maxActive: 100 } });
  expect(rows.find((r) => r.featureId !== featureId && !ownRows.has(r.presentationId))).toMatchObject({
    source: null,
    onSale: null,
  });
  // Only the admin's businesses, soonest first, nothing long past.
  const owners = (
    await sql.query('SELECT DISTINCT business_id FROM presentation WHERE id = ANY($1::int[])', [
      rows.map((r) => r.presentationId),
    ])
  ).rows.map((r: { business_id: number }) => r.business_id);
  for (const b of owners) expect([1, 2]).toContain(b);
  const times = rows.map((r) => Date.parse(r.dateTime));
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(Math.min(...times)).toBeGreaterThan(Date.now() - 86_400_000 - 60_000);

  // A cancelled date has no on-sale to run: it leaves the list (it stayed before, found by the e2e walk that cancels).
  const cancelled = siblings[0]!.presentationId;
  await sql.query('UPDATE presentation SET cancelled_at = now() WHERE id = $1', [cancelled]);
  try {
    const after = await admin.call('GET', '/api/admin/on-sales/presentations');
    const listed = (after.body.presentations as { presentationId: number }[]).map((r) => r.presentationId);
    expect(listed).not.toContain(cancelled);
    expect(listed).toContain(PRESENTATION);
  } finally {
    await sql.query('UPDATE presentation SET cancelled_at = NULL WHERE id = $1', [cancelled]);
  }

  await sql.query('DELETE FROM on_sale WHERE feature_id = $1', [featureId]);
});
