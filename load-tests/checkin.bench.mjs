// checkin.bench.mjs - the door (docs/door-checkin.md), three measurements on one real stack:
//  1. Redeem throughput: POST /api/checkin/redeem of distinct genuine HLT2 codes, CONCURRENCY in flight, scans/s and
//     p50/p99; baseline GET /api/health at the same concurrency and count, in the same run on the same server.
//     Target: >= 1,000 scans/s (p99 < 50 ms).
//  2. Offline verification in Chromium with the CPU throttled 4x (DevTools' Emulation.setCPUThrottlingRate): the
//     scanner's own decideOffline (WebCrypto Ed25519 + the shared rules) per code, median over CODES codes after a
//     warm-up. Target: < 5 ms a code.
//  3. A MANIFEST-ticket show: the scanner's manifest downloaded (GET …/manifest with a staff session) and stored with
//     the scanner's own IndexedDB wrapper (scan-db.ts), in Chromium, unthrottled and 4x. Target: < 3 s.
// The scanner's modules are bundled for the page with rolldown (Vite's bundler). Only loopback addresses; every loop
// is bounded.
//   node load-tests/checkin.bench.mjs [--scans=20000] [--concurrency=64] [--rate=0] [--codes=200] [--manifest=50000] [--rounds=3]
//     [--client=light|node-http] [--durable]
// --redeem-cpu: only the redeem part, and instead of rates (meaningless on a loaded machine) the server process's own
// CPU time (user + system, /proc/<pid>/stat) per 1,000 redeems and per 1,000 health calls, and PostgreSQL's and
// Redis's in the same calls (on one machine they share the cores with the node); nothing is appended to
// RESULTS.md; and PostgreSQL's writing transactions per redeem (a statement that writes outside a transaction is one,
// so a scan's share of a batched first entry shows; the session's read writes once a minute and is not counted). BENCH_SERVER_DIST=<dir> runs another build's server/dist (an A/B of two builds). Side-by-side comparisons of the server's cost per scan; BENCH_CPU_PROF=<dir> adds a .cpuprofile.
// Every run also prints, per phase (health, redeem), the server's and the bench client's own CPU per call, event-loop
// delay (p50/p99/max) and utilisation and garbage collections (lib/loop-probe.cjs, preloaded into the server): on one
// machine the client shares the cores, so its cost is part of what is measured. --client=node-http: the old client
// (node:http, for comparing the client's cost); --durable: PostgreSQL with fsync and synchronous_commit on.
// A tiny run to see that it works (not for results): --scans=200 --codes=10 --manifest=500 --rounds=1
import { createPrivateKey, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ROOT,
  agentFor,
  appendResults,
  cpuMsOfTree,
  ensureBuilt,
  log,
  median,
  percentile,
  request,
  require,
  startServer,
  startServices,
} from './lib/stack.mjs';
import { lightConnections, preparedRequest, serverProbe } from './lib/light-http.mjs';
import loopProbe from './lib/loop-probe.cjs';
import { createBenchStaff, signInBenchStaff } from './lib/staff.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SCANS = arg('scans', 20_000);
const CONCURRENCY = arg('concurrency', 64);
// --rate=N: an open loop, N calls a second offered on a fixed schedule (still at most CONCURRENCY in flight, the
// devices). A call's time counts from when it was due, not from when a free device sent it, so a server that falls
// behind shows it in p99 (no coordinated omission). 0: a closed loop, each device sends again as soon as answered.
const RATE = arg('rate', 0);
const CODES = arg('codes', 200);
const MANIFEST = arg('manifest', 50_000);
const ROUNDS = arg('rounds', 3);
const THROTTLE = 4;
const TICKET_SIGNING_KEY = 'benchmark-only-ticket-key-0123456789';
const REDEEM_CPU = process.argv.includes('--redeem-cpu');
// --client=node-http: the old client (http.request through an Agent, a body stringified and an answer parsed per call),
// to compare the client's own cost; the default is the light one (lib/light-http.mjs: prepared bytes, one socket a
// device, no JSON parse).
const LIGHT = (process.argv.find((a) => a.startsWith('--client='))?.split('=')[1] ?? 'light') === 'light';
// --durable: PostgreSQL with fsync and synchronous_commit on, as in production (each writing statement waits for its
// WAL flush); by default the bench's throw-away cluster runs without (scripts/services.mjs, `durable: false`).
const DURABLE = process.argv.includes('--durable');
const { createProbe } = loopProbe;
const { Pool } = require('pg');
const shared = require(path.join(ROOT, 'shared', 'dist', 'index.js'));
const { unsealPrivateKey } = require(path.join(ROOT, 'server', 'dist', 'checkin', 'key-seal.js'));
const { ed25519Sign } = require(path.join(ROOT, 'server', 'dist', 'checkin', 'ed25519.js'));

/** A show of business 1 with open doors (it starts in half an hour) and `n` paid tickets on distinct places. */
async function showWithTickets(pool, n) {
  const { rows } = await pool.query(
    `SELECT p.id, sec.id AS "sectionId" FROM presentation p JOIN section sec ON sec.seatplan_id = p.seatplan_id
      WHERE p.business_id = 1 AND p.cancelled_at IS NULL AND EXISTS (SELECT 1 FROM ticket_group g WHERE g.presentation_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM reservation_ticket t WHERE t.presentation_id = p.id)
      ORDER BY p.id, sec.id LIMIT 1`,
  );
  const show = rows[0];
  if (!show) throw new Error('no free show of business 1');
  await pool.query(`UPDATE presentation SET date_time = now() + interval '30 minutes' WHERE id = $1`, [show.id]);
  const { rows: res } = await pool.query(
    `INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot)
     VALUES ('BENCHDOOR' || $1::text, 'bench-door-' || $1::text, gen_random_uuid(), 'paid', 0) RETURNING id`,
    [show.id],
  );
  // Places need not be seats of the plan: the door reads the ticket's own section and x, y (one live ticket each).
  const { rows: tickets } = await pool.query(
    `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot)
     SELECT $1, 'T' || lpad(upper(to_hex(($2::bigint * 1000000) + g)), 12, '0'), $2, $3, g % 1000, g / 1000,
            (SELECT t.id FROM ticket t JOIN ticket_group tg ON tg.id = t.ticket_group_id WHERE tg.presentation_id = $2 LIMIT 1), 0
       FROM generate_series(1, $4) g
     RETURNING identifier, section_id AS "sectionId", x, y`,
    [res[0].id, show.id, show.sectionId, n],
  );
  return { presentationId: show.id, tickets };
}

/** HLT2 codes signed as the server signs them: the active key, unsealed with the bench server's secret. */
async function codesFor(pool, base, presentationId, tickets) {
  await request(base, 'GET', '/api/checkin/keys'); // the first call makes the key
  const { rows } = await pool.query(`SELECT id, private_key_sealed FROM checkin_key WHERE retired_at IS NULL`);
  const key = createPrivateKey({
    key: unsealPrivateKey(TICKET_SIGNING_KEY, rows[0].private_key_sealed),
    format: 'der',
    type: 'pkcs8',
  });
  return tickets.map((t) => {
    const signed = shared.ticketCodeSignedText({
      keyId: rows[0].id,
      ticketIdentifier: t.identifier,
      presentationId,
      sectionId: t.sectionId,
      x: t.x,
      y: t.y,
    });
    return shared.ticketCodeText(signed, ed25519Sign(key, signed));
  });
}

/**
 * `count` calls of `call(i, lane)`, CONCURRENCY in flight (lane: the device, 0 to CONCURRENCY - 1): wall time, per-call
 * times and non-2xx answers. A call's time is taken here, around the call, in both loops.
 */
async function drive(count, call) {
  const times = new Float64Array(count);
  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, lane) => {
      while (next < count) {
        const i = next++;
        const due = RATE ? t0 + (i * 1000) / RATE : 0;
        if (RATE && due > performance.now()) await new Promise((done) => setTimeout(done, due - performance.now()));
        const sent = performance.now();
        const r = await call(i, lane);
        if (r.status !== 200) failed++;
        times[i] = performance.now() - (RATE ? due : sent);
      }
    }),
  );
  const wall = performance.now() - t0;
  times.sort();
  return { perSecond: (count / wall) * 1000, p50: percentile(times, 50), p99: percentile(times, 99), failed };
}

/** The client's and the server's cost and stalls over one phase (loop-probe.cjs), per 1,000 calls. */
function stallsLine(name, client, server, calls) {
  const per1000 = (ms) => ((ms / calls) * 1000) / 1000;
  const gc = (g) =>
    `GC ${g.totalMs.toFixed(0)} ms (scavenges ${g.scavenge?.count ?? 0}, max ${(g.scavenge?.maxMs ?? 0).toFixed(1)} ms; ` +
    `mark-compact ${g['mark-compact']?.count ?? 0}, max ${(g['mark-compact']?.maxMs ?? 0).toFixed(1)} ms)`;
  const loop = (p) =>
    `loop delay p50 ${p.delay.p50.toFixed(1)} / p99 ${p.delay.p99.toFixed(1)} / max ${p.delay.max.toFixed(1)} ms, utilisation ${(p.eventLoopUtilization * 100).toFixed(0)} %`;
  // The main thread's CPU per call: the event loop's own work (the rest: libuv's threadpool, GC and compiler threads).
  const busy = (p) => `main thread ${per1000(p.mainThreadCpuMs).toFixed(3)} s`;
  log(
    `${name} server: CPU ${per1000(server.cpuMs).toFixed(3)} s per 1,000, ${busy(server)}; ${loop(server)}; ${gc(server.gc)}`,
  );
  log(
    `${name} client: CPU ${per1000(client.cpuMs).toFixed(3)} s per 1,000, ${busy(client)}; ${loop(client)}; ${gc(client.gc)}`,
  );
}

/** A process's CPU seconds so far (user + system), from /proc (Linux). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The next transaction id (the asking takes one): how many transactions wrote since the last asking. */
async function transactionIdsSoFar(pool) {
  const { rows } = await pool.query(`SELECT pg_current_xact_id()::text::float8 AS n`);
  return rows[0].n;
}

/** PostgreSQL's (the postmaster and its backends) and Redis's CPU milliseconds so far. */
function othersMs(svc) {
  return { pg: cpuMsOfTree(svc.pgPid), redis: cpuMsOfTree(svc.redisPid) };
}

async function redeemThroughput(base, pool, staff, server, svc) {
  const serverPid = server.pid;
  const show = await showWithTickets(pool, SCANS);
  const codes = await codesFor(pool, base, show.presentationId, show.tickets);
  const agent = agentFor(CONCURRENCY);
  const host = new URL(base).host;
  const connections = LIGHT ? await lightConnections(base, CONCURRENCY) : [];
  const healthRequest = preparedRequest(host, 'GET', '/api/health', {});
  const scanBody = (i) => ({
    code: codes[i],
    presentationId: show.presentationId,
    gate: `Gate ${i % 40}`,
    device: `bench-${i % CONCURRENCY}`,
    scannedAt: new Date().toISOString(),
    nonce: randomUUID(),
    direction: 'in',
  });
  // The light client's requests, made before anything is timed (the scan's moment is then a little older than the
  // call: the server decides on its own clock, and stores the scanner's as it is).
  const redeemRequests = LIGHT
    ? codes.map((_, i) => preparedRequest(host, 'POST', '/api/checkin/redeem', staff.headers, scanBody(i)))
    : [];
  const health = (i, lane) =>
    LIGHT ? connections[lane].send(healthRequest) : request(base, 'GET', '/api/health', { agent });
  // Warm-up: a few scans and health calls, not counted.
  for (let i = 0; i < 20; i++) await health(i, i % CONCURRENCY);
  const clientProbe = createProbe();
  const probe = serverProbe(serverPid, server.probeFile);
  await probe.read();
  clientProbe.reset();
  const cpu0 = cpuSeconds(serverPid);
  const others0 = othersMs(svc);
  const healthRun = await drive(SCANS, health);
  const cpu1 = cpuSeconds(serverPid);
  const others1 = othersMs(svc);
  const healthStalls = { client: clientProbe.read(), server: await probe.read() };
  log(
    `health: ${healthRun.perSecond.toFixed(0)}/s, p50 ${healthRun.p50.toFixed(1)} ms, p99 ${healthRun.p99.toFixed(1)} ms`,
  );
  stallsLine('health', healthStalls.client, healthStalls.server, SCANS);
  const xid1 = await transactionIdsSoFar(pool);
  const outcomes = new Map();
  const count = (outcome) => outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  await probe.read();
  clientProbe.reset();
  const cpu1b = cpuSeconds(serverPid);
  const others1b = othersMs(svc);
  const redeemFrom = process.hrtime.bigint() / 1000n;
  const redeem = await drive(SCANS, async (i, lane) => {
    if (LIGHT) {
      const r = await connections[lane].send(redeemRequests[i]);
      count(/"outcome":"([a-z-]+)"/.exec(r.text)?.[1] ?? r.status);
      return r;
    }
    const r = await request(base, 'POST', '/api/checkin/redeem', { agent, headers: staff.headers, body: scanBody(i) });
    count(r.body?.outcome ?? r.status);
    return r;
  });
  const cpu2 = cpuSeconds(serverPid);
  const others2 = othersMs(svc);
  // The phase in the server profile's own clock (V8's sample times are the monotonic clock in µs, as hrtime's).
  if (process.env.BENCH_CPU_PROF) log(`redeem phase, monotonic µs: ${redeemFrom}-${process.hrtime.bigint() / 1000n}`);
  const redeemStalls = { client: clientProbe.read(), server: await probe.read() };
  const xid2 = await transactionIdsSoFar(pool);
  connections.forEach((c) => c.close());
  log(`redeem: ${redeem.perSecond.toFixed(0)}/s, p50 ${redeem.p50.toFixed(1)} ms, p99 ${redeem.p99.toFixed(1)} ms`);
  stallsLine('redeem', redeemStalls.client, redeemStalls.server, SCANS);
  log(
    `server CPU per 1,000 calls: redeem ${(((cpu2 - cpu1b) / SCANS) * 1000).toFixed(3)} s, health ${(((cpu1 - cpu0) / SCANS) * 1000).toFixed(3)} s`,
  );
  const per1000 = (ms) => ((ms / SCANS) * 1000) / 1000;
  log(
    `PostgreSQL CPU per 1,000 calls: redeem ${per1000(others2.pg - others1b.pg).toFixed(3)} s, health ${per1000(others1.pg - others0.pg).toFixed(3)} s; ` +
      `Redis: redeem ${per1000(others2.redis - others1b.redis).toFixed(3)} s, health ${per1000(others1.redis - others0.redis).toFixed(3)} s`,
  );
  // A statement that writes is a transaction with an id of its own (a batch's scans share one); reads take none.
  const writingPerRedeem = (xid2 - xid1 - 1) / SCANS;
  log(`PostgreSQL writing transactions per redeem: ${writingPerRedeem.toFixed(3)}`);
  log(`outcomes: ${JSON.stringify(Object.fromEntries(outcomes))}`);
  if ((outcomes.get('admitted') ?? 0) !== SCANS)
    throw new Error('not every scan was admitted: the bench measured refusals');
  const cost = {
    serverMs: ((cpu2 - cpu1b) / SCANS) * 1000,
    postgresMs: (others2.pg - others1b.pg) / SCANS,
    writingPerRedeem,
  };
  return { health: healthRun, redeem, healthStalls, redeemStalls, cost };
}

/** The scanner's decideOffline and IndexedDB store, bundled for a page by rolldown (Vite's bundler). */
async function scannerBundle() {
  const dir = path.join(ROOT, '.tmp', `bench-checkin-bundle-${process.pid}`); // not the services' folder
  mkdirSync(dir, { recursive: true });
  const entry = path.join(dir, 'entry.ts');
  const scan = path.join(ROOT, 'client', 'src', 'scan');
  writeFileSync(
    entry,
    `import { decideOffline } from ${JSON.stringify(path.join(scan, 'offline-door.ts'))};
     import { openScanStore } from ${JSON.stringify(path.join(scan, 'scan-db.ts'))};
     (globalThis as any).door = { decideOffline, openScanStore };`,
  );
  const { rolldown } = await import('rolldown');
  const bundle = await rolldown({
    input: entry,
    resolve: { alias: { '@hotline/shared': path.join(ROOT, 'shared', 'src', 'index.ts') } },
    platform: 'browser',
  });
  const { output } = await bundle.generate({ format: 'iife' });
  rmSync(dir, { recursive: true, force: true });
  return output[0].code;
}

async function inChromium(base, pool, staff) {
  const { chromium } = require(path.join(ROOT, 'node_modules', '@playwright', 'test'));
  const code = await scannerBundle();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    // The server's CSP allows no inline script: the bench's bundle is added by Playwright with the CSP bypassed.
    const context = await browser.newContext({ bypassCSP: true });
    const [name, value] = staff.cookie.split('=');
    await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/api/health`); // an origin of the server: a secure context (127.0.0.1), same-origin fetch
    await page.addScriptTag({ content: code });
    const cdp = await context.newCDPSession(page);
    const throttle = (rate) => cdp.send('Emulation.setCPUThrottlingRate', { rate });

    // 2. Offline verification of one code, 4x slower CPU.
    const show = await showWithTickets(pool, Math.max(CODES, 10));
    const codes = await codesFor(pool, base, show.presentationId, show.tickets);
    const manifest = (
      await request(base, 'GET', `/api/checkin/presentations/${show.presentationId}/manifest`, {
        headers: staff.headers,
      })
    ).body;
    await throttle(THROTTLE);
    const verify = await page.evaluate(
      async ({ manifest, codes }) => {
        const { decideOffline } = globalThis.door;
        const times = [];
        const outcomes = {};
        for (const [i, code] of [...codes.slice(0, 5), ...codes].entries()) {
          const t0 = performance.now();
          const a = await decideOffline(manifest, new Set(), code, new Date());
          if (i >= 5) times.push(performance.now() - t0);
          outcomes[a.outcome] = (outcomes[a.outcome] ?? 0) + 1;
        }
        return { times, outcomes };
      },
      { manifest, codes },
    );
    await throttle(1);
    verify.times.sort((a, b) => a - b);
    log(
      `offline verify at ${THROTTLE}x: median ${median(verify.times).toFixed(2)} ms, outcomes ${JSON.stringify(verify.outcomes)}`,
    );

    // 3. The big show's manifest: download and store, unthrottled and 4x.
    const big = await showWithTickets(pool, MANIFEST);
    const manifestRuns = {};
    for (const rate of [1, THROTTLE]) {
      await throttle(rate);
      const runs = [];
      for (let round = 0; round < ROUNDS; round++)
        runs.push(
          await page.evaluate(
            async ({ id, visitor }) => {
              const t0 = performance.now();
              const response = await fetch(`/api/checkin/presentations/${id}/manifest`, {
                headers: { uuid: visitor },
              });
              if (response.status !== 200) throw new Error(`manifest ${response.status}`);
              const text = await response.text();
              const m = JSON.parse(text);
              const downloaded = performance.now() - t0;
              const store = await globalThis.door.openScanStore();
              await store.saveManifest(m);
              store.close();
              return { total: performance.now() - t0, downloaded, bytes: text.length, tickets: m.tickets.length };
            },
            { id: big.presentationId, visitor: staff.visitor },
          ),
        );
      manifestRuns[rate] = runs;
      log(
        `manifest ${runs[0].tickets} tickets (${(runs[0].bytes / 1e6).toFixed(1)} MB) at ${rate}x: ` +
          runs.map((r) => `${r.total.toFixed(0)} ms (download ${r.downloaded.toFixed(0)})`).join(', '),
      );
    }
    await throttle(1);
    return { verify, manifestRuns };
  } finally {
    await browser.close();
  }
}

async function main() {
  ensureBuilt();
  const svc = await startServices('bench-checkin', { durable: DURABLE });
  let server;
  try {
    // The server's own stalls and GC (loop-probe.cjs), read by the bench over SIGUSR2; the server's code is as built.
    const probeFile = path.join(ROOT, '.tmp', `bench-checkin-probe-${process.pid}.json`);
    server = await startServer(
      {
        DATABASE_URL: svc.databaseUrl,
        REDIS_URL: svc.redisUrl,
        TICKET_SIGNING_KEY,
        SEED_STADIUM: 'false',
        LOOP_PROBE_FILE: probeFile,
      },
      'server',
      ['--require', path.join(ROOT, 'load-tests', 'lib', 'loop-probe.cjs')],
      process.env.BENCH_SERVER_DIST ?? undefined,
    );
    server.probeFile = probeFile;
    const pool = new Pool({ connectionString: svc.databaseUrl, max: 4 });
    pool.on('error', () => undefined);
    await createBenchStaff(pool, [293]);
    const staff = await signInBenchStaff(server.url);
    const through = await redeemThroughput(server.url, pool, staff, server, svc);
    if (REDEEM_CPU) {
      await pool.end();
      return;
    }
    const browser = await inChromium(server.url, pool, staff);
    await pool.end();
    const f = (x, d = 1) => x.toFixed(d);
    const verifyMedian = median(browser.verify.times);
    const manifestMedian = (rate) => median(browser.manifestRuns[rate].map((r) => r.total));
    const m1 = browser.manifestRuns[1][0];
    appendResults('Door check-in: redeem, offline verify, manifest (load-tests/checkin.bench.mjs)', [
      `### Redeem: ${SCANS.toLocaleString('en')} distinct tickets, ${CONCURRENCY} in flight${RATE ? `, offered at ${RATE.toLocaleString('en')}/s (open loop: times from when each call was due)` : ''} (target >= 1,000 scans/s, p99 < 50 ms)`,
      '',
      '| call | per second | p50 ms | p99 ms | non-200 | target |',
      '|---|---:|---:|---:|---:|---|',
      `| GET /api/health (baseline) | ${f(through.health.perSecond, 0)} | ${f(through.health.p50)} | ${f(through.health.p99)} | ${through.health.failed} | |`,
      `| POST /api/checkin/redeem | ${f(through.redeem.perSecond, 0)} | ${f(through.redeem.p50)} | ${f(through.redeem.p99)} | ${through.redeem.failed} | ${
        through.redeem.perSecond >= 1000 && through.redeem.p99 < 50 ? 'met' : '**MISSED**'
      } |`,
      '',
      `PostgreSQL ${DURABLE ? 'durable (fsync, synchronous_commit on)' : 'without fsync (the bench default)'}; client ${LIGHT ? 'light (prepared bytes, lib/light-http.mjs)' : 'node:http'}. Stalls in the same phases (lib/loop-probe.cjs):`,
      '',
      `Per redeem: the server ${f(through.cost.serverMs, 3)} ms of CPU, PostgreSQL ${f(through.cost.postgresMs, 3)} ms; ${f(through.cost.writingPerRedeem, 3)} writing transactions.`,
      '',
      '| phase | process | CPU ms per call (main thread) | event-loop delay p99 / max ms | GC ms (mark-compact count, max ms) |',
      '|---|---|---:|---:|---|',
      ...['health', 'redeem'].flatMap((phase) =>
        ['server', 'client'].map((who) => {
          const p = through[`${phase}Stalls`][who];
          const mc = p.gc['mark-compact'];
          return `| ${phase} | ${who} | ${f(p.cpuMs / SCANS, 3)} (${f(p.mainThreadCpuMs / SCANS, 3)}) | ${f(p.delay.p99)} / ${f(p.delay.max)} | ${f(p.gc.totalMs, 0)} (${mc?.count ?? 0}, ${f(mc?.maxMs ?? 0)}) |`;
        }),
      ),
      '',
      `### Offline verification in Chromium at ${THROTTLE}x CPU throttling (${browser.verify.times.length} codes; target < 5 ms)`,
      '',
      `median ${f(verifyMedian, 2)} ms, p95 ${f(percentile(browser.verify.times, 95), 2)} ms: ${verifyMedian < 5 ? 'met' : '**MISSED**'}`,
      '',
      `### Manifest of ${m1.tickets.toLocaleString('en')} tickets (${f(m1.bytes / 1e6)} MB), downloaded and stored in IndexedDB (${ROUNDS} rounds; target < 3 s)`,
      '',
      '| CPU | median ms | rounds ms | target |',
      '|---|---:|---|---|',
      ...[1, THROTTLE].map(
        (rate) =>
          `| ${rate}x | ${f(manifestMedian(rate), 0)} | ${browser.manifestRuns[rate].map((r) => f(r.total, 0)).join(', ')} | ${
            manifestMedian(rate) < 3000 ? 'met' : '**MISSED**'
          } |`,
      ),
    ]);
  } finally {
    await server?.stop();
    await svc.stop();
  }
}

await main();
