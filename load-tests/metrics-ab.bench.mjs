// metrics-ab.bench.mjs - what metrics cost on the real lock path, in server CPU (from /proc), not in throughput, so it
// can be read on a shared machine: real servers from the same database and Redis, side by side: metrics off, metrics
// on (METRICS_PORT set), and with --before=DIR metrics on in another build (e.g. main's server/dist, copied aside
// before rebuilding). Each round drives every side in turn (the order alternates: A B C, C B A…) with the same number
// of lock + unlock loops of the lock-path bench (50 keep-alive connections, each loop on its own visitor's seats, a
// pre-solved ALTCHA token), Prometheus' scrape of each metrics side once per round inside its window, and reads each
// server's CPU before and after from /proc/<pid>/task/*/schedstat: nanoseconds on a CPU, every thread of that server
// process only (its GC helpers and libuv pool included; not the bench's client, PostgreSQL or Redis), where
// /proc/<pid>/stat counts in 10 ms ticks (2 % of a one-second window). A side's idle CPU (its jobs, timers, another
// node's lease…) is taken off: its own CPU while the other sides ran, per second, times its window.
//
// The cost of a side is read round by round, as its CPU per request over the baseline's in the same round (the
// machine drifts between rounds, much less within one), and given as the median of the rounds' ratios with its 95 %
// confidence interval (order statistics, no assumption about how rounds scatter: lib/paired-stats.mjs), against the
// budget: "met" when the whole interval is under it, "exceeded" when over, else "undecided".
//
// Time: by default 60 rounds fitted into --minutes=7 of measurement (the loops a round are set from the warm-up's own
// pace, at least 500), plus the servers' start, the ALTCHA tokens and the warm-up: under 10 minutes in all. On a
// quiet machine a round's window is then a few seconds a side; the interval narrows as 1/√rounds.
//   node scripts/build.mjs && node load-tests/metrics-ab.bench.mjs [--before=.tmp/metrics-before/server/dist]
//     [--rounds=60] [--minutes=7 | --loops=N] [--budget=3]
// The other build: main's `node scripts/build.mjs`, its server/dist copied to .tmp/metrics-before/server/dist with
// server/package.json beside it and .tmp/metrics-before/server/node_modules a link to ../../../server/node_modules
// (the server's own packages resolve from there).
// Nothing is written to RESULTS.md: numbers for it are taken on a quiet machine.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { readFileSync, readdirSync } from 'node:fs';
import * as services from '../scripts/services.mjs';
import { costOver } from './lib/paired-stats.mjs';
import {
  agentFor,
  cpuMsOf,
  ensureBuilt,
  log,
  median,
  request,
  ROOT,
  solveTokens,
  startServer,
  startServices,
} from './lib/stack.mjs';

const opt = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const ROUNDS = Number(opt('rounds', 60));
const MINUTES = Number(opt('minutes', 7));
const FIXED_LOOPS = opt('loops', undefined) && Number(opt('loops'));
const BUDGET = Number(opt('budget', 3));
const WARMUP_LOOPS = 2000;
const BEFORE = opt('before', undefined) && path.resolve(ROOT, opt('before'));
const CONCURRENCY = 50;
const PRESENTATION = 29;
// Scrapes on a fresh connection each: a kept-alive one the metrics listener closed meanwhile (5 s) resets.
const scrapeAgent = new http.Agent({ keepAlive: false });
const scrape = (side) => request(side.metricsUrl, 'GET', '/metrics', { agent: scrapeAgent });
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join('/');

/**
 * A server's CPU in ms, every thread of it (/proc/<pid>/task/<tid>/schedstat: ns on a CPU), or from /proc/<pid>/stat's
 * 10 ms ticks where schedstat is missing (a kernel without scheduler statistics).
 */
function cpuOf(pid) {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        /* a thread that ended meanwhile */
      }
    }
    return ns / 1e6;
  } catch {
    return cpuMsOf(pid);
  }
}

async function startSide(label, svc, metrics, dist) {
  const metricsPort = metrics ? await services.freePort() : undefined;
  const server = await startServer(
    {
      DATABASE_URL: svc.databaseUrl,
      REDIS_URL: svc.redisUrl,
      ALTCHA_MAX_NUMBER: '1000',
      METRICS_PORT: metrics ? String(metricsPort) : '',
    },
    label,
    [],
    dist,
  );
  return { label, server, metricsUrl: metrics ? `http://127.0.0.1:${metricsPort}` : null, us: [], loads: [] };
}

async function main() {
  ensureBuilt();
  const svc = await startServices('bench-metrics-ab');
  const sides = [];
  try {
    log('starting the servers (migrations + demo seed with the first)…');
    sides.push(await startSide('metrics off', svc, false));
    sides.push(await startSide('metrics on', svc, true));
    if (BEFORE) sides.push(await startSide(`metrics on, ${path.relative(ROOT, BEFORE)}`, svc, true, BEFORE));
    const first = sides[0].server.url;
    const presentation = (
      await request(first, 'GET', `/api/presentations/${PRESENTATION}`, { headers: { uuid: randomUUID() } })
    ).body.presentation;
    const plan = (
      await request(
        first,
        'GET',
        `/api/seats/seatplan?venueId=${presentation.venueId}&seatplanId=${presentation.seatplanId}`,
        { headers: { uuid: randomUUID() } },
      )
    ).body.seatplan;
    const seats = plan.sections
      .filter((s) => s.IsReserved)
      .flatMap((s) => s.groups.flatMap((g) => g.rows.flatMap((r) => r.seats)));
    for (const [k, side] of sides.entries()) {
      side.visitors = Array.from({ length: CONCURRENCY }, () => randomUUID());
      log(`solving one ALTCHA challenge per visitor (${side.label})…`);
      side.tokens = await solveTokens(side.server.url, side.visitors);
      side.seatOf = (i, n) => seats[(k * CONCURRENCY * 8 + i * 8 + (n % 8)) % seats.length];
    }
    const drive = async (side, loops) => {
      const agent = agentFor(CONCURRENCY);
      let left = loops;
      let failures = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, i) => {
          for (let n = 0; left-- > 0; n++) {
            const s = side.seatOf(i, n);
            const headers = { uuid: side.visitors[i] };
            const body = {
              recaptchaToken: side.tokens.get(side.visitors[i]),
              seat: {
                PresentationId: PRESENTATION,
                VenueId: presentation.venueId,
                VenueSeatplanId: presentation.seatplanId,
                VenueSectionId: s.VenueSectionId,
                TicketGroupId: s.TicketGroupId,
                XCoordinate: s.XCoordinate,
                YCoordinate: s.YCoordinate,
              },
            };
            const lock = await request(side.server.url, 'PUT', '/api/seats/lock-seat', { headers, body, agent });
            await request(side.server.url, 'PUT', '/api/seats/unlock-seat', { headers, body, agent });
            if (lock.status !== 200) failures++;
          }
        }),
      );
      if (failures) throw new Error(`${side.label}: ${failures} locks failed`);
    };
    log(`warm-up (${WARMUP_LOOPS} loops a side)…`);
    const warmStart = performance.now();
    for (const side of sides) await drive(side, WARMUP_LOOPS);
    const msPerLoop = (performance.now() - warmStart) / (WARMUP_LOOPS * sides.length);
    const LOOPS = FIXED_LOOPS ?? Math.max(500, Math.floor((MINUTES * 60_000) / (ROUNDS * sides.length * msPerLoop)));
    log(
      `${ROUNDS} rounds of ${LOOPS} loops a side (warm-up pace ${(1000 / msPerLoop).toFixed(0)} loops/s: about ${((ROUNDS * sides.length * LOOPS * msPerLoop) / 60_000).toFixed(1)} minutes)`,
    );
    const cpuOfAll = () => sides.map((s) => cpuOf(s.server.pid));
    // Collections per request, from a metrics side's own scrape (what the GC observer's cost scales with).
    const collections = async (side) =>
      [...String((await scrape(side)).body).matchAll(/^nodejs_gc_duration_seconds_count\{[^}]*\} (\S+)$/gm)]
        .map((m) => Number(m[1]))
        .reduce((a, b) => a + b, 0);
    for (const side of sides) if (side.metricsUrl) side.gcBefore = await collections(side);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...sides].reverse() : sides;
      const windows = []; // per side driven: [side, ms of wall, cpu before, cpu after] of every side
      const startLoad = load();
      for (const side of order) {
        const before = cpuOfAll();
        const t = performance.now();
        if (side.metricsUrl) await scrape(side);
        await drive(side, LOOPS);
        windows.push({ side, ms: performance.now() - t, before, after: cpuOfAll() });
      }
      for (const [k, side] of sides.entries()) {
        const own = windows.find((w) => w.side === side);
        const others = windows.filter((w) => w.side !== side);
        const idlePerMs =
          others.reduce((a, w) => a + (w.after[k] - w.before[k]), 0) / others.reduce((a, w) => a + w.ms, 0);
        const cpuMs = own.after[k] - own.before[k] - idlePerMs * own.ms;
        side.us.push((cpuMs * 1000) / (LOOPS * 2));
      }
      log(
        `round ${round + 1}/${ROUNDS} (load ${startLoad} → ${load()}): ${sides.map((s) => `${s.label} ${s.us.at(-1).toFixed(1)}`).join(', ')} µs/request`,
      );
    }
    for (const side of sides)
      if (side.metricsUrl) side.gcPerRequest = ((await collections(side)) - side.gcBefore) / (ROUNDS * LOOPS * 2);
    const off = sides[0].us;
    const pct = (x) => (x === null ? '-' : `${x >= 0 ? '+' : ''}${x.toFixed(2)} %`);
    const lines = [
      `metrics-ab.bench.mjs: ${ROUNDS} rounds of ${LOOPS} lock + unlock loops a side (${CONCURRENCY} connections), order alternating; server CPU from /proc/<pid>/task/*/schedstat net of each side's idle CPU; load at the end ${load()} (1/5/15 min).`,
      `Cost over off: the median of the rounds' own ratios, with its 95 % interval (order statistics); budget ${BUDGET} %.`,
      '',
      '| side | µs CPU / request (median) | cost over off (median) | 95 % interval | interval width | budget | GCs / 1,000 requests |',
      '|---|---|---|---|---|---|---|',
      ...sides.map((s, k) => {
        const gc = s.gcPerRequest === undefined ? '-' : (1000 * s.gcPerRequest).toFixed(1);
        if (k === 0) return `| ${s.label} | ${median(s.us).toFixed(1)} | (baseline) | | | | ${gc} |`;
        const c = costOver(off, s.us, BUDGET);
        const interval = c.low === null ? 'too few rounds' : `${pct(c.low)} … ${pct(c.high)}`;
        const width = c.width === null ? '-' : `${c.width.toFixed(2)} %`;
        return `| ${s.label} | ${median(s.us).toFixed(1)} | ${pct(c.median)} | ${interval} | ${width} | ${c.verdict} | ${gc} |`;
      }),
      '',
      'Per round (µs CPU / request):',
      ...sides.map((s) => `  ${s.label}: ${s.us.map((x) => x.toFixed(1)).join(', ')}`),
    ];
    process.stdout.write(`\n${lines.join('\n')}\n`);
  } finally {
    for (const side of sides) await side.server.stop();
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
