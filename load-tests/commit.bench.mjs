// commit.bench.mjs - commits/s and p50/p99 with 50 concurrent buyers, each committing
// seats it holds, through the real POST /api/payment/commit (zod, ALTCHA verify, customer
// schema, repricing with the shared rules, Redis lock check + extension, cart claim, the
// sandbox provider approving at once, the one-statement sale, markSold and its delta),
// against a baseline in the same run: plain `pg` inserts of one reservation + its tickets
// into the same tables. Both start from a database pre-filled with >= 100,000
// reservations (200,000 tickets, payments, carts), ANALYZEd.
// Targets: >= 1,000 commits/s, p99 < 100 ms, zero double sales.
//   node scripts/build.mjs && node load-tests/commit.bench.mjs [--rounds=5] [--commits=2000] [--prefill=100000] [--statements]
// --statements: PostgreSQL loads pg_stat_statements and each round of ours prints the statements the server sent per
// commit (each one a round trip) and the transactions per commit; the extension's own cost is in the CPU figures then.
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  agentFor,
  appendResults,
  cpuMsOf,
  cpuMsOfTree,
  log,
  median,
  percentile,
  request,
  require,
  ROOT,
  solveTokens,
  startServer,
  startServices,
} from './lib/stack.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROUNDS = arg('rounds', 5);
const COMMITS = arg('commits', 2000);
const PREFILL = arg('prefill', 100_000);
const CONCURRENCY = 50;
const SEATS_PER_ORDER = 2;
const STATEMENTS = process.argv.includes('--statements');
const { Pool } = require('pg');

const CUSTOMER = {
  firstName: 'ישראל',
  lastName: 'ישראלי',
  email: 'bench@example.com',
  mobileNumber: '0501234567',
  verifyMobileNumber: '0501234567',
  termsAccepted: true,
};

/** True when some src .ts file has no dist .js or is newer than it (tsc -b alone can be fooled by a --noEmit run). */
function stale(src, dist) {
  if (!existsSync(src)) return false;
  return readdirSync(src, { withFileTypes: true }).some((e) => {
    if (e.name === '__tests__' || e.name.startsWith('.')) return false;
    if (e.isDirectory()) return stale(path.join(src, e.name), path.join(dist, e.name));
    if (!e.name.endsWith('.ts') || e.name.endsWith('.d.ts') || e.name.endsWith('.test.ts')) return false;
    const out = path.join(dist, e.name.replace(/\.ts$/, '.js'));
    return !existsSync(out) || statSync(out).mtimeMs < statSync(path.join(src, e.name)).mtimeMs;
  });
}

/** The server and what it imports, compiled (the storefront is not needed here). */
function buildServer() {
  const force = ['shared', 'seatmaps', 'server'].some((p) =>
    stale(path.join(ROOT, p, 'src'), path.join(ROOT, p, 'dist')),
  );
  log(`compiling shared, seatmaps, server${force ? ' (stale output: --force)' : ''}…`);
  const r = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc'),
      '-b',
      'shared',
      'seatmaps',
      'server',
      ...(force ? ['--force'] : []),
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('build failed');
}

/** Runs `fn` over `items` with at most `limit` in flight. */
async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

/**
 * Samples, every 20 ms until stopped, how many of the server's PostgreSQL connections are in a query or a
 * transaction (pg_stat_activity, application_name of the server's pool); resolves to the mean.
 */
function sampleBusyConnections(db) {
  let running = true;
  const samples = [];
  const done = (async () => {
    while (running) {
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'hotline-server' AND state <> 'idle'`,
      );
      samples.push(rows[0].n);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return samples.reduce((a, x) => a + x, 0) / Math.max(1, samples.length);
    },
  };
}

/**
 * What pg_stat_statements counted since the last reset, the bench's own bookkeeping left out: the statements the
 * server sent (top level: each one a round trip) and those PostgreSQL ran inside them (foreign-key checks, triggers).
 */
async function statementsSince(db, commits) {
  const { rows } = await db.query(
    `SELECT toplevel, calls::int, round(total_exec_time::numeric, 1)::float AS ms, regexp_replace(left(query, 100), '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND query NOT LIKE '%pg_stat_%' ORDER BY toplevel DESC, total_exec_time DESC`,
  );
  const sum = (list, key) => list.reduce((a, r) => a + r[key], 0);
  const top = rows.filter((r) => r.toplevel);
  const nested = rows.filter((r) => !r.toplevel);
  log(
    `statements per commit: ${(sum(top, 'calls') / commits).toFixed(2)} sent (round trips), ${(sum(nested, 'calls') / commits).toFixed(2)} run inside them; executing ${(sum(top, 'ms') / commits).toFixed(3)} ms per commit`,
  );
  for (const r of rows.filter((r) => r.calls >= commits / 20))
    log(
      `  ${r.toplevel ? 'sent  ' : 'inside'} ${(r.calls / commits).toFixed(2)}/commit  ${(r.ms / commits).toFixed(3)} ms/commit  ${r.query}`,
    );
  return sum(top, 'calls') / commits;
}

/** Redis commands run so far (INFO commandstats), by command. */
async function redisCommands(redis) {
  const info = await redis.info('commandstats');
  return new Map([...info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map((m) => [m[1], Number(m[2])]));
}

/** Times `ops` operations with CONCURRENCY workers pulling from one queue. */
async function timed(label, ops, once) {
  const ms = [];
  let failures = 0;
  const errors = new Map();
  const started = process.hrtime.bigint();
  await pool(ops, CONCURRENCY, async (op) => {
    const t0 = process.hrtime.bigint();
    const r = await once(op);
    const took = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.ok) ms.push(took);
    else {
      failures++;
      errors.set(r.error, (errors.get(r.error) ?? 0) + 1);
    }
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  ms.sort((a, b) => a - b);
  const result = {
    label,
    perSecond: ms.length / seconds,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    failures,
    errors: Object.fromEntries(errors),
  };
  log(
    `${label}: ${result.perSecond.toFixed(0)}/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, failures ${failures}${failures ? ` ${JSON.stringify(result.errors)}` : ''}`,
  );
  return result;
}

/** Past copies of the stadium's presentation, for history (pre-fill) and for the baseline's own seats. */
async function copyPresentation(db, fromId, daysAgo) {
  const { rows } = await db.query(
    `INSERT INTO presentation (feature_id, location_id, venue_id, seatplan_id, business_id, auth_profile_id, date_time, venue_type_id,
                               seating_policy_id, is_reserved, soldout, max_seats_per_order, no_single_seat_gap)
     SELECT feature_id, location_id, venue_id, seatplan_id, business_id, auth_profile_id, date_time - make_interval(days => $2),
            venue_type_id, seating_policy_id, is_reserved, soldout, max_seats_per_order, no_single_seat_gap
       FROM presentation WHERE id = $1 RETURNING id`,
    [fromId, daysAgo],
  );
  return rows[0].id;
}

/** >= 100,000 paid reservations with 2 tickets, a card payment (and its charge's money attempt) and a paid cart each, then ANALYZE. */
async function prefill(db, stadium, ticketId, price) {
  const perPresentation = 40_000;
  const presentations = [];
  for (let i = 0; i < Math.ceil(PREFILL / perPresentation); i++)
    presentations.push(await copyPresentation(db, stadium.id, 30 + i));
  const started = Date.now();
  for (const [index, pid] of presentations.entries()) {
    const from = index * perPresentation + 1;
    const to = Math.min(PREFILL, (index + 1) * perPresentation);
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO reservation (identifier, cart_identifier, document_key, visitor_id, state, customer, locale, total_agorot, created_at)
       SELECT 'PF' || lpad(g::text, 10, '0'), md5('c' || g)::uuid::text, md5('d' || g) || md5('e' || g), md5('v' || g)::uuid, 'paid',
              '{"firstName":"היסטוריה","lastName":"בדיקה","email":"history@example.com"}', 'he', $3, now() - make_interval(days => 30)
         FROM generate_series($1::int, $2::int) g`,
      [from, to, 2 * price],
    );
    await db.query(
      `WITH s AS (SELECT section_id, x, y, row_number() OVER (ORDER BY id) AS n FROM seat WHERE seatplan_id = $1),
            r AS (SELECT id, substr(identifier, 3)::int - $2 AS k FROM reservation WHERE identifier BETWEEN 'PF' || lpad($3::text, 10, '0') AND 'PF' || lpad($4::text, 10, '0'))
       INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot, service_charge_agorot, created_at)
       SELECT r.id, 'P' || r.id || '-' || s.n, $5, s.section_id, s.x, s.y, $6, $7, 0, now() - make_interval(days => 30)
         FROM r CROSS JOIN generate_series(1, 2) AS j JOIN s ON s.n = 2 * r.k + j`,
      [stadium.seatplanId, from, from, to, pid, ticketId, price],
    );
    await db.query(
      `INSERT INTO payment (reservation_id, cart_identifier, provider, method, provider_reference, amount_agorot, status, idempotency_key, created_at)
       SELECT id, cart_identifier, 'sandbox', 'card', 'sbx_ch_pf' || id, total_agorot, 'approved', cart_identifier || ':pf', created_at
         FROM reservation WHERE identifier BETWEEN 'PF' || lpad($1::text, 10, '0') AND 'PF' || lpad($2::text, 10, '0')`,
      [from, to],
    );
    // Each card payment's charge, as the commit leaves it (docs/decisions/015-one-money-attempt.md): the commit's
    // attempt indexes (key, provider key, one charging per cart) are as full as the ledger.
    await db.query(
      `INSERT INTO money_attempt (kind, subject_kind, subject_id, channel, method, amount_agorot, provider, provider_key,
                                  provider_reference, idempotency_key, fingerprint, state, payment_id, created_at, updated_at)
       SELECT 'charge', 'cart', p.cart_identifier, 'online', 'card', p.amount_agorot, p.provider, p.idempotency_key,
              p.provider_reference, p.idempotency_key, 'cart:' || p.cart_identifier, 'approved', p.id, p.created_at, p.created_at
         FROM payment p JOIN reservation r ON r.id = p.reservation_id
        WHERE r.identifier BETWEEN 'PF' || lpad($1::text, 10, '0') AND 'PF' || lpad($2::text, 10, '0')`,
      [from, to],
    );
    await db.query(
      `INSERT INTO cart (cart_identifier, res_id, visitor_id, cart, status, reservation_id, result, created_at)
       SELECT cart_identifier::uuid, 'pf' || id, visitor_id, '{"seats":[]}', 'paid', id, '{}', created_at
         FROM reservation WHERE identifier BETWEEN 'PF' || lpad($1::text, 10, '0') AND 'PF' || lpad($2::text, 10, '0')`,
      [from, to],
    );
    await db.query('COMMIT');
  }
  await db.query('ANALYZE');
  const counts = (
    await db.query(`SELECT (SELECT count(*) FROM reservation) AS r, (SELECT count(*) FROM reservation_ticket) AS t,
                                         (SELECT count(*) FROM payment) AS p, (SELECT count(*) FROM cart) AS c`)
  ).rows[0];
  log(
    `pre-filled ${counts.r} reservations, ${counts.t} tickets, ${counts.p} payments, ${counts.c} carts in ${((Date.now() - started) / 1000).toFixed(1)} s, ANALYZEd`,
  );
  return counts;
}

async function main() {
  buildServer();
  const svc = await startServices('bench-commit', {
    pgSettings: STATEMENTS ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'] : [],
  });
  let server;
  const db = new Pool({ connectionString: svc.databaseUrl, max: CONCURRENCY });
  try {
    log('starting the real server (migrations + demo seed incl. the 100,000-seat stadium)…');
    server = await startServer({
      DATABASE_URL: svc.databaseUrl,
      REDIS_URL: svc.redisUrl,
      SEED_STADIUM: 'true',
      ALTCHA_MAX_NUMBER: '100',
      ...(process.env.BENCH_OUTBOX_POLL_MS ? { OUTBOX_POLL_MS: process.env.BENCH_OUTBOX_POLL_MS } : {}),
    });
    if (STATEMENTS) await db.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const redis = STATEMENTS ? new (require('ioredis'))(svc.redisUrl) : null;
    const stadiumRow = (
      await db.query(
        `SELECT p.id, p.venue_id, p.seatplan_id FROM presentation p JOIN venue v ON v.id = p.venue_id
        WHERE v.code LIKE 'stadium%' ORDER BY p.date_time LIMIT 1`,
      )
    ).rows[0];
    const stadium = { id: stadiumRow.id, venueId: stadiumRow.venue_id, seatplanId: stadiumRow.seatplan_id };
    const v0 = randomUUID();
    const plan = (
      await request(
        server.url,
        'GET',
        `/api/seats/seatplan?venueId=${stadium.venueId}&seatplanId=${stadium.seatplanId}`,
        { headers: { uuid: v0 } },
      )
    ).body.seatplan;
    const groups = (
      await request(server.url, 'GET', `/api/presentations/${stadium.id}/ticketGroups`, { headers: { uuid: v0 } })
    ).body.ticketGroups;
    const groupOfZone = new Map(groups.map((g) => [g.zoneId, g]));
    const seats = plan.sections
      .filter((s) => s.IsReserved)
      .flatMap((s) => s.groups.flatMap((g) => g.rows.flatMap((r) => r.seats)))
      .filter((s) => s.features.length === 0 && groupOfZone.get(s.TicketGroupId)?.tickets.length);
    const needed = (ROUNDS * COMMITS + 200) * SEATS_PER_ORDER;
    if (seats.length < needed) throw new Error(`the stadium has ${seats.length} plain seats; ${needed} needed`);
    log(`stadium presentation ${stadium.id}: ${seats.length} plain seats`);

    const firstTicket = groups[0].tickets[0];
    const history = await prefill(db, stadium, firstTicket.id, Math.round(firstTicket.price * 100));
    const baselinePresentation = await copyPresentation(db, stadium.id, 1);
    const baselineSeats = (
      await db.query('SELECT section_id, x, y FROM seat WHERE seatplan_id = $1 ORDER BY id', [stadium.seatplanId])
    ).rows;

    let nextSeat = 0;
    const agent = agentFor(CONCURRENCY);
    /** Buyers who hold their seats and a card authorisation, with the commit body ready. */
    async function prepareBuyers(n) {
      const visitors = Array.from({ length: n }, () => randomUUID());
      const chunks = [];
      for (let i = 0; i < n; i += 100) chunks.push(visitors.slice(i, i + 100));
      const tokens = new Map();
      await pool(chunks, 10, async (chunk) => {
        for (const [v, tk] of await solveTokens(server.url, chunk)) tokens.set(v, tk);
      });
      return pool(visitors, CONCURRENCY, async (visitor) => {
        const headers = { uuid: visitor };
        const token = tokens.get(visitor);
        const mine = seats.slice(nextSeat, nextSeat + SEATS_PER_ORDER);
        nextSeat += SEATS_PER_ORDER;
        for (const s of mine) {
          const r = await request(server.url, 'PUT', '/api/seats/lock-seat', {
            headers,
            agent,
            body: {
              recaptchaToken: token,
              seat: {
                PresentationId: stadium.id,
                VenueId: stadium.venueId,
                VenueSeatplanId: stadium.seatplanId,
                VenueSectionId: s.VenueSectionId,
                TicketGroupId: 0,
                XCoordinate: s.XCoordinate,
                YCoordinate: s.YCoordinate,
              },
            },
          });
          if (r.status !== 200) throw new Error(`lock failed: ${r.status} ${JSON.stringify(r.body)}`);
        }
        const form = await request(
          server.url,
          'GET',
          `/api/payment/form/he?recaptchaToken=${encodeURIComponent(token)}&total=5000`,
          { headers, agent },
        );
        const page = await new Promise((resolve, reject) => {
          const body = new URLSearchParams({
            cardNumber: '4580000000000000',
            expiry: '12/39',
            cvv: '123',
            holderId: '000000018',
            instalments: '1',
          }).toString();
          const url = new URL(form.body.paymentFormURL, server.url);
          const req = require('node:http').request(
            {
              host: url.hostname,
              port: url.port,
              path: url.pathname + url.search,
              method: 'POST',
              agent,
              headers: {
                ...headers,
                'content-type': 'application/x-www-form-urlencoded',
                'content-length': Buffer.byteLength(body),
              },
            },
            (res) => {
              let text = '';
              res.on('data', (c) => {
                text += c;
              });
              res.on('end', () => resolve(text));
            },
          );
          req.on('error', reject);
          req.end(body);
        });
        const paymentIdentifier = /"paymentIdentifier":"([^"]+)"/.exec(page)?.[1];
        if (!paymentIdentifier) throw new Error('card page gave no authorisation');
        const cartSeats = mine.map((s) => {
          const g = groupOfZone.get(s.TicketGroupId);
          const t = g.tickets[0];
          return {
            prsntId: stadium.id,
            ticketGroupId: g.id,
            sectionId: s.VenueSectionId,
            ticketId: t.id,
            amount: t.price,
            serviceCharge: t.serviceCharge,
            XCoordinate: s.XCoordinate,
            YCoordinate: s.YCoordinate,
          };
        });
        const total =
          cartSeats.reduce((a, s) => a + Math.round(s.amount * 100) + Math.round(s.serviceCharge * 100), 0) / 100;
        return {
          headers,
          body: {
            recaptchaToken: token,
            cart: {
              seats: cartSeats,
              customerInfo: CUSTOMER,
              numberOfPayments: 1,
              total,
              cartIdentifier: randomUUID(),
              paymentIdentifier,
            },
          },
        };
      });
    }

    const commitOnce = async (buyer) => {
      const r = await request(server.url, 'POST', '/api/payment/commit', {
        headers: buyer.headers,
        body: buyer.body,
        agent,
      });
      return r.status === 201 ? { ok: true } : { ok: false, error: `${r.status} ${r.body?.error}` };
    };
    let nextBaseline = 0;
    const baselineOnce = async () => {
      const k = nextBaseline++;
      const mine = baselineSeats.slice(k * SEATS_PER_ORDER, (k + 1) * SEATS_PER_ORDER);
      const client = await db.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query(
          `INSERT INTO reservation (identifier, cart_identifier, document_key, visitor_id, state, customer, locale, total_agorot)
           VALUES ($1, $2, $3, $4, 'paid', $5, 'he', $6) RETURNING id`,
          [
            `BL${String(k).padStart(10, '0')}`,
            randomUUID(),
            randomUUID() + randomUUID(),
            randomUUID(),
            JSON.stringify(CUSTOMER),
            9000,
          ],
        );
        await client.query(
          `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot, service_charge_agorot)
           SELECT $1, t.identifier, $2, t.sid, t.x, t.y, $3, 4200, 300 FROM unnest($4::text[], $5::int[], $6::int[], $7::int[]) AS t(identifier, sid, x, y)`,
          [
            rows[0].id,
            baselinePresentation,
            firstTicket.id,
            mine.map((_, i) => `B${k}-${i}`),
            mine.map((s) => s.section_id),
            mine.map((s) => s.x),
            mine.map((s) => s.y),
          ],
        );
        await client.query('COMMIT');
        return { ok: true };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        return { ok: false, error: String(error.code ?? error.message) };
      } finally {
        client.release();
      }
    };

    log('warm-up (200 commits each side)…');
    await timed('warm-up ours', await prepareBuyers(200), commitOnce);
    await timed('warm-up baseline', Array.from({ length: 200 }), baselineOnce);

    const oursRuns = [];
    const baseRuns = [];
    const load = [os.loadavg()[0]];
    for (let round = 1; round <= ROUNDS; round++) {
      const buyers = await prepareBuyers(COMMITS);
      if (STATEMENTS) await db.query('SELECT pg_stat_statements_reset()');
      const redis0 = STATEMENTS ? await redisCommands(redis) : null;
      const cpu0 = cpuMsOf(server.pid);
      const pgCpu0 = cpuMsOfTree(svc.pgPid);
      const redisCpu0 = cpuMsOf(svc.redisPid);
      const busy = sampleBusyConnections(db);
      const started = Date.now();
      const ours = await timed(`round ${round} ours (${COMMITS} commits)`, buyers, commitOnce);
      const seconds = (Date.now() - started) / 1000;
      ours.serverCpuMsPerCommit = (cpuMsOf(server.pid) - cpu0) / COMMITS;
      // The sampler's own queries are PostgreSQL work too; at one every 20 ms they are noise beside the commits.
      ours.pgCpuMsPerCommit = (cpuMsOfTree(svc.pgPid) - pgCpu0) / COMMITS;
      ours.redisCpuMsPerCommit = (cpuMsOf(svc.redisPid) - redisCpu0) / COMMITS;
      // Little's law: mean connections busy = commits/s x connection time per commit.
      ours.busyConnections = await busy.stop();
      ours.connectionMsPerCommit = (ours.busyConnections * seconds * 1000) / COMMITS;
      // BEGIN and COMMIT are statements (round trips) of their own in the count.
      if (STATEMENTS) {
        ours.statementsPerCommit = await statementsSince(db, COMMITS);
        const redis1 = await redisCommands(redis);
        const calls = [...redis1].map(([name, n]) => [name, n - (redis0.get(name) ?? 0)]).filter(([, n]) => n > 0);
        ours.redisCommandsPerCommit = calls.reduce((a, [, n]) => a + n, 0) / COMMITS;
        log(
          `Redis commands per commit: ${ours.redisCommandsPerCommit.toFixed(2)} (${calls.map(([name, n]) => `${name} ${(n / COMMITS).toFixed(2)}`).join(', ')})`,
        );
      }
      // The outbox dispatcher sends the round's confirmations after it (one development-sender insert per message;
      // it falls behind at these rates): let it finish before the baseline, whose rounds and PostgreSQL CPU it would
      // otherwise share. Its CPU is logged apart, not in the columns (which are the commit's round, as before).
      const drainCpu0 = cpuMsOf(server.pid);
      const drainPgCpu0 = cpuMsOfTree(svc.pgPid);
      const drainStarted = Date.now();
      let pending = 0;
      for (;;) {
        pending = (
          await db.query(`SELECT count(*)::int AS n FROM notification_outbox WHERE status IN ('pending', 'sending')`)
        ).rows[0].n;
        if (pending === 0 || Date.now() - drainStarted > 120_000) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      log(
        `round ${round}: the confirmations left unsent when it ended were sent in ${((Date.now() - drainStarted) / 1000).toFixed(1)} s${pending ? ` (${pending} still pending)` : ''}; meanwhile server ${((cpuMsOf(server.pid) - drainCpu0) / COMMITS).toFixed(2)} ms, PostgreSQL ${((cpuMsOfTree(svc.pgPid) - drainPgCpu0) / COMMITS).toFixed(2)} ms CPU per commit`,
      );
      oursRuns.push(ours);
      const basePgCpu0 = cpuMsOfTree(svc.pgPid);
      const base = await timed(
        `round ${round} baseline (${COMMITS} inserts)`,
        Array.from({ length: COMMITS }),
        baselineOnce,
      );
      // PostgreSQL's own CPU per baseline order beside the commit's (the server idles meanwhile, its loops aside).
      base.pgCpuMsPerCommit = (cpuMsOfTree(svc.pgPid) - basePgCpu0) / COMMITS;
      baseRuns.push(base);
      load.push(os.loadavg()[0]);
    }

    const doubles = Number(
      (
        await db.query(
          `SELECT count(*) FROM (SELECT 1 FROM reservation_ticket WHERE status = 'live' GROUP BY presentation_id, section_id, x, y HAVING count(*) > 1) d`,
        )
      ).rows[0].count,
    );
    const sold = Number((await db.query("SELECT count(*) FROM reservation WHERE identifier LIKE 'HL%'")).rows[0].count);
    const m = (runs, key) => median(runs.map((r) => r[key]));
    const ratio = m(oursRuns, 'perSecond') / m(baseRuns, 'perSecond');
    const failures = oursRuns.reduce((a, r) => a + r.failures, 0);
    const met = (ok) => (ok ? 'met' : 'NOT met');
    const lines = [
      `commit.bench.mjs: ${CONCURRENCY} concurrent buyers (keep-alive), ${ROUNDS} rounds x ${COMMITS} commits each side, ${SEATS_PER_ORDER} seats per order on the stadium (presentation ${stadium.id}); every buyer locked its seats and authorised a card on the sandbox page before the clock starts; medians over rounds. Database pre-filled with ${history.r} reservations / ${history.t} tickets / ${history.p} payments / ${history.c} carts, ANALYZEd. Server: one node process, NODE_ENV=production, outbox dispatcher on.`,
      '',
      '| path | orders/s | p50 ms | p99 ms | failed | server CPU ms/commit | PostgreSQL CPU ms/commit | Redis CPU ms/commit | connections busy (mean) / connection ms per commit |',
      '|---|---|---|---|---|---|---|---|---|',
      `| POST /api/payment/commit (full path, sandbox approves at once) | ${m(oursRuns, 'perSecond').toFixed(0)} | ${m(oursRuns, 'p50').toFixed(2)} | ${m(oursRuns, 'p99').toFixed(2)} | ${failures} | ${m(oursRuns, 'serverCpuMsPerCommit').toFixed(2)} | ${m(oursRuns, 'pgCpuMsPerCommit').toFixed(2)} | ${m(oursRuns, 'redisCpuMsPerCommit').toFixed(3)} | ${m(oursRuns, 'busyConnections').toFixed(1)} / ${m(oursRuns, 'connectionMsPerCommit').toFixed(1)} |`,
      `| baseline: plain pg, BEGIN + INSERT reservation + INSERT 2 tickets + COMMIT | ${m(baseRuns, 'perSecond').toFixed(0)} | ${m(baseRuns, 'p50').toFixed(2)} | ${m(baseRuns, 'p99').toFixed(2)} | ${baseRuns.reduce((a, r) => a + r.failures, 0)} | - | ${m(baseRuns, 'pgCpuMsPerCommit').toFixed(2)} | - | - |`,
      '',
      `PostgreSQL CPU = the postmaster and all its backends (/proc). Connection ms per commit = mean busy connections of the server's pool (pg_stat_activity sampled every 20 ms, state not idle) x round time / commits: what one commit holds of a connection at this concurrency, queueing for locks inside PostgreSQL included (the pool has 20 connections for ${CONCURRENCY} buyers, so the busy mean is capped at 20).`,
      `Ratio (commit / baseline throughput): ${(ratio * 100).toFixed(1)} %. Targets: >= 1,000 commits/s ${met(m(oursRuns, 'perSecond') >= 1000)}; p99 < 100 ms ${met(m(oursRuns, 'p99') < 100)}; zero double sales ${met(doubles === 0)} (${doubles} seats with more than one live ticket; ${sold} orders sold through the API).`,
      ...(STATEMENTS
        ? [
            `Round trips per commit (--statements: pg_stat_statements loaded, its cost in the CPU figures): PostgreSQL statements sent ${oursRuns.map((r) => r.statementsPerCommit.toFixed(2)).join(', ')}, Redis commands ${oursRuns.map((r) => r.redisCommandsPerCommit.toFixed(2)).join(', ')} per round.`,
          ]
        : []),
      `Per-round commits/s: ${oursRuns.map((r) => r.perSecond.toFixed(0)).join(', ')}; baseline: ${baseRuns.map((r) => r.perSecond.toFixed(0)).join(', ')}.`,
      `1-minute load average during the rounds: ${load.map((l) => l.toFixed(1)).join(', ')} on ${os.cpus().length} cores (PostgreSQL, Redis, the server and this load generator share them${Math.max(...load) > os.cpus().length + 1 ? ', and other workloads were running' : ''}).`,
    ];
    appendResults('Commit path', lines);
    redis?.disconnect();
  } finally {
    await db.end().catch(() => undefined);
    await server?.stop();
    await svc.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  },
);
