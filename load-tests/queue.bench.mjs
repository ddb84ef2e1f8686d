// queue.bench.mjs - the on-sale waiting room (issue 16) with 100,000 queued visitors on one Redis:
//  - joins per second: through the real API (POST /api/queue/:id/join with solved proofs, solving not timed)
//    and the join script alone (the rest of the 100,000, pipelined straight into Redis);
//  - Redis memory per queued visitor (INFO used_memory before and after);
//  - admission rate accuracy: two server nodes tick on one Redis; admitted in the window against the configured rate;
//  - p99 from admission (its time in Redis) to the visitor's page knowing it (the progress broadcast over socket.io);
//  - server CPU per position update delivered, against a bare socket.io server broadcasting the same message to the
//    same number of sockets once a second (same run, same watcher processes).
//   node scripts/build.mjs && node load-tests/queue.bench.mjs [--visitors=100000] [--watchers=2000] [--seconds=30]
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  appendResults,
  cpuMsOf,
  ensureBuilt,
  log,
  onInterrupt,
  percentile,
  request,
  require,
  ROOT,
  startNodeChild,
  startServer,
  startServices,
} from './lib/stack.mjs';

const argOf = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const VISITORS = Number(argOf('visitors', 100_000));
const WATCHERS = Number(argOf('watchers', 2_000));
const SECONDS = Number(argOf('seconds', 30));
const RATE = 6_000; // admitted per minute while measuring
const PER_PROCESS = 500;
const SHOPPING_MINUTES = 15;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const Redis = require(path.join(ROOT, 'node_modules', 'ioredis'));
const { Client } = require(path.join(ROOT, 'node_modules', 'pg'));
const { JOIN_LUA } = require(path.join(ROOT, 'server', 'dist', 'queue', 'lua', 'join.lua.js'));
const { queueKeys } = require(path.join(ROOT, 'server', 'dist', 'queue', 'queue-keys.js'));
const altcha = require(path.join(ROOT, 'server', 'dist', 'botcheck', 'altcha-lib.js'));

async function solveJoin(base, pid, uuid) {
  const challenge = (await request(base, 'GET', `/api/queue/${pid}/challenge`, { headers: { uuid } })).body;
  const solution = await altcha.solveChallenge({
    challenge,
    deriveKey: altcha.deriveKeyFor(challenge.parameters.algorithm),
    timeout: 30_000,
  });
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

async function startWatchers(url, presentationId, visitors) {
  const children = [];
  for (let i = 0; i < visitors.length; i += PER_PROCESS) {
    const child = fork(path.join(ROOT, 'load-tests', 'lib', 'queue-watcher.mjs'), [], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    onInterrupt(() => child.kill('SIGKILL'));
    await new Promise((resolve) => child.once('message', resolve));
    const connected = new Promise((resolve) => child.once('message', resolve));
    child.send({ type: 'connect', url, presentationId, visitors: visitors.slice(i, i + PER_PROCESS) });
    await connected;
    children.push(child);
  }
  return children;
}

const ask = (children, type) =>
  Promise.all(
    children.map(
      (c) =>
        new Promise((resolve) => {
          c.once('message', resolve);
          c.send({ type });
        }),
    ),
  );
const closeAll = (children) => children.forEach((c) => c.send({ type: 'close' }));

async function main() {
  ensureBuilt();
  const services = await startServices('queue-bench');
  const env = {
    DATABASE_URL: services.databaseUrl,
    REDIS_URL: services.redisUrl,
    QUEUE_TICK_MS: '1000',
    QUEUE_ABANDON_SECONDS: '3600',
    QUEUE_JOIN_WORK: '4',
    // The proof of work is what bots pay; the bench measures the server, so solving is kept cheap.
    ALTCHA_MAX_NUMBER: '10',
    // A shared 2-core machine under load: boot-time Redis calls get more room than in production.
    REDIS_COMMAND_TIMEOUT_MS: '10000',
  };
  const a = await startServer(env, 'node A');
  const b = await startServer(env, 'node B');
  const sql = new Client({ connectionString: services.databaseUrl });
  await sql.connect();
  const redis = new Redis(services.redisUrl);
  const results = [];
  try {
    const pid = (await sql.query('SELECT presentation_id FROM on_sale LIMIT 1')).rows[0].presentation_id;
    // Loading: on sale, but one admission a minute, so the line stays whole while it fills.
    await sql.query(
      `UPDATE on_sale SET admit_per_minute = 1, max_active = 1000000, shopping_minutes = $2,
              sale_starts_at = now() - interval '1 minute' WHERE presentation_id = $1`,
      [pid, SHOPPING_MINUTES],
    );
    await sleep(2_500);
    const keys = queueKeys('hotline:', pid);
    const memBefore = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))[1]);

    // 1. The watchers join through the API (solved first; only the joins are timed).
    log(`solving ${WATCHERS} join proofs…`);
    const uuids = Array.from({ length: WATCHERS }, () => randomUUID());
    const tokens = [];
    for (const u of uuids) tokens.push(await solveJoin(a.url, pid, u));
    log('joining through the API…');
    const watchers = new Array(WATCHERS);
    let next = 0;
    const apiStart = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < WATCHERS) {
          const i = next++;
          const base = i % 2 ? b.url : a.url;
          const r = await request(base, 'POST', `/api/queue/${pid}/join`, {
            headers: { uuid: uuids[i] },
            body: { recaptchaToken: tokens[i] },
          });
          if (r.status !== 201) throw new Error(`join answered ${r.status}: ${JSON.stringify(r.body)}`);
          watchers[i] = { uuid: uuids[i], ticket: r.body.ticket, ticketNo: r.body.ticketNo };
        }
      }),
    );
    const apiJoinsPerSecond = WATCHERS / (Number(process.hrtime.bigint() - apiStart) / 1e9);

    // 2. The rest of the 100,000 through the join script alone, 200 in flight.
    log(`joining ${VISITORS - WATCHERS} more through the join script…`);
    redis.defineCommand('queueJoin', { lua: JOIN_LUA, numberOfKeys: 5 });
    const bulk = VISITORS - WATCHERS;
    let done = 0;
    const scriptStart = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: 200 }, async () => {
        while (done < bulk) {
          done++;
          await redis.queueJoin(
            keys.line,
            keys.seq,
            keys.seen,
            keys.active,
            keys.removed,
            randomUUID(),
            Date.now(),
            0,
            0,
          );
        }
      }),
    );
    const scriptJoinsPerSecond = bulk / (Number(process.hrtime.bigint() - scriptStart) / 1e9);
    const memAfter = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))[1]);
    const queued = await redis.zcard(keys.line);
    const bytesPerVisitor = (memAfter - memBefore) / queued;

    // 3. Pages open: the watchers subscribe on both nodes.
    log('connecting the waiting pages…');
    const half = Math.ceil(WATCHERS / 2);
    const children = [
      ...(await startWatchers(a.url, pid, watchers.slice(0, half))),
      ...(await startWatchers(b.url, pid, watchers.slice(half))),
    ];

    // 4. Open the gate at RATE; measure a window once the new rate is read by both nodes.
    await sql.query('UPDATE on_sale SET admit_per_minute = $2 WHERE presentation_id = $1', [pid, RATE]);
    await sleep(3_000);
    const admitted0 = Number(await redis.get(keys.admitted));
    const cpu0 = cpuMsOf(a.pid) + cpuMsOf(b.pid);
    const msgs0 = (await ask(children, 'report')).reduce((s, r) => s + r.messages, 0);
    const t0 = Date.now();
    await sleep(SECONDS * 1000);
    const admitted1 = Number(await redis.get(keys.admitted));
    const cpu1 = cpuMsOf(a.pid) + cpuMsOf(b.pid);
    const t1 = Date.now();
    const reports = await ask(children, 'report');
    const msgs1 = reports.reduce((s, r) => s + r.messages, 0);
    const expected = (RATE * (t1 - t0)) / 60_000;
    const admittedInWindow = admitted1 - admitted0;
    const ourCpuPerUpdate = (cpu1 - cpu0) / Math.max(1, msgs1 - msgs0);

    // Latency: the visitor's page knew at `at`; Redis admitted it at (end of shopping window - window).
    const lat = [];
    for (const k of reports.flatMap((r) => r.knew)) {
      const until = Number(await redis.zscore(keys.active, k.uuid));
      if (until) lat.push(k.at - (until - SHOPPING_MINUTES * 60_000));
    }
    lat.sort((x, y) => x - y);
    closeAll(children);

    // 5. Baseline: a bare socket.io broadcast of the same message, once a second, to the same number of sockets.
    const bare = await startNodeChild(
      path.join(ROOT, 'load-tests', 'lib', 'bare-queue-broadcast-server.mjs'),
      {},
      'bare',
    );
    const bareChildren = await startWatchers(
      bare.url,
      1,
      watchers.map((w) => ({ ...w, ticketNo: null })),
    );
    await sleep(2_000);
    const bcpu0 = cpuMsOf(bare.pid);
    const bm0 = (await ask(bareChildren, 'report')).reduce((s, r) => s + r.messages, 0);
    await sleep(SECONDS * 1000);
    const bcpu1 = cpuMsOf(bare.pid);
    const bm1 = (await ask(bareChildren, 'report')).reduce((s, r) => s + r.messages, 0);
    closeAll(bareChildren);
    await bare.stop();
    const bareCpuPerUpdate = (bcpu1 - bcpu0) / Math.max(1, bm1 - bm0);

    results.push(
      `queue.bench.mjs: ${queued.toLocaleString('en')} visitors queued on one presentation (one Redis), two server nodes ticking every second, ${WATCHERS} waiting pages on socket.io (half on each node), measured window ${SECONDS} s at ${RATE}/min.`,
      '',
      '| measure | value |',
      '|---|---|',
      `| joins/s through the API (POST /api/queue/:id/join: zod, ALTCHA verify + work check, join script, ticket; 50 in flight, two nodes) | ${apiJoinsPerSecond.toFixed(0)} |`,
      `| joins/s, join script alone (ioredis, 200 in flight) | ${scriptJoinsPerSecond.toFixed(0)} |`,
      `| Redis memory per queued visitor (used_memory delta / line length) | ${bytesPerVisitor.toFixed(0)} B |`,
      `| admitted in the window / configured (${expected.toFixed(0)} expected) | ${admittedInWindow} (${((admittedInWindow / expected) * 100).toFixed(1)} %) |`,
      `| admission -> page knows it, p50 / p99 / max (${lat.length} pages admitted) | ${percentile(lat, 50)} / ${percentile(lat, 99)} / ${lat.at(-1)} ms |`,
      `| server CPU per position update delivered, ours (both nodes, incl. admission runs) | ${(ourCpuPerUpdate * 1000).toFixed(1)} µs (${msgs1 - msgs0} updates) |`,
      `| bare socket.io broadcast of the same message, same sockets | ${(bareCpuPerUpdate * 1000).toFixed(1)} µs (${bm1 - bm0} updates) |`,
      '',
      `Ratio (ours / bare CPU per update): ${(ourCpuPerUpdate / bareCpuPerUpdate).toFixed(2)}. One progress message per queue per tick, published by the node that ran the admission and relayed by every node to its own sockets; each page works out its place from it.`,
    );
  } finally {
    await sql.end().catch(() => undefined);
    redis.disconnect();
    await a.stop();
    await b.stop();
    await services.stop();
  }
  appendResults('Waiting room (issue 16)', results);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
