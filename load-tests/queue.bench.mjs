// queue.bench.mjs - the on-sale waiting room with 100,000 queued visitors on one Redis:
//  - joins per second: through the real API (POST /api/queue/:id/join with solved proofs, solving not timed)
//    and the join script alone (the rest of the 100,000, pipelined straight into Redis);
//  - Redis memory per queued visitor (INFO used_memory before and after);
//  - admission rate accuracy: two server nodes tick on one Redis; admitted in the window against the configured rate;
//  - p99 from admission (its time in Redis) to the visitor's page knowing it (the progress broadcast over socket.io);
//  - server CPU per position update delivered, against a bare socket.io server broadcasting the same message to the
//    same number of sockets once a second (same run, same watcher processes);
//  - the per-unit server CPU costs docs/scaling.md multiplies out (C_join, C_status, C_heartbeat, C_progress): each a
//    phase at a moderate, paced rate; server CPU of both nodes from /proc, raw and net of each node's idle CPU
//    (its timers: ticker, sweeper, socket.io pings) measured over the same number of seconds right before it.
//   node scripts/build.mjs && node load-tests/queue.bench.mjs [--visitors=100000] [--watchers=2000] [--seconds=30]
//     [--costs-only] [--no-results] [--join-rate=200] [--status-rate=400] [--status-calls=4000]
//     [--heartbeat-rate=400] [--heartbeat-calls=4000] [--warmup=300] [--join-only] [--progress-only]
//     [--model-seconds=120]
// --join-only: only C_join (the proofs, the warm-up joins, the measured joins at --join-rate over both nodes) and
//   C_challenge (as many challenges fetched at the same rate), for an A/B of the join; --watchers sets how many.
// BENCH_SERVER_DIST=<dir> runs another build's server/dist (e.g. a base worktree's) on both nodes; BENCH_CPU_PROF=<dir>
//   writes each node's .cpuprofile when it stops.
// --costs-only: only the cost phases (no 100,000-visitor fill, no admission-rate window at 6,000/min, no bare
//   broadcast); the progress cost is then taken at the loading rate (one admission a minute).
// --progress-only: --costs-only without the status and heartbeat phases (the joins stay: they give the pages tickets).
// Every run ends with "C_progress, the model's mix": the pages re-placed evenly along the line, the rate set so the
//   line lasts as long as the million-visitor model's (docs/scaling.md: 1,000,000 at 5,000 a minute, 12,000 s), so
//   the pages hear progress as the model's pages do (near every tick, farther back less often); CPU per page per
//   second of real time (fewer messages show as fewer µs) and messages per page-second, over --model-seconds.
// --no-results prints the table without appending it to RESULTS.md (smoke runs).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
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
import { askAll } from './lib/watcher-pool.mjs';

const argOf = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const VISITORS = Number(argOf('visitors', 100_000));
const WATCHERS = Number(argOf('watchers', 2_000));
const SECONDS = Number(argOf('seconds', 30));
const JOIN_ONLY = process.argv.includes('--join-only');
const PROGRESS_ONLY = process.argv.includes('--progress-only');
const COSTS_ONLY = JOIN_ONLY || PROGRESS_ONLY || process.argv.includes('--costs-only');
const MODEL_SECONDS = Number(argOf('model-seconds', 120));
/** The million-visitor model's line (docs/scaling.md): 1,000,000 waiting, admitted at 5,000 a minute. */
const MODEL_VISITORS = 1_000_000;
const MODEL_WAIT_SECONDS = (MODEL_VISITORS / 5_000) * 60;
const WRITE_RESULTS = !process.argv.includes('--no-results');
// The cost phases' paced rates: a few thousand calls each, well inside what two nodes on two cores serve, so the
// figure is the call's own cost and not a saturated machine's.
const JOIN_RATE = Number(argOf('join-rate', 200));
const STATUS_RATE = Number(argOf('status-rate', 400));
const STATUS_CALLS = Number(argOf('status-calls', 4_000));
const HEARTBEAT_RATE = Number(argOf('heartbeat-rate', 400));
const HEARTBEAT_CALLS = Number(argOf('heartbeat-calls', 4_000));
// Calls of each kind before its idle and phase, not measured: a fresh node's first calls of a path run cold
// (lazy compilation, JIT), several times the cost of the steady ones the scaling arithmetic needs.
const WARMUP = Number(argOf('warmup', 300));
const RATE = 6_000; // admitted per minute while measuring
const PER_PROCESS = 500;
const SHOPPING_MINUTES = 15;
/** Our rule for RESULTS.md: above this 1-minute load average on this machine a number is not a result. */
const MAX_LOAD = 3;
/**
 * The gateway's socket budget is 20 subscriptions + heartbeats a minute (queue.gateway.ts); the subscription took
 * one and the warm-up one. Staying well under it keeps every heartbeat served (a refused one is cheaper and would
 * flatter the cost).
 */
const MAX_HEARTBEATS_PER_PAGE = 14;
/** Heartbeats have no answer: the window runs this long past the last one sent, so the server has served them. */
const HEARTBEAT_SETTLE_MS = 1_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load1 = () => os.loadavg()[0];

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

/** The join as the waiting page sends it (client/src/queue/queue-api.ts: api.post adds ?lang=). */
function join(base, pid, uuid, token) {
  return request(base, 'POST', `/api/queue/${pid}/join?lang=he`, {
    headers: { accept: 'application/json', uuid },
    body: { recaptchaToken: token },
  });
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

const report = (children) => askAll(children, { type: 'report' }, 'report');
const closeAll = (children) => children.forEach((c) => c.send({ type: 'close' }));

/**
 * Calls `call(i)` for i < n at `perSecond`, started on schedule whatever the answers take (at most 200 in flight),
 * like independent visitors; throws the first failure after all have settled.
 */
async function paced(n, perSecond, call) {
  const started = performance.now();
  const inFlight = new Set();
  let issued = 0;
  let failure = null;
  while (issued < n) {
    const due = Math.min(n, Math.floor(((performance.now() - started) / 1000) * perSecond) + 1);
    while (issued < due && inFlight.size < 200) {
      const p = call(issued++).catch((error) => {
        failure ??= error;
      });
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    }
    await sleep(5);
  }
  await Promise.all(inFlight);
  if (failure) throw failure;
}

/** The kernel's part of a process's CPU so far (ms, stime from /proc): loopback sockets' system calls show here. */
function sysMsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[12]) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** Each node's CPU (ms per ms) over `ms` with nothing sent: what its timers cost on their own. */
async function idleOf(nodes, ms) {
  const load = load1();
  const c0 = nodes.map((n) => cpuMsOf(n.pid));
  const t0 = performance.now();
  await sleep(ms);
  const c1 = nodes.map((n) => cpuMsOf(n.pid));
  const elapsed = performance.now() - t0;
  return { load, perMs: nodes.map((_, k) => (c1[k] - c0[k]) / elapsed) };
}

/**
 * Runs `work` (resolving the units it delivered) and takes both nodes' CPU over it: raw, and net of each node's
 * idle rate times the phase's length. A phase whose 1-minute load was above MAX_LOAD at its idle start, its
 * start or its end is not a result.
 */
async function phase(name, nodes, idle, work) {
  const loadStart = load1();
  log(`${name}: load ${loadStart.toFixed(2)} at the start (${idle.load.toFixed(2)} when its idle began)`);
  const c0 = nodes.map((n) => cpuMsOf(n.pid));
  const s0 = nodes.map((n) => sysMsOf(n.pid));
  const t0 = performance.now();
  const units = await work();
  const c1 = nodes.map((n) => cpuMsOf(n.pid));
  const s1 = nodes.map((n) => sysMsOf(n.pid));
  const elapsed = performance.now() - t0;
  const loads = [idle.load, loadStart, load1()];
  const raw = nodes.map((_, k) => c1[k] - c0[k]);
  const idleMs = nodes.map((_, k) => idle.perMs[k] * elapsed);
  const m = {
    units,
    seconds: elapsed / 1000,
    raw: raw.reduce((s, x) => s + x, 0),
    idle: idleMs.reduce((s, x) => s + x, 0),
    loads,
    valid: loads.every((l) => l <= MAX_LOAD),
  };
  m.net = m.raw - m.idle;
  const sys = nodes.reduce((s, _, k) => s + s1[k] - s0[k], 0);
  log(
    `${name}: ${units} in ${m.seconds.toFixed(1)} s; CPU per node raw ${raw.map((x) => x.toFixed(0)).join(' / ')} ms (kernel ${((sys / m.raw) * 100).toFixed(0)} % of it), idle ${idleMs.map((x) => x.toFixed(0)).join(' / ')} ms; per unit raw ${((m.raw / units) * 1000).toFixed(1)} µs, net ${((m.net / units) * 1000).toFixed(1)} µs; load at the end ${loads[2].toFixed(2)}${m.valid ? '' : ' - above 3: not a result'}`,
  );
  return m;
}

const us = (ms) => (ms * 1000).toFixed(1);
const costCell = (m, unit) =>
  `net ${us(m.net / m.units)} µs, raw ${us(m.raw / m.units)} µs (${m.units.toLocaleString('en')} ${unit} in ${m.seconds.toFixed(1)} s; idle ${m.idle.toFixed(0)} of ${m.raw.toFixed(0)} ms; 1-min load ${m.loads.map((l) => l.toFixed(1)).join(' / ')}${m.valid ? '' : `; above ${MAX_LOAD}: **not a result**`})`;

const perPageSecond = (m, pageSeconds) =>
  `net ${us(m.net / pageSeconds)} µs, raw ${us(m.raw / pageSeconds)} µs per page-second (${m.units.toLocaleString('en')} messages, ${pageSeconds.toFixed(0)} page-seconds; 1-min load ${m.loads.map((l) => l.toFixed(1)).join(' / ')}${m.valid ? '' : `; above ${MAX_LOAD}: **not a result**`})`;

/**
 * The pages placed as the model's are: evenly along the line, which at the rate set lasts as long as the model's
 * (MODEL_WAIT_SECONDS), so each page is as many seconds from its turn as one of the model's million. Their entries
 * are moved in Redis between the others' (a score half-way to the next; admitted ones taken back out of the active
 * set), then they subscribe again and each node bands them by their new place. Answers the phase's CPU over
 * MODEL_SECONDS, net of as long with no page open at that rate.
 */
async function modelMixPhase({ nodes, sql, redis, pid, keys, watchers }) {
  const mine = new Set(watchers.map((w) => w.uuid));
  const flat = await redis.zrange(keys.line, 0, -1, 'WITHSCORES');
  const others = [];
  for (let i = 0; i < flat.length; i += 2) if (!mine.has(flat[i])) others.push(Number(flat[i + 1]));
  const line = others.length + watchers.length;
  const rate = Math.max(1, Math.round((line / MODEL_WAIT_SECONDS) * 60));
  await sql.query('UPDATE on_sale SET admit_per_minute = $2 WHERE presentation_id = $1', [pid, rate]);
  const now = Date.now();
  const tx = redis.multi();
  watchers.forEach((w, i) => {
    const at = Math.min(others.length - 1, Math.floor(((i + 0.5) / watchers.length) * others.length));
    tx.zrem(keys.active, w.uuid);
    tx.zadd(keys.line, others[at] + 0.5, w.uuid);
    tx.hset(keys.seen, w.uuid, now);
  });
  await tx.exec();
  // Both nodes read the new rate (QUEUE_CONFIG_REFRESH_MS, 2 s), then the idle at that rate with no page open.
  await sleep(3_000);
  log(`model's mix: ${watchers.length} pages along ${line} places at ${rate}/min; idle ${MODEL_SECONDS} s…`);
  const idle = await idleOf(nodes, MODEL_SECONDS * 1000);
  const half = Math.ceil(watchers.length / 2);
  const placed = watchers.map((w) => ({ ...w, ticketNo: null }));
  const children = [
    ...(await startWatchers(nodes[0].url, pid, placed.slice(0, half))),
    ...(await startWatchers(nodes[1].url, pid, placed.slice(half))),
  ];
  await sleep(2_000);
  let pageSeconds = 0;
  const cost = await phase("C_progress, the model's mix", nodes, idle, async () => {
    const m0 = (await report(children)).reduce((s, r) => s + r.messages, 0);
    const t0 = Date.now();
    await sleep(MODEL_SECONDS * 1000);
    const m1 = (await report(children)).reduce((s, r) => s + r.messages, 0);
    pageSeconds = (watchers.length * (Date.now() - t0)) / 1000;
    return Math.max(1, m1 - m0);
  });
  const errors = (await report(children)).reduce((s, r) => s + r.errors, 0);
  if (errors > 0) log(`model's mix: ${errors} subscriptions refused (queue:error): not a result`);
  log(
    `model's mix: ${(cost.units / pageSeconds).toFixed(4)} messages per page-second; ${us(cost.net / pageSeconds)} µs net, ${us(cost.raw / pageSeconds)} µs raw per page-second`,
  );
  closeAll(children);
  return { pages: watchers.length, line, rate, seconds: pageSeconds / watchers.length, pageSeconds, cost };
}

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
  const dist = process.env.BENCH_SERVER_DIST || undefined;
  const a = await startServer(env, 'node A', [], dist);
  const b = await startServer(env, 'node B', [], dist);
  const nodes = [a, b];
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

    // 1. Proofs for the watchers, the warm-up joins (and, in the full run, for as many visitors joining in one
    // burst), solved first: only the joins are timed. Order in `uuids`: watchers, warm-up, burst.
    const burstCount = COSTS_ONLY ? 0 : WATCHERS;
    log(`solving ${WATCHERS + WARMUP + burstCount} join proofs…`);
    const uuids = Array.from({ length: WATCHERS + WARMUP + burstCount }, () => randomUUID());
    const tokens = [];
    for (const u of uuids) tokens.push(await solveJoin(a.url, pid, u));

    // 2. C_join: after the warm-up joins, the watchers join through the API at JOIN_RATE, alternating nodes.
    log(`warming up: ${WARMUP} joins…`);
    await paced(WARMUP, JOIN_RATE, async (i) => {
      const r = await join(nodes[i % 2].url, pid, uuids[WATCHERS + i], tokens[WATCHERS + i]);
      if (r.status !== 201) throw new Error(`join answered ${r.status}: ${JSON.stringify(r.body)}`);
    });
    const watchers = new Array(WATCHERS);
    const joinCost = await phase('C_join', nodes, await idleOf(nodes, (WATCHERS / JOIN_RATE) * 1000), async () => {
      await paced(WATCHERS, JOIN_RATE, async (i) => {
        const r = await join(nodes[i % 2].url, pid, uuids[i], tokens[i]);
        if (r.status !== 201) throw new Error(`join answered ${r.status}: ${JSON.stringify(r.body)}`);
        watchers[i] = { uuid: uuids[i], ticket: r.body.ticket, ticketNo: r.body.ticketNo };
      });
      return WATCHERS;
    });

    if (JOIN_ONLY) {
      // C_challenge: the GET /api/queue/:id/challenge every join is preceded by (issuing the proof to solve), at the
      // same rate over both nodes, after as many warm-up fetches.
      const fetchChallenge = async (i) => {
        const r = await request(nodes[i % 2].url, 'GET', `/api/queue/${pid}/challenge?lang=he`, {
          headers: { accept: 'application/json', uuid: uuids[i % uuids.length] },
        });
        if (r.status !== 200) throw new Error(`challenge answered ${r.status}: ${JSON.stringify(r.body)}`);
      };
      log(`warming up: ${WARMUP} challenges…`);
      await paced(WARMUP, JOIN_RATE, fetchChallenge);
      const challengeCost = await phase(
        'C_challenge',
        nodes,
        await idleOf(nodes, (WATCHERS / JOIN_RATE) * 1000),
        async () => {
          await paced(WATCHERS, JOIN_RATE, (i) => fetchChallenge(i + WARMUP));
          return WATCHERS;
        },
      );
      results.push(
        `queue.bench.mjs --join-only${dist ? ` (server: ${dist})` : ''}: two server nodes, ${WATCHERS.toLocaleString('en')} joins measured after ${WARMUP} warm-up joins.`,
        '',
        '| measure | value |',
        '|---|---|',
        `| C_join: server CPU per join through the API, ${JOIN_RATE}/s | ${costCell(joinCost, 'joins')} |`,
        `| C_challenge: server CPU per join challenge issued (GET /api/queue/:id/challenge), ${JOIN_RATE}/s | ${costCell(challengeCost, 'challenges')} |`,
        '',
      );
      // The rest is skipped; `finally` stops the stack and the table is written after it.
      return;
    }

    // 3. Full run: joins/s through the API (50 in flight, two nodes), then the rest of the 100,000 through the join
    // script alone, 200 in flight.
    let apiJoinsPerSecond = NaN;
    let scriptJoinsPerSecond = NaN;
    let bytesPerVisitor = NaN;
    let queued = WATCHERS;
    if (!COSTS_ONLY) {
      log('joining a burst through the API…');
      let next = WATCHERS + WARMUP;
      const apiStart = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          while (next < uuids.length) {
            const i = next++;
            const r = await join(nodes[i % 2].url, pid, uuids[i], tokens[i]);
            if (r.status !== 201) throw new Error(`join answered ${r.status}: ${JSON.stringify(r.body)}`);
          }
        }),
      );
      apiJoinsPerSecond = burstCount / (Number(process.hrtime.bigint() - apiStart) / 1e9);

      log(`joining ${VISITORS - uuids.length} more through the join script…`);
      redis.defineCommand('queueJoin', { lua: JOIN_LUA, numberOfKeys: 5 });
      const bulk = VISITORS - uuids.length;
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
      scriptJoinsPerSecond = bulk / (Number(process.hrtime.bigint() - scriptStart) / 1e9);
      const memAfter = Number(/used_memory:(\d+)/.exec(await redis.info('memory'))[1]);
      queued = await redis.zcard(keys.line);
      bytesPerVisitor = (memAfter - memBefore) / queued;
    }

    // 4. C_status: the waiting page's fallback poll, with the wait ticket, by the joined watchers in turn.
    const poll = async (i) => {
      const w = watchers[i % WATCHERS];
      // As client/src/queue/queue-api.ts queueStatus() sends it every 15 s.
      const r = await request(nodes[i % 2].url, 'GET', `/api/queue/${pid}?lang=he`, {
        headers: { accept: 'application/json', uuid: w.uuid, 'queue-ticket': w.ticket },
      });
      if (r.status !== 200) throw new Error(`status answered ${r.status}: ${JSON.stringify(r.body)}`);
    };
    let statusCost = null;
    if (!PROGRESS_ONLY) {
      log(`warming up: ${WARMUP} status polls…`);
      await paced(WARMUP, STATUS_RATE, poll);
      statusCost = await phase(
        'C_status',
        nodes,
        await idleOf(nodes, (STATUS_CALLS / STATUS_RATE) * 1000),
        async () => {
          await paced(STATUS_CALLS, STATUS_RATE, (i) => poll(i + WARMUP));
          return STATUS_CALLS;
        },
      );
    }

    // 5. The baseline of the progress cost: the nodes with no page open (ticker rounds at the loading rate, sweeper).
    log(`progress baseline: ${SECONDS} s with no page open…`);
    const progressIdle = await idleOf(nodes, SECONDS * 1000);

    // 6. Pages open: the watchers subscribe on both nodes.
    log('connecting the waiting pages…');
    const half = Math.ceil(WATCHERS / 2);
    const children = [
      ...(await startWatchers(a.url, pid, watchers.slice(0, half))),
      ...(await startWatchers(b.url, pid, watchers.slice(half))),
    ];

    // 7. C_heartbeat: every page sends `perPage` heartbeats, spread so that all pages together send HEARTBEAT_RATE.
    // Its idle has the pages open (progress each second, socket.io pings), so the net is the heartbeats' own.
    const perPage = Math.min(MAX_HEARTBEATS_PER_PAGE, Math.max(1, Math.round(HEARTBEAT_CALLS / WATCHERS)));
    const spacingMs = (WATCHERS / HEARTBEAT_RATE) * 1000;
    let heartbeatCost = null;
    let heartbeatErrors = 0;
    if (!PROGRESS_ONLY) {
      // Warm-up: one heartbeat from every page (the budget's arithmetic counts it).
      log('warming up: one heartbeat from every page…');
      await askAll(children, { type: 'heartbeats', count: 1, spacingMs }, 'heartbeats');
      await sleep(HEARTBEAT_SETTLE_MS);
      const errorsBefore = (await report(children)).reduce((s, r) => s + r.errors, 0);
      heartbeatCost = await phase(
        'C_heartbeat',
        nodes,
        await idleOf(nodes, perPage * spacingMs + HEARTBEAT_SETTLE_MS),
        async () => {
          const sent = await askAll(children, { type: 'heartbeats', count: perPage, spacingMs }, 'heartbeats');
          await sleep(HEARTBEAT_SETTLE_MS);
          return sent.reduce((s, r) => s + r.sent, 0);
        },
      );
      heartbeatErrors = (await report(children)).reduce((s, r) => s + r.errors, 0) - errorsBefore;
      if (heartbeatErrors > 0) log(`C_heartbeat: ${heartbeatErrors} refused (queue:error): not a result`);
    }

    // 8. C_progress, and in the full run the admission window: open the gate at RATE and measure a window once the
    // new rate is read by both nodes. Costs only: the loading rate stays (one progress message a second all the same).
    if (!COSTS_ONLY) {
      await sql.query('UPDATE on_sale SET admit_per_minute = $2 WHERE presentation_id = $1', [pid, RATE]);
      await sleep(3_000);
    }
    let admittedInWindow = 0;
    let expected = 0;
    let reports = [];
    let pageSeconds = 0;
    const progressCost = await phase('C_progress', nodes, progressIdle, async () => {
      const admitted0 = Number(await redis.get(keys.admitted));
      const msgs0 = (await report(children)).reduce((s, r) => s + r.messages, 0);
      const t0 = Date.now();
      await sleep(SECONDS * 1000);
      const admitted1 = Number(await redis.get(keys.admitted));
      const t1 = Date.now();
      reports = await report(children);
      expected = (RATE * (t1 - t0)) / 60_000;
      admittedInWindow = admitted1 - admitted0;
      pageSeconds = (WATCHERS * (t1 - t0)) / 1000;
      return Math.max(1, reports.reduce((s, r) => s + r.messages, 0) - msgs0);
    });

    // Latency: the visitor's page knew at `at`; Redis admitted it at (end of shopping window - window).
    const lat = [];
    for (const k of reports.flatMap((r) => r.knew)) {
      const until = Number(await redis.zscore(keys.active, k.uuid));
      if (until) lat.push(k.at - (until - SHOPPING_MINUTES * 60_000));
    }
    lat.sort((x, y) => x - y);
    closeAll(children);

    const model = await modelMixPhase({ nodes, sql, redis, pid, keys, watchers });

    // 9. Full run's baseline: a bare socket.io broadcast of the same message, once a second, to the same sockets.
    let bareCpuPerUpdate = NaN;
    let bareUpdates = 0;
    if (!COSTS_ONLY) {
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
      const bm0 = (await report(bareChildren)).reduce((s, r) => s + r.messages, 0);
      await sleep(SECONDS * 1000);
      const bcpu1 = cpuMsOf(bare.pid);
      const bm1 = (await report(bareChildren)).reduce((s, r) => s + r.messages, 0);
      closeAll(bareChildren);
      await bare.stop();
      bareUpdates = bm1 - bm0;
      bareCpuPerUpdate = (bcpu1 - bcpu0) / Math.max(1, bareUpdates);
    }

    const ourCpuPerUpdate = progressCost.raw / progressCost.units;
    results.push(
      COSTS_ONLY
        ? `queue.bench.mjs --costs-only: ${queued.toLocaleString('en')} visitors queued on one presentation (one Redis), two server nodes ticking every second at the loading rate (one admission a minute), ${WATCHERS} waiting pages on socket.io (half on each node), progress window ${SECONDS} s.`
        : `queue.bench.mjs: ${queued.toLocaleString('en')} visitors queued on one presentation (one Redis), two server nodes ticking every second, ${WATCHERS} waiting pages on socket.io (half on each node), measured window ${SECONDS} s at ${RATE}/min.`,
      '',
      '| measure | value |',
      '|---|---|',
    );
    if (!COSTS_ONLY)
      results.push(
        `| joins/s through the API (POST /api/queue/:id/join: zod, ALTCHA verify + work check, join script, ticket; 50 in flight, two nodes) | ${apiJoinsPerSecond.toFixed(0)} |`,
        `| joins/s, join script alone (ioredis, 200 in flight) | ${scriptJoinsPerSecond.toFixed(0)} |`,
        `| Redis memory per queued visitor (used_memory delta / line length) | ${bytesPerVisitor.toFixed(0)} B |`,
        `| admitted in the window / configured (${expected.toFixed(0)} expected) | ${admittedInWindow} (${((admittedInWindow / expected) * 100).toFixed(1)} %) |`,
        `| admission -> page knows it, p50 / p99 / max (${lat.length} pages admitted) | ${percentile(lat, 50)} / ${percentile(lat, 99)} / ${lat.at(-1)} ms |`,
        `| server CPU per position update delivered, ours (both nodes, incl. admission runs) | ${(ourCpuPerUpdate * 1000).toFixed(1)} µs (${progressCost.units} updates) |`,
        `| bare socket.io broadcast of the same message, same sockets | ${(bareCpuPerUpdate * 1000).toFixed(1)} µs (${bareUpdates} updates) |`,
      );
    results.push(
      `| C_join: server CPU per join through the API, ${JOIN_RATE}/s | ${costCell(joinCost, 'joins')} |`,
      ...(statusCost
        ? [
            `| C_status: server CPU per status poll with the wait ticket, ${STATUS_RATE}/s | ${costCell(statusCost, 'polls')} |`,
          ]
        : []),
      ...(heartbeatCost
        ? [
            `| C_heartbeat: server CPU per queue:heartbeat, ${HEARTBEAT_RATE}/s from ${WATCHERS} open pages | ${costCell(heartbeatCost, 'heartbeats')}${heartbeatErrors ? `; ${heartbeatErrors} refused: **not a result**` : ''} |`,
          ]
        : []),
      `| C_progress: server CPU per position update delivered to one page${COSTS_ONLY ? ' (loading rate)' : `, ${RATE}/min`} | ${costCell(progressCost, 'updates')} |`,
      `| the same per page per second of real time (${WATCHERS} pages; ${(progressCost.units / pageSeconds).toFixed(3)} messages per page-second) | ${perPageSecond(progressCost, pageSeconds)} |`,
      `| C_progress, the model's mix: server CPU per page per second of real time (${model.pages} pages spread evenly along ${model.line.toLocaleString('en')} places at ${model.rate}/min, the model's 12,000 s line; ${model.seconds.toFixed(0)} s) | ${perPageSecond(model.cost, model.pageSeconds)}; per message delivered net ${us(model.cost.net / model.cost.units)} µs |`,
      `| progress messages per page-second in the model's mix, and so per second for the model's 1,000,000 pages | ${(model.cost.units / model.pageSeconds).toFixed(4)} (${Math.round((model.cost.units / model.pageSeconds) * MODEL_VISITORS).toLocaleString('en')}/s) |`,
      '',
    );
    if (!COSTS_ONLY)
      results.push(
        `Ratio (ours / bare CPU per update, raw): ${(ourCpuPerUpdate / bareCpuPerUpdate).toFixed(2)}. One progress message per queue per tick, published by the node that ran the admission and relayed by every node to its own sockets; each page works out its place from it.`,
        '',
      );
    results.push(
      `How the costs are taken: each kind of call first ${WARMUP} times unmeasured (a fresh node runs a path's first calls cold; the heartbeat warm-up is one per page), then CPU of both server processes from /proc over the phase ("raw"); "net" subtracts each node's idle CPU rate, measured with nothing sent for as many seconds right before the phase, times the phase's length; a phase with the 1-minute load above 3 (at its idle start, its start or its end) is not a result.`,
      `- C_join: ${WATCHERS.toLocaleString('en')} visitors with solved proofs (solving not timed) POST /api/queue/:id/join (zod, ALTCHA verify + work check, join script, wait ticket) at a paced ${JOIN_RATE}/s alternating the two nodes, before any page is open.`,
      `- C_status: the joined visitors GET /api/queue/:id with the uuid and queue-ticket headers (the waiting page's 15-second fallback poll) ${STATUS_CALLS.toLocaleString('en')} times at a paced ${STATUS_RATE}/s alternating the nodes, before any page is open.`,
      `- C_heartbeat: each of the ${WATCHERS.toLocaleString('en')} open pages emits ${perPage} queue:heartbeat { presentationId, visitorId, ticket } (the page's 30-second message) ${(spacingMs / 1000).toFixed(1)} s apart from a random start, ${HEARTBEAT_RATE}/s in all, window ending ${HEARTBEAT_SETTLE_MS / 1000} s after the last (no answer to wait for); the idle had the same pages open, so their progress messages and pings are subtracted.`,
      `- C_progress, the model's mix: the same pages re-placed evenly along the line (the bench moves their entries in Redis between the others'), the rate set so the line lasts ${MODEL_WAIT_SECONDS.toLocaleString('en')} s like the model's, the pages subscribed again (each node bands them by their new place); CPU over ${MODEL_SECONDS} s per page per second ("C_progress per page-second": what the model's million pages cost is a million times it, whatever the cadence), net of ${MODEL_SECONDS} s of the same nodes at that rate with no page open, taken right before. It holds the pages' socket.io pings.`,
      `- C_progress: CPU over ${SECONDS} s with the pages open, per progress message delivered to a page; the idle is ${SECONDS} s with the same nodes and no page open (ticker rounds at the loading rate and timers), taken before the pages connected, so the net still holds ${COSTS_ONLY ? "the pages' socket.io pings" : "the extra admission work at 6,000/min and the pages' socket.io pings"}.`,
    );
  } finally {
    await sql.end().catch(() => undefined);
    redis.disconnect();
    await a.stop();
    await b.stop();
    await services.stop();
    if (JOIN_ONLY && results.length > 0) writeOut(results);
  }
  writeOut(results);
}

function writeOut(results) {
  if (WRITE_RESULTS)
    appendResults(`Waiting room${JOIN_ONLY ? ', join only' : COSTS_ONLY ? ', costs only' : ''}`, results);
  else process.stdout.write(`\n(--no-results: not written to RESULTS.md)\n${results.join('\n')}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
