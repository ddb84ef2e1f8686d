import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { jerusalemDateKey } from '@hotline/shared';
import { startTestApp, type TestApp } from '../support/test-env';
import { StaffBrowser, signedIn } from './support/staff-kit';

/**
 * The presentations report (permission 266) against real PostgreSQL: capacity by cinema
 * and by movie with the spec's total row, a feature's sales, and the business scope on
 * every report route. Sales are written straight into the tables (this is about reading).
 */
interface Pres {
  id: number;
  featureId: number;
  locationId: number;
  businessId: number;
  dateTime: Date;
}

async function sell(sql: Client, presentationId: number, count: number, amountAgorot: number, soldAt?: Date) {
  const res = await sql.query(
    `INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot, created_at)
     VALUES ($1, $2, $3, 'paid', $4, COALESCE($5, now())) RETURNING id`,
    [`R${randomUUID().slice(0, 8)}`, randomUUID(), randomUUID(), count * amountAgorot, soldAt?.toISOString() ?? null],
  );
  const seats = await sql.query(
    `SELECT s.section_id, s.x, s.y, t.id AS ticket_id
       FROM presentation p JOIN seat s ON s.seatplan_id = p.seatplan_id
       JOIN ticket_group tg ON tg.presentation_id = p.id AND tg.zone_id = s.zone_id
       JOIN ticket t ON t.ticket_group_id = tg.id
      WHERE p.id = $1
        AND NOT EXISTS (SELECT 1 FROM reservation_ticket rt WHERE rt.presentation_id = p.id AND rt.section_id = s.section_id
                          AND rt.x = s.x AND rt.y = s.y AND rt.status = 'live')
      ORDER BY s.section_id, s.y, s.x, t.id LIMIT $2`,
    [presentationId, count * 10],
  );
  const used = new Set<string>();
  let n = 0;
  for (const s of seats.rows) {
    const key = `${s.section_id}:${s.x}:${s.y}`;
    if (used.has(key) || n >= count) continue;
    used.add(key);
    n++;
    await sql.query(
      `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9, now()))`,
      [
        res.rows[0].id,
        `T${randomUUID().slice(0, 12)}`,
        presentationId,
        s.section_id,
        s.x,
        s.y,
        s.ticket_id,
        amountAgorot,
        soldAt?.toISOString() ?? null,
      ],
    );
  }
  if (n !== count) throw new Error(`could only sell ${n} of ${count}`);
}

describe('presentations report', () => {
  let t: TestApp;
  let sql: Client;
  let cinema: Pres; // business 1
  let arena: Pres; // business 2

  beforeAll(async () => {
    t = await startTestApp();
    sql = new Client({ connectionString: t.db.url });
    await sql.connect();
    const pick = async (businessId: number): Promise<Pres> => {
      const r = await sql.query(
        `SELECT id, feature_id AS "featureId", location_id AS "locationId", business_id AS "businessId", date_time AS "dateTime"
           FROM presentation WHERE business_id = $1 AND is_reserved AND date_time > now() ORDER BY date_time, id LIMIT 1`,
        [businessId],
      );
      return r.rows[0];
    };
    cinema = await pick(1);
    arena = await pick(2);
    await sell(sql, cinema.id, 7, 4500);
    await sell(sql, arena.id, 4, 12000);
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  const day = (p: Pres) => jerusalemDateKey(p.dateTime);

  test('capacity by location: one row per location with sales, then the total row -1 "כל בתי הקולנוע" without location 1', async () => {
    const admin = await signedIn(t.url, sql, 'admin');
    const r = await admin.call('GET', `/api/PRES-live/locationTicketSales/data/${day(cinema)}/0`);
    expect(r.status).toBe(200);
    const row = r.body.rows.find((x: { LocationId: number }) => x.LocationId === cinema.locationId);
    const expected = await sql.query(
      `SELECT count(*)::int AS sold FROM reservation_ticket rt JOIN presentation p ON p.id = rt.presentation_id
        WHERE rt.status = 'live' AND p.location_id = $1 AND (p.date_time AT TIME ZONE 'Asia/Jerusalem')::date = $2::date`,
      [cinema.locationId, day(cinema)],
    );
    expect(row.Sold).toBe(expected.rows[0].sold);
    expect(row.Sold).toBeGreaterThanOrEqual(7);
    expect(row.Availability).toBe(row.Capacity - row.Sold);
    const total = r.body.rows[r.body.rows.length - 1];
    expect(total).toMatchObject({ LocationId: -1, Name: 'כל בתי הקולנוע' });
    const counted = r.body.rows.slice(0, -1).filter((x: { LocationId: number }) => x.LocationId !== 1);
    expect(total.Capacity).toBe(counted.reduce((s: number, x: { Capacity: number }) => s + x.Capacity, 0));
    expect(total.Sold).toBe(counted.reduce((s: number, x: { Sold: number }) => s + x.Sold, 0));
  });

  test('the report says what kind of venues it lists, and names them in Russian and Arabic too', async () => {
    const admin = await signedIn(t.url, sql, 'admin');
    // One show of one venue: its own kind. The demo's arena plays alone on its days or with others.
    const kinds = await sql.query(
      `SELECT DISTINCT v.kind FROM presentation p JOIN venue v ON v.id = p.venue_id
        WHERE p.business_id = ANY('{1,2}') AND (p.date_time AT TIME ZONE 'Asia/Jerusalem')::date = $1::date`,
      [day(arena)],
    );
    const r = await admin.call('GET', `/api/PRES-live/locationTicketSales/data/${day(arena)}/0`);
    expect(r.body.venueKind).toBe(kinds.rows.length === 1 ? kinds.rows[0].kind : 'mixed');
    const arenaRow = r.body.rows.find((x: { LocationId: number }) => x.LocationId === arena.locationId);
    expect(arenaRow.NameRu).toMatch(/[а-яё]/i);
    expect(arenaRow.NameAr).toMatch(/[\u0600-\u06ff]/);
    const byFeature = await admin.call(
      'GET',
      `/api/PRES-live/featureTicketSales/data/${day(arena)}?locationId=${arena.locationId}`,
    );
    expect(byFeature.body.venueKind).toBe('arena');
    expect(byFeature.body.rows[0].NameRu).toMatch(/[а-яё]/i);
    const sales = await admin.call('GET', '/api/PRES-live/monitors/PresentationSales/data');
    const line = sales.body.presentations.find((p: { PresentationId: number }) => p.PresentationId === arena.id);
    expect(line).toMatchObject({ FeatureNameRu: expect.stringMatching(/[а-яё]/i), LocationNameAr: expect.any(String) });
    const empty = await admin.call('GET', '/api/PRES-live/locationTicketSales/data/2001-01-01/0');
    expect(empty.body.venueKind).toBe('mixed');
  });

  test("a producer's reports show only their business", async () => {
    const producer = await signedIn(t.url, sql, 'producer'); // business 1
    const r = await producer.call('GET', `/api/PRES-live/locationTicketSales/data/${day(arena)}/0`);
    expect(r.status).toBe(200);
    expect(r.body.rows.map((x: { LocationId: number }) => x.LocationId)).not.toContain(arena.locationId);
    const features = await producer.call('GET', '/api/PRES-live/v2/availableFeatures');
    expect(features.body.features.map((f: { FeatureId: number }) => f.FeatureId)).not.toContain(arena.featureId);
    const sales = await producer.call('GET', '/api/PRES-live/monitors/PresentationSales/data');
    expect(sales.status).toBe(200);
    expect(sales.body.presentations.map((p: { PresentationId: number }) => p.PresentationId)).not.toContain(arena.id);
  });

  test("a feature's sales: per presentation, ticket types and sales per day, money in agorot", async () => {
    const admin = await signedIn(t.url, sql, 'admin');
    const r = await admin.call(
      'GET',
      `/api/PRES-live/v2/featureData?featureId=${arena.featureId}&presentationIds=${arena.id}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.presentations).toHaveLength(1);
    expect(r.body.presentations[0]).toMatchObject({ PresentationId: arena.id, Sold: 4, RevenueAgorot: 48000 });
    expect(r.body.totals).toMatchObject({ Sold: 4, RevenueAgorot: 48000 });
    expect(r.body.ticketTypes.reduce((s: number, x: { Sold: number }) => s + x.Sold, 0)).toBe(4);
    // The day the tickets were written (PostgreSQL's clock), not the day this line runs: at 23:59 they can differ.
    const soldOn = await sql.query(
      'SELECT min(created_at) AS at FROM reservation_ticket WHERE presentation_id = $1 AND status = $2',
      [arena.id, 'live'],
    );
    expect(r.body.salesByDay).toEqual([{ Date: jerusalemDateKey(soldOn.rows[0].at), Sold: 4, RevenueAgorot: 48000 }]);
    const p = await admin.call('GET', `/api/PRES-live/v2/presentationData?presentationId=${arena.id}`);
    expect(p.body.sections.reduce((s: number, x: { Sold: number }) => s + x.Sold, 0)).toBe(4);
    // Sales outside the transaction date range are not counted.
    const none = await admin.call(
      'GET',
      `/api/PRES-live/v2/featureData?featureId=${arena.featureId}&transactionBusinessStartDate=2001-01-01&transactionBusinessEndDate=2001-12-31`,
    );
    expect(none.body.totals.Sold).toBe(0);
  });

  test('the sales aggregate follows every sale, cancellation and undo (the trigger), shard by shard', async () => {
    const compare = async () => {
      const r = await sql.query(
        `SELECT (SELECT count(*)::int FROM reservation_ticket WHERE status = 'live') AS live,
                (SELECT COALESCE(sum(amount_agorot), 0)::bigint::text FROM reservation_ticket WHERE status = 'live') AS revenue,
                (SELECT COALESCE(sum(sold), 0)::int FROM sales_daily) AS sold,
                (SELECT COALESCE(sum(revenue_agorot), 0)::bigint::text FROM sales_daily) AS aggregated`,
      );
      expect(r.rows[0].sold).toBe(r.rows[0].live);
      expect(r.rows[0].aggregated).toBe(r.rows[0].revenue);
      return r.rows[0].live as number;
    };
    const before = await compare();
    await sell(sql, cinema.id, 3, 3000);
    expect(await compare()).toBe(before + 3);
    const { rows } = await sql.query(
      `SELECT id FROM reservation_ticket WHERE presentation_id = $1 AND status = 'live' ORDER BY id DESC LIMIT 2`,
      [cinema.id],
    );
    await sql.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE id = ANY($1::bigint[])`, [
      rows.map((r) => r.id),
    ]);
    expect(await compare()).toBe(before + 1);
    // A cancellation undone (the row live again) counts again; a status update that changes nothing is a no-op.
    await sql.query(`UPDATE reservation_ticket SET status = 'live' WHERE id = $1`, [rows[0].id]);
    await sql.query(`UPDATE reservation_ticket SET status = 'live' WHERE id = $1`, [rows[0].id]);
    expect(await compare()).toBe(before + 2);
    const sold = await sql.query(`SELECT sold FROM sales_daily WHERE sold < 0`);
    expect(sold.rows).toEqual([]);
  });

  test('capacity by movie, and by movie and cinema', async () => {
    const admin = await signedIn(t.url, sql, 'admin');
    const r = await admin.call(
      'GET',
      `/api/PRES-live/featureTicketSales/data/${day(cinema)}?locationId=${cinema.locationId}`,
    );
    expect(r.status).toBe(200);
    const row = r.body.rows.find((x: { FeatureId: number }) => x.FeatureId === cinema.featureId);
    expect(row.Sold).toBeGreaterThanOrEqual(7);
    expect(r.body.rows[r.body.rows.length - 1].FeatureId).toBe(-1);
    const by = await admin.call('GET', `/api/PRES-live/featureTicketSales/data/${day(cinema)}?isByLocation=1`);
    expect(by.body.rows.some((x: { LocationId?: number }) => x.LocationId === cinema.locationId)).toBe(true);
  });

  describe('scope on every report route', () => {
    const routes = (p: () => { cinema: Pres; arena: Pres }) =>
      [
        ['GET', () => '/api/PRES-live/v2/availableFeatures', null],
        ['GET', () => `/api/PRES-live/v2/availablePresentations?featureId=${p().arena.featureId}`, 'scope'],
        ['GET', () => `/api/PRES-live/v2/featureData?featureId=${p().arena.featureId}`, 'scope'],
        [
          'GET',
          () => `/api/PRES-live/v2/featureData?featureId=${p().cinema.featureId}&presentationIds=${p().arena.id}`,
          'scope',
        ],
        [
          'GET',
          () => `/api/PRES-live/v2/featureData?featureId=${p().cinema.featureId}&locationId=${p().arena.locationId}`,
          'scope',
        ],
        ['GET', () => `/api/PRES-live/v2/presentationData?presentationId=${p().arena.id}`, 'scope'],
        ['GET', () => '/api/PRES-live/locationTicketSales', null],
        ['GET', () => `/api/PRES-live/locationTicketSales/data/${day(p().arena)}/0`, null],
        ['GET', () => '/api/PRES-live/featureTicketSales', null],
        [
          'GET',
          () => `/api/PRES-live/featureTicketSales/data/${day(p().arena)}?locationId=${p().arena.locationId}`,
          'scope',
        ],
        [
          'GET',
          () => `/api/PRES-live/featureTicketSales/data/${day(p().arena)}?featureId=${p().arena.featureId}`,
          'scope',
        ],
        ['GET', () => '/api/PRES-live/monitors/PresentationSales/data', null],
      ] as const;

    // One session per role for the whole table: the routes only read, and a sign-in (argon2id, the session, the audit
    // row) costs about 0.15 CPU-s; signing both in for every route was a third of this file's CPU (16 -> 11 CPU-s), paid
    // again in each of the clock guard's three settings.
    let cashier: StaffBrowser; // 267 + 268, no 266
    let producer: StaffBrowser; // 266, business 1
    beforeAll(async () => {
      cashier = await signedIn(t.url, sql, 'cashier');
      producer = await signedIn(t.url, sql, 'producer');
    });

    test.each(routes(() => ({ cinema, arena })).map((r, i) => [i, r] as const))(
      'route %i: 401 anonymous, 403 without permission 266, 403 on another business',
      async (_i, [method, path, scoped]) => {
        const anonymous = await new StaffBrowser(t.url).call(method, path());
        expect([anonymous.status, anonymous.body.error]).toEqual([401, 'STAFF_NOT_SIGNED_IN']);
        const denied = await cashier.call(method, path());
        expect([denied.status, denied.body.error]).toEqual([403, 'STAFF_PERMISSION_DENIED']);
        const r = await producer.call(method, path());
        if (scoped) expect([r.status, r.body.error]).toEqual([403, 'STAFF_BUSINESS_SCOPE']);
        else expect(r.status).toBe(200);
      },
    );

    test('the table covers every report route of the OpenAPI document', async () => {
      const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as { paths: Record<string, object> };
      const documented = Object.keys(doc.paths)
        .filter((p) => p.startsWith('/api/PRES-live/'))
        // Producer reservations have their own table (producer-reservations.medium.ts).
        .filter((p) => !/producerReservations|sendResAgain/.test(p))
        // Staff order changes have theirs in later-routes-scope.medium.ts.
        .filter((p) => !p.includes('/order-changes/'))
        .map((p) => p.replace(/\{[^}]+\}/g, ':'))
        .sort();
      const tested = [
        ...new Set(
          routes(() => ({ cinema, arena })).map(([, path]) =>
            path()
              .split('?')[0]!
              .replace(/\/\d{4}-\d{2}-\d{2}\/0$/, '/:/:')
              .replace(/\/\d{4}-\d{2}-\d{2}$/, '/:'),
          ),
        ),
      ].sort();
      expect(tested).toEqual(documented);
    });
  });

  test('bad input is a 400 with the error shape, never a 500', async () => {
    const admin = await signedIn(t.url, sql, 'admin');
    for (const path of [
      '/api/PRES-live/locationTicketSales/data/2026-02-30/0',
      '/api/PRES-live/locationTicketSales/data/2026-01-01/1',
      '/api/PRES-live/v2/featureData',
      '/api/PRES-live/v2/featureData?featureId=2147483648',
      '/api/PRES-live/monitors/PresentationSales/data?startDate=2026-05-01&endDate=2026-04-01',
      '/api/PRES-live/monitors/PresentationSales/data?dateType=3',
    ]) {
      const r = await admin.call('GET', path);
      expect({ path, status: r.status, shape: typeof r.body.message }).toEqual({ path, status: 400, shape: 'string' });
    }
  });
});
