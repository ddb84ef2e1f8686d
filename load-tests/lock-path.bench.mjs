// lock-path.bench.mjs - locks/s and p50/p99 at 50 concurrent keep-alive connections
// through the real PUT /api/seats/lock-seat (zod validation, ALTCHA verification with a
// pre-solved token per visitor, seat-map checks, the Lua lock script, the delta publish),
// against a bare node:http + ioredis server running the same Lua script, back to back,
// 5 rounds each. Every loop is lock seat -> unlock seat (so seats never run out); the
// numbers are for the lock requests. Targets: >= 70 % of baseline throughput, p99 < 15 ms.
//   node scripts/build.mjs && node load-tests/lock-path.bench.mjs [--rounds=5] [--seconds=8] [--edges=production] [--floor]
// --floor adds a third side each round: the same bare server on fastify instead of node:http (no NestJS, no
// checks), the floor of any route of a server built on the stack we use — how much of the gap is the framework.
// --edges=production keeps the two edges the default run turns off, as a production server runs them: the
// per-address seat-hold cap (each connection is its own address, via X-Forwarded-For from loopback) and the
// bot-check load count (ALTCHA_LOAD_STEP so large that the work factor stays 1: counted, never refused).
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  agentFor,
  appendResults,
  ensureBuilt,
  log,
  median,
  percentile,
  request,
  ROOT,
  solveTokens,
  startNodeChild,
  startServer,
  startServices,
} from './lib/stack.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROUNDS = arg('rounds', 5);
const SECONDS = arg('seconds', 8);
const CONCURRENCY = 50;
const PRESENTATION = 29;
const PRODUCTION_EDGES = process.argv.includes('--edges=production');
const FLOOR = process.argv.includes('--floor'); // the arena: 15,428 reserved seats + 4,500 GA places

async function run(label, once) {
  const agent = agentFor(CONCURRENCY);
  const lockMs = [];
  let locks = 0;
  let failures = 0;
  const stopAt = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      let n = 0;
      while (Date.now() < stopAt) {
        const r = await once(i, n++, agent);
        if (r.lock.status === 200) {
          locks++;
          lockMs.push(r.lock.ms);
        } else failures++;
      }
    }),
  );
  lockMs.sort((a, b) => a - b);
  const result = {
    label,
    locksPerSecond: locks / SECONDS,
    p50: percentile(lockMs, 50),
    p99: percentile(lockMs, 99),
    failures,
  };
  log(
    `${label}: ${result.locksPerSecond.toFixed(0)} locks/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, failures ${failures}`,
  );
  return result;
}

async function main() {
  ensureBuilt();
  const svc = await startServices('bench-lock');
  let server;
  let bare;
  let floor;
  try {
    log('starting the real server (migrations + demo seed on first start)…');
    server = await startServer({
      DATABASE_URL: svc.databaseUrl,
      REDIS_URL: svc.redisUrl,
      ALTCHA_MAX_NUMBER: '1000',
      ...(PRODUCTION_EDGES ? { SEAT_HOLD_CAP_PER_IP: '40', ALTCHA_LOAD_STEP: '1000000' } : {}),
    });
    bare = await startNodeChild(
      path.join(ROOT, 'load-tests', 'lib', 'bare-lock-server.mjs'),
      { REDIS_URL: svc.redisUrl, PRESENTATION_ID: String(PRESENTATION) },
      'bare server',
    );
    if (FLOOR) {
      floor = await startNodeChild(
        path.join(ROOT, 'load-tests', 'lib', 'bare-lock-server.mjs'),
        { REDIS_URL: svc.redisUrl, PRESENTATION_ID: String(PRESENTATION), BARE_FRAMEWORK: 'fastify' },
        'fastify floor',
      );
    }

    const presentation = (
      await request(server.url, 'GET', `/api/presentations/${PRESENTATION}`, { headers: { uuid: randomUUID() } })
    ).body.presentation;
    const plan = (
      await request(
        server.url,
        'GET',
        `/api/seats/seatplan?venueId=${presentation.venueId}&seatplanId=${presentation.seatplanId}`,
        { headers: { uuid: randomUUID() } },
      )
    ).body.seatplan;
    const seats = plan.sections
      .filter((s) => s.IsReserved)
      .flatMap((s) => s.groups.flatMap((g) => g.rows.flatMap((r) => r.seats)));
    const visitors = Array.from({ length: CONCURRENCY }, () => randomUUID());
    log('solving one ALTCHA challenge per visitor…');
    const tokens = await solveTokens(server.url, visitors);
    // Each loop owns 8 seats of its own: no contention, so every lock should succeed.
    const seatOf = (i, n) => seats[(i * 8 + (n % 8)) % seats.length];
    const body = (i, n) => {
      const s = seatOf(i, n);
      return {
        recaptchaToken: tokens.get(visitors[i]),
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
    };
    const ours = async (i, n, agent) => {
      const headers = { uuid: visitors[i], ...(PRODUCTION_EDGES ? { 'x-forwarded-for': `10.77.0.${i + 1}` } : {}) };
      const b = body(i, n);
      const lock = await request(server.url, 'PUT', '/api/seats/lock-seat', { headers, body: b, agent });
      await request(server.url, 'PUT', '/api/seats/unlock-seat', { headers, body: b, agent });
      return { lock };
    };
    const bareSide = (target) => async (i, n, agent) => {
      const headers = { uuid: visitors[i] };
      const s = seatOf(i, n);
      const b = { key: `${s.VenueSectionId}:${s.XCoordinate}:${s.YCoordinate}` };
      const lock = await request(target.url, 'PUT', '/lock', { headers, body: b, agent });
      await request(target.url, 'PUT', '/unlock', { headers, body: b, agent });
      return { lock };
    };
    const baseline = bareSide(bare);
    log('warm-up…');
    await run('warm-up ours', ours);
    await run('warm-up baseline', baseline);
    if (FLOOR) await run('warm-up fastify floor', bareSide(floor));
    const oursRuns = [];
    const bareRuns = [];
    const floorRuns = [];
    for (let round = 1; round <= ROUNDS; round++) {
      oursRuns.push(await run(`round ${round} ours`, ours));
      bareRuns.push(await run(`round ${round} baseline`, baseline));
      if (FLOOR) floorRuns.push(await run(`round ${round} fastify floor`, bareSide(floor)));
    }
    const m = (runs, key) => median(runs.map((r) => r[key]));
    const ratio = m(oursRuns, 'locksPerSecond') / m(bareRuns, 'locksPerSecond');
    const lines = [
      `lock-path.bench.mjs${PRODUCTION_EDGES ? ' --edges=production (seat-hold cap and bot-check load count on)' : ''}: ${CONCURRENCY} concurrent keep-alive connections, ${ROUNDS} rounds x ${SECONDS} s each side, loop = lock + unlock of the loop's own seats (arena, presentation ${PRESENTATION}); medians over rounds.`,
      '',
      '| path | locks/s | p50 ms | p99 ms | failed locks |',
      '|---|---|---|---|---|',
      `| PUT /api/seats/lock-seat (NestJS+fastify, zod, ALTCHA verify, rules, Lua, publish) | ${m(oursRuns, 'locksPerSecond').toFixed(0)} | ${m(oursRuns, 'p50').toFixed(2)} | ${m(oursRuns, 'p99').toFixed(2)} | ${oursRuns.reduce((a, r) => a + r.failures, 0)} |`,
      `| bare node:http + ioredis, same Lua script | ${m(bareRuns, 'locksPerSecond').toFixed(0)} | ${m(bareRuns, 'p50').toFixed(2)} | ${m(bareRuns, 'p99').toFixed(2)} | ${bareRuns.reduce((a, r) => a + r.failures, 0)} |`,
      ...(FLOOR
        ? [
            `| bare fastify + ioredis, same Lua script (the framework floor) | ${m(floorRuns, 'locksPerSecond').toFixed(0)} | ${m(floorRuns, 'p50').toFixed(2)} | ${m(floorRuns, 'p99').toFixed(2)} | ${floorRuns.reduce((a, r) => a + r.failures, 0)} |`,
          ]
        : []),
      '',
      ...(FLOOR
        ? [
            `Framework floor: bare fastify / bare node:http ${((100 * m(floorRuns, 'locksPerSecond')) / m(bareRuns, 'locksPerSecond')).toFixed(1)} %; ours / bare fastify ${((100 * m(oursRuns, 'locksPerSecond')) / m(floorRuns, 'locksPerSecond')).toFixed(1)} %.`,
          ]
        : []),
      `Ratio (ours / baseline throughput): ${(ratio * 100).toFixed(1)} % (target >= 70 %). p99 target < 15 ms: ${m(oursRuns, 'p99') < 15 ? 'met' : 'NOT met'}.`,
      `Per-round locks/s, ours: ${oursRuns.map((r) => r.locksPerSecond.toFixed(0)).join(', ')}; baseline: ${bareRuns.map((r) => r.locksPerSecond.toFixed(0)).join(', ')}.`,
    ];
    appendResults('Lock path', lines);
  } finally {
    await bare?.stop();
    await floor?.stop();
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
