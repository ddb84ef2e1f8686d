import { readFileSync } from 'node:fs';
import { Client } from 'pg';
import { addCalendarDays, jerusalemDateKey, type AdminPresentation } from '@hotline/shared';
import { EventCancellationJob } from '../../src/catalogue-admin/event-cancellation.job';
import { startTestApp, type TestApp } from '../support/test-env';
import { signedIn, type StaffBrowser } from '../backoffice/support/staff-kit';
import { newFeature, publishedTheatre, regularPrices } from './support/published-theatre';

/**
 * What cancelling a date costs per order, counted where the time goes: the SQL statements the app sends (every
 * pg client query, transactions' BEGIN/COMMIT included), the app's own CPU and PostgreSQL's (its processes' CPU from
 * /proc, when it runs on this machine). ORDERS paid card orders are written as the benchmark writes them
 * (load-tests/catalogue-admin.bench.mjs), the date cancelled, and the job run until every order is cancelled and
 * refunded. The statements per order are a budget this test holds (they do not depend on the machine's load); the
 * CPU is printed for a side-by-side comparison (docs/testing.md: no rates from a busy machine).
 */
jest.setTimeout(600_000);
const ORDERS = 300;
/**
 * Statements per order the job may send (cancel, refund once, release the seat, queue the buyer's message), with the
 * sandbox provider's own five (a real provider is an HTTP call instead): 28.1 measured on 2026-11-30 with one order
 * per transaction, 13.4 with the job's groups (the first step and the seat release set-wise per group; each charge
 * still its own refund attempt). A change that adds statements to every order fails here.
 */
const STATEMENTS_PER_ORDER_BUDGET = 14;

let t: TestApp;
let sql: Client;
let admin: StaffBrowser;
let counting = false;
let statements = 0;
/** Statements by their text's first words, for the breakdown printed with the totals. */
const byKind = new Map<string, number>();

// Every statement any pg client sends (TypeORM's pool included: the same module).
const pg = { Client: Client as unknown as { prototype: { query: (...args: unknown[]) => unknown } } };
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function counted(this: unknown, ...args: unknown[]) {
  if (counting) {
    statements++;
    const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string })?.text ?? '?');
    const kind = text.replace(/\s+/g, ' ').trim().slice(0, 70);
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  return query.apply(this, args);
};

/**
 * CPU seconds (user + system) of the PostgreSQL backends serving this test's database (the app's pool, warm before
 * the measure, and this test's own connection), 0 where /proc does not show them; other work's PostgreSQL on the
 * machine is not counted.
 */
async function postgresCpuSeconds(): Promise<number> {
  const { rows } = await sql.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  let ticks = 0;
  for (const { pid } of rows as { pid: number }[]) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* not on this machine, or gone */
    }
  }
  return ticks / 100;
}

beforeAll(async () => {
  // The job is run by hand, and the outbox's dispatcher stays off: its sending is not the cancellation's cost.
  t = await startTestApp({ EVENT_CANCELLATION_INTERVAL_MS: '0', OUTBOX_POLL_MS: '0' });
  sql = new Client({ connectionString: t.db.url });
  await sql.connect();
  admin = await signedIn(t.url, sql, 'admin', Date.now());
});
afterAll(async () => {
  pg.Client.prototype.query = query;
  await sql?.end();
  await t?.close();
});

test(`cancelling a date with ${ORDERS} paid orders: statements per order within the budget, every charge refunded once`, async () => {
  const { plan, zones } = await publishedTheatre(admin, 'cost', { he: 'במת העלות', en: 'Cost Stage', ru: '', ar: '' });
  const feature = await newFeature(admin, { he: 'העלות', en: 'The Cost' });
  const created = await admin.call<{ presentations: AdminPresentation[] }>('POST', '/api/admin/presentations', {
    featureId: feature.id,
    seatPlanId: plan.id,
    firstDate: addCalendarDays(jerusalemDateKey(new Date()), 40),
    time: '20:00',
    prices: regularPrices(zones),
  });
  const draft = created.body.presentations[0]!;
  const date: AdminPresentation = (
    await admin.call('POST', `/api/admin/presentations/${draft.id}/publish`, { revision: draft.revision })
  ).body;
  const tag = `CC${Date.now().toString(36).toUpperCase()}`;
  await prefillOrders(date.id, plan.id, tag);

  const job = t.app.get(EventCancellationJob);
  const cpu0 = process.cpuUsage();
  const pg0 = await postgresCpuSeconds();
  counting = true;
  const cancelled = await admin.call('POST', `/api/admin/presentations/${date.id}/cancel`, {
    revision: date.revision,
    reason: 'cost',
  });
  expect(cancelled.status).toBe(202);
  for (let pass = 0; pass < 1000; pass++) {
    await job.runOnce();
    const { rows } = await sql.query(
      `SELECT count(*)::int AS n FROM reservation_ticket WHERE presentation_id = $1 AND status = 'live'`,
      [date.id],
    );
    const { rows: open } = await sql.query(
      `SELECT count(*)::int AS n FROM money_attempt WHERE kind = 'refund' AND state = 'pending'`,
    );
    if (rows[0].n === 0 && open[0].n === 0) break;
  }
  counting = false;
  const cpu = process.cpuUsage(cpu0);
  const appCpu = (cpu.user + cpu.system) / 1e6;
  const pgCpu = (await postgresCpuSeconds()) - pg0;

  const { rows: check } = await sql.query(
    `SELECT count(*)::int AS charges,
            count(*) FILTER (WHERE (SELECT count(*) FROM sandbox_refund x WHERE x.charge_id = s.id) = 1
                               AND (SELECT sum(x.amount_agorot) FROM sandbox_refund x WHERE x.charge_id = s.id) = s.amount_agorot)::int AS once
       FROM sandbox_charge s WHERE s.id LIKE 'sbx_ch_' || $1 || '%'`,
    [tag],
  );
  expect(check[0]).toEqual({ charges: ORDERS, once: ORDERS });
  const perOrder = statements / ORDERS;
  process.stdout.write(
    `\n[cancel-cost] ${ORDERS} orders: ${statements} statements (${perOrder.toFixed(1)} per order); ` +
      `app CPU ${appCpu.toFixed(2)} s (${((appCpu * 1000) / ORDERS).toFixed(2)} s per 1,000 orders); ` +
      `PostgreSQL CPU ${pgCpu.toFixed(2)} s (${((pgCpu * 1000) / ORDERS).toFixed(2)} s per 1,000 orders)\n`,
  );
  const top = [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 25);
  process.stdout.write(top.map(([k, n]) => `  ${(n / ORDERS).toFixed(2)}/order  ${k}`).join('\n') + '\n');
  expect(perOrder).toBeLessThanOrEqual(STATEMENTS_PER_ORDER_BUDGET);
});

/** Paid card orders of one seat each, with their sandbox charges, as the benchmark writes them. */
async function prefillOrders(presentationId: number, seatPlanId: number, tag: string) {
  const { rows } = await sql.query(
    'SELECT t.id FROM ticket t JOIN ticket_group g ON g.id = t.ticket_group_id WHERE g.presentation_id = $1 LIMIT 1',
    [presentationId],
  );
  await sql.query('BEGIN');
  await sql.query(
    `INSERT INTO reservation (identifier, cart_identifier, document_key, visitor_id, state, customer, locale, total_agorot)
     SELECT $1 || lpad(g::text, 6, '0'), md5($1 || 'c' || g)::uuid::text, md5($1 || 'd' || g) || md5($1 || 'e' || g),
            md5($1 || 'v' || g)::uuid, 'paid',
            jsonb_build_object('email', 'cost' || g || '@example.com', 'mobileNumber', '05' || lpad((20000000 + g)::text, 8, '0')),
            'he', 10000
       FROM generate_series(1, $2::int) g`,
    [tag, ORDERS],
  );
  await sql.query(
    `WITH s AS (SELECT section_id, x, y, row_number() OVER (ORDER BY id) AS n FROM seat
                 WHERE seatplan_id = $1 AND together_id IS NULL),
          r AS (SELECT id, substr(identifier, length($2) + 1)::int AS k FROM reservation WHERE identifier LIKE $2 || '%')
     INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id,
                                     amount_agorot, service_charge_agorot)
     SELECT r.id, $2 || '-' || r.k, $3, s.section_id, s.x, s.y, $4, 10000, 0 FROM r JOIN s ON s.n = r.k`,
    [seatPlanId, tag, presentationId, rows[0].id],
  );
  await sql.query(
    `INSERT INTO sandbox_charge (id, idempotency_key, authorisation_token, amount_agorot, instalments, status)
     SELECT 'sbx_ch_' || identifier, 'cost:' || identifier, 'cost-auth:' || identifier, total_agorot, 1, 'approved'
       FROM reservation WHERE identifier LIKE $1 || '%'`,
    [tag],
  );
  await sql.query(
    `INSERT INTO payment (reservation_id, cart_identifier, provider, method, provider_reference, amount_agorot, status,
                          idempotency_key)
     SELECT id, cart_identifier, 'sandbox', 'card', 'sbx_ch_' || identifier, total_agorot, 'approved', cart_identifier || ':cost'
       FROM reservation WHERE identifier LIKE $1 || '%'`,
    [tag],
  );
  await sql.query('COMMIT');
}
