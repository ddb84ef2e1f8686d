// metrics-cost.bench.mjs - what each metrics addition costs, in CPU, so it can be measured on a loaded machine
// (wall-clock rates mean nothing there; CPU time per unit of work mostly does). Two parts:
//  1. Recording calls, in this process: ns of CPU per call of Metrics.timed (the lock's recording) and of the HTTP
//     histogram's recording, for the adapter of each DIST given, against the NO_METRICS port; the sides alternate
//     in short slices, many times, and the median slice counts.
//  2. Per request, in servers: one child server per variant (lib/metrics-cost-server.mjs: off, collectors, node, gc,
//     ourgc, gcfloor, gcprofiler, eld, hook, full per DIST) on one trivial lock-like route; the same batch of
//     keep-alive requests goes to each in turn, round after round, and each server reports its own
//     process.cpuUsage(): µs of server CPU per request, median of rounds.
//   node scripts/build.mjs && node load-tests/metrics-cost.bench.mjs [--dist=server/dist] [--before=DIR] [--rounds=7]
//     [--requests=20000] [--variants=collectors,node,gc,ourgc,gcfloor,gcprofiler,eld,hook,full]
// --before: a compiled server/dist of the code to compare with (e.g. main's, copied aside before rebuilding).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import http from 'node:http';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const opt = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const DIST = path.resolve(ROOT, opt('dist', 'server/dist'));
const BEFORE = opt('before', undefined) && path.resolve(ROOT, opt('before'));
const ROUNDS = Number(opt('rounds', 7));
const REQUESTS = Number(opt('requests', 20000));
const CONCURRENCY = 20;
// --variants=off,gc,...: only these server sides (off is always kept: the others are read against it).
const ONLY = opt('variants', undefined)?.split(',');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const cpuMicros = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};
const dists = [['after', DIST], ...(BEFORE ? [['before', BEFORE]] : [])];

async function recordingCalls() {
  const sides = [['NO_METRICS', require(path.join(DIST, 'observability', 'metrics.js')).NO_METRICS, null]];
  for (const [label, dir] of dists) {
    const m = new (require(path.join(dir, 'observability', 'prom-metrics.js')).PromMetrics)('bench');
    // The HTTP recording as each version's hook makes it (before: label-hashed observe; after: route series).
    const http =
      typeof m.httpRoute === 'function'
        ? () => m.httpRoute('/api/seats/lock-seat').observe('PUT', 200, 0.004)
        : () => m.httpRequest('PUT', '/api/seats/lock-seat', 200, 0.004);
    sides.push([label, m, http]);
  }
  const work = () => Promise.resolve(1);
  const SLICE = 20000;
  const timedNs = new Map(sides.map(([l]) => [l, []]));
  const httpNs = new Map(sides.map(([l]) => [l, []]));
  for (let slice = 0; slice < 30; slice++) {
    for (const [label, m, httpCall] of sides) {
      let t = cpuMicros();
      for (let i = 0; i < SLICE; i++) await m.timed('seat_lock', work);
      timedNs.get(label).push(((cpuMicros() - t) * 1000) / SLICE);
      if (!httpCall) continue;
      t = cpuMicros();
      for (let i = 0; i < SLICE * 5; i++) httpCall();
      httpNs.get(label).push(((cpuMicros() - t) * 1000) / (SLICE * 5));
    }
  }
  console.log('\n1. Recording calls (ns of CPU per call, median of 30 alternating slices)');
  console.log('| side | Metrics.timed (async work included) | HTTP recording |');
  console.log('|---|---|---|');
  for (const [label] of sides)
    console.log(
      `| ${label} | ${median(timedNs.get(label)).toFixed(0)} | ${httpNs.get(label).length ? median(httpNs.get(label)).toFixed(0) : '-'} |`,
    );
}

function startSide(variant, dist) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'load-tests', 'lib', 'metrics-cost-server.mjs')], {
      cwd: ROOT,
      env: { ...process.env, VARIANT: variant, DIST: dist },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.once('error', reject);
    child.stdout.once('data', (d) => resolve({ child, port: Number(String(d).trim()) }));
  });
}

function call(agent, port, method, urlPath, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, agent, headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString()));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

async function perRequest() {
  const variants = [
    ['off', 'off', DIST],
    ['collectors (prom-client)', 'collectors', DIST],
    ['collectors (ours)', 'node', DIST],
    ['gc observer (prom-client)', 'gc', DIST],
    ['gc observer (ours)', 'ourgc', DIST],
    ['gc observer doing nothing (the floor)', 'gcfloor', DIST],
    ['v8.GCProfiler read every 15 s', 'gcprofiler', DIST],
    ['event-loop delay monitor', 'eld', DIST],
    ['hook', 'hook', DIST],
    ...dists.map(([label, dir]) => [`full (${label})`, 'full', dir]),
  ];
  const sides = [];
  for (const [label, variant, dist] of variants.filter(([, v]) => v === 'off' || !ONLY || ONLY.includes(v)))
    sides.push({ label, ...(await startSide(variant, dist)), us: [] });
  const body = JSON.stringify({ seat: { PresentationId: 29, VenueSectionId: 3, XCoordinate: 10, YCoordinate: 4 } });
  const batch = async (side, n) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    let left = n;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (left-- > 0) await call(agent, side.port, 'PUT', '/api/seats/lock-seat', body);
      }),
    );
    agent.destroy();
  };
  const cpu = async (side) => {
    const u = JSON.parse(await call(undefined, side.port, 'GET', '/cpu'));
    return u.user + u.system;
  };
  try {
    for (const side of sides) await batch(side, REQUESTS / 4); // warm-up (JIT)
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...sides].reverse() : sides;
      for (const side of order) {
        const before = await cpu(side);
        await batch(side, REQUESTS);
        side.us.push(((await cpu(side)) - before) / REQUESTS);
      }
    }
  } finally {
    for (const side of sides) side.child.kill();
  }
  // Each round's sides ran next to each other: the difference to off within a round cancels the machine's drift.
  const off = sides[0].us;
  console.log(`\n2. Server CPU per request (µs, ${ROUNDS} rounds of ${REQUESTS} requests, sides alternating)`);
  console.log("| variant | median µs CPU / request | over off (median of the rounds' differences) | rounds |");
  console.log('|---|---|---|---|');
  for (const s of sides)
    console.log(
      `| ${s.label} | ${median(s.us).toFixed(2)} | ${median(s.us.map((x, r) => x - off[r])).toFixed(2)} | ${s.us.map((x) => x.toFixed(1)).join(', ')} |`,
    );
}

const load = () =>
  require('node:os')
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
console.log(`metrics-cost.bench.mjs, load at start ${load()}`);
await recordingCalls();
await perRequest();
console.log(`\nload at end ${load()}`);
