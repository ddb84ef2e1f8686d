// customer-login.bench.mjs - the customer login and cancellation paths, each against a baseline
// measured in the same run on the same server:
//  1. SMS-code login: POST /api/customer-area/mobile-login (ALTCHA verify, limits, HMAC, challenge
//     row, outbox + development sender) and POST /api/customer-area/mobile-login-validation
//     (limits, row lock, HMAC compare, session, customerAreaInfo), 50 concurrent clients, p50/p99;
//     baseline: GET /api/health through the same stack.
//  2. Brute force through the limiter: how many code guesses actually reach a code check
//     per number and per address in a burst (a minute's budget), with the deployment's limits
//     versus the same burst with the limits lifted.
//  1b. Password login (POST /api/customer/login, behind CUSTOMER_PASSWORD_LOGIN): argon2id verify per call,
//     right and wrong passwords, same concurrency and baseline.
//  3. Cancel-and-resell: a customer buys a seat (lock, card page, commit), cancels it, and a second
//     buyer locks it; baseline: lock, unlock and relock of the same seat without any money.
//   node load-tests/customer-login.bench.mjs [--rounds=3] [--logins=300] [--cycles=30]
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  appendResults,
  log,
  median,
  percentile,
  require,
  ROOT,
  solveTokens,
  startServer,
  startServices,
} from './lib/stack.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROUNDS = arg('rounds', 3);
const LOGINS = arg('logins', 300);
const CYCLES = arg('cycles', 30);
const CONCURRENCY = 50;
const { Pool } = require('pg');
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One HTTP call; answers status, parsed body, set-cookie pairs and the time taken. */
function call(base, method, pathName, { headers = {}, body, form } = {}) {
  const url = new URL(pathName, base);
  const payload = form ? new URLSearchParams(form).toString() : body === undefined ? undefined : JSON.stringify(body);
  const type = form ? 'application/x-www-form-urlencoded' : 'application/json';
  const t0 = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent,
        headers: {
          ...headers,
          ...(payload ? { 'content-type': type, 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* html or empty */
          }
          const cookies = Object.fromEntries(
            (res.headers['set-cookie'] ?? [])
              .map((c) => c.split(';')[0].split('='))
              .map(([k, ...v]) => [k, v.join('=')]),
          );
          resolve({ status: res.statusCode, body: parsed, cookies, ms: Number(process.hrtime.bigint() - t0) / 1e6 });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

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

/** Runs ops with 50 workers; answers per-second, p50, p99 and failures (an op answers true when it succeeded). */
async function timed(label, items, fn) {
  const ms = [];
  let failures = 0;
  const t0 = process.hrtime.bigint();
  await pool(items, CONCURRENCY, async (item, i) => {
    const s = process.hrtime.bigint();
    const ok = await fn(item, i);
    if (ok) ms.push(Number(process.hrtime.bigint() - s) / 1e6);
    else failures++;
  });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  ms.sort((a, b) => a - b);
  const r = { label, perSecond: ms.length / seconds, p50: percentile(ms, 50), p99: percentile(ms, 99), failures };
  log(
    `${label}: ${r.perSecond.toFixed(0)}/s p50 ${r.p50.toFixed(1)} ms p99 ${r.p99.toFixed(1)} ms failures ${failures}`,
  );
  return r;
}

let ipCounter = 0;
const freshIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

async function codesFor(db, mobiles) {
  const want = new Set(mobiles);
  for (let i = 0; i < 400; i++) {
    const { rows } = await db.query(
      `SELECT DISTINCT ON (recipient) recipient, body FROM sent_message WHERE recipient = ANY($1) ORDER BY recipient, id DESC`,
      [[...want]],
    );
    if (rows.length === want.size) return new Map(rows.map((r) => [r.recipient, /(\d{6})/.exec(r.body)[1]]));
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('login codes did not arrive');
}

/** Password logins: every call pays one argon2id verification (19 MiB, 2 passes), right password or wrong. */
async function passwordLogins(base, db, visitors, tokens) {
  const { hashPassword } = require(path.join(ROOT, 'server', 'dist', 'customers', 'password-login.service.js'));
  const hash = await hashPassword('bench-password-1');
  await db.query(
    `INSERT INTO customer (mobile, email, first_name, password_hash)
     SELECT '0527' || lpad(g::text, 6, '0'), 'pw' || g || '@bench.example', 'Bench', $2 FROM generate_series(0, $1 - 1) g`,
    [LOGINS, hash],
  );
  const emails = Array.from({ length: LOGINS }, (_, i) => `pw${i}@bench.example`);
  const attempt = (password, expected) => async (email, i) => {
    const v = visitors[i % visitors.length];
    const r = await call(base, 'POST', '/api/customer/login', {
      headers: { uuid: v, 'x-forwarded-for': freshIp() },
      body: { email, password, recaptchaToken: tokens.get(v) },
    });
    return r.status === expected;
  };
  const right = await timed('POST /api/customer/login (right password)', emails, attempt('bench-password-1', 200));
  const wrong = await timed('POST /api/customer/login (wrong password)', emails, attempt('not-the-password', 401));
  return { right, wrong };
}

async function loginRound(base, db, visitors, tokens, round) {
  const mobiles = Array.from({ length: LOGINS }, (_, i) => `052${String(round * 100_000 + i).padStart(7, '0')}`);
  const pending = new Map();
  const requestCodes = await timed(`round ${round} mobile-login`, mobiles, async (mobile, i) => {
    const v = visitors[i % visitors.length];
    const r = await call(base, 'POST', '/api/customer-area/mobile-login', {
      headers: { uuid: v, 'x-forwarded-for': freshIp() },
      body: { mobileNumber: mobile, recaptchaToken: tokens.get(v) },
    });
    if (r.status === 200) pending.set(mobile, r.cookies.customer_login);
    return r.status === 200;
  });
  const codes = await codesFor(db, mobiles);
  const verify = await timed(`round ${round} mobile-login-validation`, mobiles, async (mobile) => {
    const r = await call(base, 'POST', '/api/customer-area/mobile-login-validation', {
      headers: { uuid: randomUUID(), cookie: `customer_login=${pending.get(mobile)}`, 'x-forwarded-for': freshIp() },
      body: { smsCode: codes.get(mobile) },
    });
    return r.status === 200;
  });
  const baseline = await timed(`round ${round} baseline GET /api/health`, mobiles, async () => {
    const r = await call(base, 'GET', '/api/health', { headers: { uuid: randomUUID() } });
    return r.status === 200;
  });
  return { requestCodes, verify, baseline };
}

/** A burst of guesses; answers how many reached a code check (INVALID_SMS_CODE), how many were locked out or limited. */
async function burst(base, db, tokens, visitor, scenario, guesses) {
  const tally = { checked: 0, codeDead: 0, limited: 0, other: 0, codesSent: 0 };
  const ask = async (mobile) => {
    const r = await call(base, 'POST', '/api/customer-area/mobile-login', {
      headers: { uuid: visitor, 'x-forwarded-for': freshIp() },
      body: { mobileNumber: mobile, recaptchaToken: tokens.get(visitor) },
    });
    if (r.status === 200) tally.codesSent++;
    return r.status === 200 ? r.cookies.customer_login : null;
  };
  const count = (r) => {
    if (r.status === 401 && r.body.error === 'INVALID_SMS_CODE') tally.checked++;
    else if (r.status === 401) tally.codeDead++;
    else if (r.status === 429) tally.limited++;
    else tally.other++;
  };
  const guess = (cookie, ip) =>
    call(base, 'POST', '/api/customer-area/mobile-login-validation', {
      headers: { uuid: visitor, cookie: `customer_login=${cookie}`, 'x-forwarded-for': ip },
      body: { smsCode: String(Math.floor(Math.random() * 1e6)).padStart(6, '0') },
    });
  const t0 = Date.now();
  if (scenario === 'one number, one address') {
    const cookie = await ask('0529999001');
    const ip = freshIp();
    await pool(Array.from({ length: guesses }), CONCURRENCY, async () => count(await guess(cookie, ip)));
  } else if (scenario === 'one number, a new address per guess, new code when locked') {
    let cookie = await ask('0529999002');
    for (let i = 0; i < guesses; i++) {
      if (!cookie) break;
      const r = await guess(cookie, freshIp());
      count(r);
      if (r.status === 401 && r.body.error === 'SMS_CODE_EXPIRED') cookie = await ask('0529999002');
      if (r.status === 429) cookie = (await ask('0529999002')) ?? cookie;
      if (tally.limited > 50) break;
    }
  } else {
    const mobiles = Array.from({ length: 100 }, (_, i) => `0529998${String(i).padStart(3, '0')}`);
    const cookies = (await pool(mobiles, CONCURRENCY, ask)).filter(Boolean);
    const ip = freshIp();
    await pool(Array.from({ length: guesses }), CONCURRENCY, async (_, i) =>
      count(await guess(cookies[i % cookies.length], ip)),
    );
  }
  return { scenario, ...tally, seconds: (Date.now() - t0) / 1000 };
}

async function main() {
  log('compiling shared, seatmaps, server…');
  const build = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'shared', 'seatmaps', 'server'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('build failed');
  const services = await startServices('customer-login');
  const db = new Pool({ connectionString: services.databaseUrl, max: 4 });
  const common = { DATABASE_URL: services.databaseUrl, REDIS_URL: services.redisUrl, OUTBOX_POLL_MS: '1000' };
  const lifted = {
    CUSTOMER_OTP_SENDS_PER_MOBILE_HOUR: '10000',
    CUSTOMER_OTP_SENDS_PER_IP_HOUR: '100000',
    CUSTOMER_OTP_GUESSES_PER_MOBILE_HOUR: '10000',
    CUSTOMER_OTP_GUESSES_PER_IP_10MIN: '100000',
    CUSTOMER_PASSWORD_LOGIN: 'true',
  };
  let server = await startServer({ ...common, ...lifted, REDIS_PREFIX: 'open:' }, 'server (limits lifted)');
  const loadAt = [];
  try {
    for (let r = 0; r < ROUNDS; r++) {
      await db.query(
        `INSERT INTO customer (mobile, first_name, last_name) SELECT '052' || lpad((${r * 100_000} + g)::text, 7, '0'), 'Bench', 'User' FROM generate_series(0, $1 - 1) g`,
        [LOGINS],
      );
    }
    await db.query(
      `INSERT INTO customer (mobile) SELECT m FROM unnest(ARRAY['0529999001','0529999002']) m UNION ALL SELECT '0529998' || lpad(g::text, 3, '0') FROM generate_series(0, 99) g`,
    );
    const visitors = Array.from({ length: CONCURRENCY }, () => randomUUID());
    const tokens = await solveTokens(server.url, visitors);
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) {
      loadAt.push(os.loadavg()[0]);
      rounds.push(await loginRound(server.url, db, visitors, tokens, r));
    }
    const passwords = await passwordLogins(server.url, db, visitors, tokens);
    const attacker = randomUUID();
    const attackerTokens = await solveTokens(server.url, [attacker]);
    const openBursts = [];
    for (const s of [
      'one number, one address',
      'one number, a new address per guess, new code when locked',
      'one address, 100 numbers',
    ]) {
      openBursts.push(await burst(server.url, db, attackerTokens, attacker, s, 300));
    }
    const cycles = await cancelCycles(server.url, db);
    await server.stop();

    // The same bursts against the deployment's limits (fresh Redis prefix: counters start at zero).
    server = await startServer({ ...common, REDIS_PREFIX: 'limited:' }, 'server (deployment limits)');
    const attacker2 = randomUUID();
    const tokens2 = await solveTokens(server.url, [attacker2]);
    await db.query(`DELETE FROM customer_otp WHERE mobile LIKE '052999%'`);
    const limitedBursts = [];
    for (const s of [
      'one number, one address',
      'one number, a new address per guess, new code when locked',
      'one address, 100 numbers',
    ]) {
      limitedBursts.push(await burst(server.url, db, tokens2, attacker2, s, 300));
    }
    loadAt.push(os.loadavg()[0]);
    report(rounds, passwords, openBursts, limitedBursts, cycles, loadAt);
  } finally {
    await server.stop().catch(() => undefined);
    await db.end();
    await services.stop();
  }
}

async function cancelCycles(base, db) {
  const { rows } = await db.query(
    `SELECT p.id, p.venue_id AS "venueId", p.seatplan_id AS "seatplanId" FROM presentation p
      WHERE p.seatplan_id = (SELECT seatplan_id FROM presentation WHERE id = 1) AND p.date_time > now() + interval '2 days'
      ORDER BY p.id DESC LIMIT 1`,
  );
  const show = rows[0];
  await db.query(
    `INSERT INTO presentation_cancellation_policy (presentation_id, customer_may_cancel, min_minutes_before_event, charge_type, charge_value)
     VALUES ($1, true, 60, 'percent', 10) ON CONFLICT (presentation_id) DO UPDATE SET customer_may_cancel = true`,
    [show.id],
  );
  const seats = (
    await db.query(
      `SELECT s.section_id AS "sectionId", s.x, s.y, tg.id AS "groupId", t.id AS "ticketId", t.price, t.service_charge AS "sc"
         FROM seat s JOIN ticket_group tg ON tg.presentation_id = $1 AND tg.zone_id = s.zone_id
         JOIN LATERAL (SELECT id, price, service_charge FROM ticket WHERE ticket_group_id = tg.id AND code IS NULL
                        AND multiply_factor = 1 AND NOT is_voucher ORDER BY sort_order, id LIMIT 1) t ON true
        WHERE s.seatplan_id = $2 AND cardinality(s.features) = 0 AND s.together_id IS NULL
        ORDER BY s.section_id, s.y, s.x LIMIT 1`,
      [show.id, show.seatplanId],
    )
  ).rows;
  const seat = seats[0];
  const mobile = '0529997000';
  await db.query(`INSERT INTO customer (mobile, first_name, last_name) VALUES ($1, 'Cycle', 'Buyer')`, [mobile]);
  const me = randomUUID();
  const rival = randomUUID();
  const tokens = await solveTokens(base, [me, rival]);
  const asked = await call(base, 'POST', '/api/customer-area/mobile-login', {
    headers: { uuid: me },
    body: { mobileNumber: mobile, recaptchaToken: tokens.get(me) },
  });
  const code = (await codesFor(db, [mobile])).get(mobile);
  const login = await call(base, 'POST', '/api/customer-area/mobile-login-validation', {
    headers: { uuid: me, cookie: `customer_login=${asked.cookies.customer_login}` },
    body: { smsCode: code },
  });
  const session = `customer_session=${login.cookies.customer_session}`;
  const lockBody = (token) => ({
    recaptchaToken: token,
    seat: {
      PresentationId: show.id,
      VenueId: show.venueId,
      VenueSeatplanId: show.seatplanId,
      VenueSectionId: seat.sectionId,
      TicketGroupId: 0,
      XCoordinate: seat.x,
      YCoordinate: seat.y,
    },
  });
  const lock = (v) =>
    call(base, 'PUT', '/api/seats/lock-seat', { headers: { uuid: v }, body: lockBody(tokens.get(v)) });
  const unlock = (v) =>
    call(base, 'PUT', '/api/seats/unlock-seat', { headers: { uuid: v }, body: lockBody(tokens.get(v)) });
  const total = (seat.price + seat.sc) / 100;
  const cartSeat = {
    prsntId: show.id,
    ticketGroupId: seat.groupId,
    venueId: show.venueId,
    seatplanId: show.seatplanId,
    sectionId: seat.sectionId,
    ticketId: seat.ticketId,
    amount: seat.price / 100,
    serviceCharge: seat.sc / 100,
    XCoordinate: seat.x,
    YCoordinate: seat.y,
  };
  const customerInfo = {
    firstName: 'Cycle',
    lastName: 'Buyer',
    email: 'cycle@example.com',
    mobileNumber: mobile,
    verifyMobileNumber: mobile,
    termsAccepted: true,
  };
  const buy = [];
  const cancel = [];
  const resellable = [];
  const cycle = [];
  const baseline = [];
  for (let i = 0; i < CYCLES; i++) {
    const t0 = performance.now();
    if ((await lock(me)).status !== 200) throw new Error('cycle lock refused');
    const saved = await call(base, 'POST', '/api/cart', {
      headers: { uuid: me },
      body: { cart: { seats: [cartSeat], customerInfo }, uuid: me },
    });
    const form = await call(
      base,
      'GET',
      `/api/payment/form/he?recaptchaToken=${encodeURIComponent(tokens.get(me))}&total=${total.toFixed(2)}`,
      { headers: { uuid: me } },
    );
    const page = await call(base, 'POST', form.body.paymentFormURL, {
      headers: { uuid: me },
      form: { cardNumber: '4580 0000 0000 0000', expiry: '12/39', cvv: '123', holderId: '000000018', instalments: '1' },
    });
    const paymentIdentifier = /"paymentIdentifier":"([^"]+)"/.exec(page.body)[1];
    const committed = await call(base, 'POST', '/api/payment/commit', {
      headers: { uuid: me, cookie: session },
      body: {
        cart: {
          seats: [cartSeat],
          customerInfo,
          cartIdentifier: saved.body.cartIdentifier,
          paymentIdentifier,
          numberOfPayments: 1,
          total,
        },
        recaptchaToken: tokens.get(me),
      },
    });
    if (committed.status !== 201) throw new Error(`commit ${committed.status} ${JSON.stringify(committed.body)}`);
    const t1 = performance.now();
    const c = await call(base, 'POST', `/api/reservations/${committed.body.reservationIdentifier}/cancel`, {
      headers: { uuid: me, cookie: session },
      body: {},
    });
    if (c.status !== 200) throw new Error(`cancel ${c.status} ${JSON.stringify(c.body)}`);
    const t2 = performance.now();
    if ((await lock(rival)).status !== 200) throw new Error('the cancelled seat is not back on sale');
    const t3 = performance.now();
    await unlock(rival);
    buy.push(t1 - t0);
    cancel.push(t2 - t1);
    resellable.push(t3 - t1);
    cycle.push(t3 - t0);
    // Baseline: the seat back on sale without money: lock, unlock, relock by another visitor.
    const b0 = performance.now();
    await lock(me);
    await unlock(me);
    await lock(rival);
    baseline.push(performance.now() - b0);
    await unlock(rival);
  }
  const refunds = (await db.query(`SELECT count(*)::int AS n FROM sandbox_refund`)).rows[0].n;
  const stat = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return { p50: percentile(s, 50), p99: percentile(s, 99) };
  };
  return {
    n: CYCLES,
    refunds,
    buy: stat(buy),
    cancel: stat(cancel),
    resellable: stat(resellable),
    cycle: stat(cycle),
    baseline: stat(baseline),
  };
}

function report(rounds, passwords, openBursts, limitedBursts, cycles, loadAt) {
  const med = (pick) => median(rounds.map(pick));
  const f = (n) => n.toFixed(1);
  const lines = [
    `customer-login.bench.mjs: ${ROUNDS} rounds x ${LOGINS} logins, ${CONCURRENCY} concurrent clients (keep-alive), one server process (NODE_ENV=production, limits lifted for the throughput part); medians over rounds. Each login: its own ALTCHA-verified visitor, a fresh client address, a real customer row; codes read from the development sender's table.`,
    '',
    '| path | per s | p50 ms | p99 ms | failed |',
    '|---|---|---|---|---|',
    `| POST /api/customer-area/mobile-login (code sent) | ${med((r) => r.requestCodes.perSecond).toFixed(0)} | ${f(med((r) => r.requestCodes.p50))} | ${f(med((r) => r.requestCodes.p99))} | ${rounds.reduce((s, r) => s + r.requestCodes.failures, 0)} |`,
    `| POST /api/customer-area/mobile-login-validation (login) | ${med((r) => r.verify.perSecond).toFixed(0)} | ${f(med((r) => r.verify.p50))} | ${f(med((r) => r.verify.p99))} | ${rounds.reduce((s, r) => s + r.verify.failures, 0)} |`,
    `| baseline: GET /api/health, same stack | ${med((r) => r.baseline.perSecond).toFixed(0)} | ${f(med((r) => r.baseline.p50))} | ${f(med((r) => r.baseline.p99))} | ${rounds.reduce((s, r) => s + r.baseline.failures, 0)} |`,
    `| POST /api/customer/login, right password (argon2id verify; ${LOGINS} logins, once) | ${passwords.right.perSecond.toFixed(0)} | ${f(passwords.right.p50)} | ${f(passwords.right.p99)} | ${passwords.right.failures} |`,
    `| POST /api/customer/login, wrong password (same work, 401) | ${passwords.wrong.perSecond.toFixed(0)} | ${f(passwords.wrong.p50)} | ${f(passwords.wrong.p99)} | ${passwords.wrong.failures} |`,
    '',
    `Ratios to the baseline throughput: code requests ${((100 * med((r) => r.requestCodes.perSecond)) / med((r) => r.baseline.perSecond)).toFixed(1)} %, logins ${((100 * med((r) => r.verify.perSecond)) / med((r) => r.baseline.perSecond)).toFixed(1)} %, password logins ${((100 * passwords.right.perSecond) / med((r) => r.baseline.perSecond)).toFixed(1)} %.`,
    '',
    'Brute force: 300 random 6-digit guesses fired as fast as the attacker can (one burst, well under a minute, so each number is what gets through in a minute). "checked" = guesses that reached a code comparison; a success needs the 1-in-1,000,000 code among them.',
    '',
    '| scenario | limits | checked | code dead (5 wrong) | refused by limiter | codes sent | seconds |',
    '|---|---|---|---|---|---|---|',
    ...openBursts.map(
      (b) =>
        `| ${b.scenario} | lifted (baseline) | ${b.checked} | ${b.codeDead} | ${b.limited} | ${b.codesSent} | ${f(b.seconds)} |`,
    ),
    ...limitedBursts.map(
      (b) =>
        `| ${b.scenario} | deployment | ${b.checked} | ${b.codeDead} | ${b.limited} | ${b.codesSent} | ${f(b.seconds)} |`,
    ),
    '',
    `Cancel-and-resell, ${cycles.n} cycles on one cinema seat (customer logged in; buy = lock + cart + card page + commit; cancel = POST /api/reservations/{id}/cancel with a 10 % charge and a partial card refund; resellable = cancel sent until another visitor's lock succeeds): buy p50 ${f(cycles.buy.p50)} / p99 ${f(cycles.buy.p99)} ms; cancel p50 ${f(cycles.cancel.p50)} / p99 ${f(cycles.cancel.p99)} ms; resellable p50 ${f(cycles.resellable.p50)} / p99 ${f(cycles.resellable.p99)} ms; whole cycle p50 ${f(cycles.cycle.p50)} / p99 ${f(cycles.cycle.p99)} ms. Baseline (lock, unlock, relock by another visitor, no money): p50 ${f(cycles.baseline.p50)} / p99 ${f(cycles.baseline.p99)} ms; resellable / baseline p50 = ${(cycles.resellable.p50 / cycles.baseline.p50).toFixed(1)}x. Sandbox refunds recorded: ${cycles.refunds} (one per cycle).`,
    '',
    `1-minute load average during the run: ${loadAt.map((l) => l.toFixed(1)).join(', ')} on ${os.cpus().length} cores (PostgreSQL, Redis, the server and this load generator share them, and other workloads were running).`,
  ];
  appendResults('Customer login, brute force and cancel-and-resell', lines);
  for (const l of lines) log(l);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
