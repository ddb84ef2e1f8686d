// onsale.bench.mjs - the on-sale rush: 2,000 simulated buyers (distinct visitors, each with
// a solved ALTCHA token) on the 20,000-place arena, each asking GET /api/seats/best-available
// with quantity 4 and isLock=1, CONCURRENCY at a time. Reports success rate, latency p50/p99
// and checks in Redis-backed seats-status that no seat has two owners (every locked seat is
// claimed by exactly one buyer's answer, and every answer's seats show as that buyer's).
// Repeats >= 5 times from an empty hall each time (the bench's own Redis is flushed and rebuilt), against a baseline of the same
// buyers locking 4 pre-assigned adjacent seats each through PUT /api/seats/lock-seat
// (no search), back to back.
//   node scripts/build.mjs && node load-tests/onsale.bench.mjs [--buyers=2000] [--rounds=5] [--concurrency=100]
import { randomUUID } from 'node:crypto';
import {
  agentFor,
  appendResults,
  ensureBuilt,
  log,
  median,
  percentile,
  request,
  require,
  solveTokens,
  startServer,
  startServices,
} from './lib/stack.mjs';

const argOf = (name, fallback) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const BUYERS = argOf('buyers', 2000);
const ROUNDS = argOf('rounds', 5);
const CONCURRENCY = argOf('concurrency', 100);
const PRESENTATION = 29;
const Redis = require('ioredis');

async function pool(items, concurrency, fn) {
  let next = 0;
  const out = new Array(items.length);
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

async function main() {
  ensureBuilt();
  const svc = await startServices('bench-onsale');
  const server = await startServer({
    DATABASE_URL: svc.databaseUrl,
    REDIS_URL: svc.redisUrl,
    ALTCHA_MAX_NUMBER: '200',
    ALTCHA_CHALLENGE_TTL_SECONDS: '3600',
    ALTCHA_BINDING_TTL_SECONDS: '3600',
    LOCK_TTL_SECONDS: '3600',
  });
  const redis = new (Redis.default ?? Redis)(svc.redisUrl);
  // Between runs the bench's own Redis is flushed: the engine rebuilds the arena from
  // PostgreSQL (nothing sold), so every run starts from an empty hall.
  const reset = () => redis.flushall();
  const agent = agentFor(CONCURRENCY);
  try {
    const info = (await request(server.url, 'GET', '/api/presentations/29', { headers: { uuid: randomUUID() } })).body
      .presentation;
    const plan = (
      await request(server.url, 'GET', `/api/seats/seatplan?venueId=${info.venueId}&seatplanId=${info.seatplanId}`, {
        headers: { uuid: randomUUID() },
      })
    ).body.seatplan;
    const places = plan.sections.reduce(
      (a, s) =>
        a +
        (s.IsReserved ? s.groups.reduce((b, g) => b + g.rows.reduce((c, r) => c + r.seats.length, 0), 0) : s.Capacity),
      0,
    );
    // Baseline seats: 4 adjacent seats per buyer, taken row by row.
    const blocks = [];
    for (const s of plan.sections.filter((x) => x.IsReserved)) {
      for (const g of s.groups)
        for (const r of g.rows) {
          for (let i = 0; i + 4 <= r.seats.length; i += 4) blocks.push(r.seats.slice(i, i + 4));
        }
    }
    log(`arena: ${places} places; solving ${BUYERS} ALTCHA challenges…`);
    const buyers = Array.from({ length: BUYERS }, () => randomUUID());
    const tokens = await solveTokens(server.url, buyers);
    const rows = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const pid = PRESENTATION;
      await reset();
      const started = Date.now();
      const results = await pool(buyers, CONCURRENCY, async (v) => {
        const r = await request(
          server.url,
          'GET',
          `/api/seats/best-available?presentationId=${pid}&quantity=4&maxMatches=5&resultsPerMatch=1&isLock=1&recaptchaToken=${encodeURIComponent(tokens.get(v))}`,
          { headers: { uuid: v }, agent },
        );
        return { v, r };
      });
      const elapsed = (Date.now() - started) / 1000;
      const ms = results.map((x) => x.r.ms).sort((a, b) => a - b);
      const ok = results.filter((x) => x.r.status === 200 && x.r.body.matches?.[0]?.locked);
      const errors = {};
      for (const x of results)
        if (x.r.status !== 200)
          errors[x.r.body?.error ?? x.r.status] = (errors[x.r.body?.error ?? x.r.status] ?? 0) + 1;
      // No seat with two owners: the answers never overlap, and the state agrees with each answer.
      const claimed = new Map();
      let overlaps = 0;
      for (const x of ok)
        for (const s of x.r.body.matches[0].seats) {
          const key = `${s.sectionId}:${s.x}:${s.y}`;
          if (claimed.has(key)) overlaps++;
          claimed.set(key, x.v);
        }
      let mismatches = 0;
      const sample = ok.filter((_, i) => i % 50 === 0);
      for (const x of sample) {
        const st = (
          await request(server.url, 'GET', `/api/seats/seats-status?presentationId=${pid}&isReserved=1`, {
            headers: { uuid: x.v },
          })
        ).body.seats;
        const mine = new Set(st.filter((r) => r[6] === 2).map((r) => `${r[0]}:${r[2]}:${r[3]}`));
        const answer = x.r.body.matches[0].seats.map((s) => `${s.sectionId}:${s.x}:${s.y}`);
        if (mine.size !== answer.length || answer.some((k) => !mine.has(k))) mismatches++;
      }
      const outsider = (
        await request(server.url, 'GET', `/api/seats/seats-status?presentationId=${pid}&isReserved=1`, {
          headers: { uuid: randomUUID() },
        })
      ).body.seats;
      const lockedInState = outsider.filter((r) => r[6] === 5).length;
      const row = {
        round,
        pid,
        success: ok.length / BUYERS,
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
        perSecond: BUYERS / elapsed,
        overlaps,
        mismatches,
        sampled: sample.length,
        lockedInState,
        claimed: claimed.size,
        errors,
      };
      rows.push(row);
      log(
        `round ${round} (presentation ${pid}): success ${(row.success * 100).toFixed(1)} %, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, ${row.perSecond.toFixed(0)} buyers/s, overlaps ${overlaps}, state mismatches ${mismatches}/${sample.length}, locked in state ${lockedInState} vs claimed ${claimed.size}, errors ${JSON.stringify(errors)}`,
      );
      // Baseline: the same buyers each lock 4 given adjacent seats through lock-seat (4 requests).
      {
        await reset();
        const bpid = pid;
        const bstart = Date.now();
        const bres = await pool(buyers, CONCURRENCY, async (v, i) => {
          const block = blocks[(i * 7919) % blocks.length];
          const t0 = process.hrtime.bigint();
          let fine = true;
          for (const s of block) {
            const r = await request(server.url, 'PUT', '/api/seats/lock-seat', {
              headers: { uuid: v },
              agent,
              body: {
                recaptchaToken: tokens.get(v),
                seat: {
                  PresentationId: bpid,
                  VenueId: info.venueId,
                  VenueSeatplanId: info.seatplanId,
                  VenueSectionId: s.VenueSectionId,
                  TicketGroupId: s.TicketGroupId,
                  XCoordinate: s.XCoordinate,
                  YCoordinate: s.YCoordinate,
                },
              },
            });
            if (r.status !== 200) fine = false;
          }
          return { ms: Number(process.hrtime.bigint() - t0) / 1e6, fine };
        });
        row.baseFailed = bres.filter((x) => !x.fine).length;
        const bms = bres.map((x) => x.ms).sort((a, b) => a - b);
        row.base = {
          p50: percentile(bms, 50),
          p99: percentile(bms, 99),
          perSecond: BUYERS / ((Date.now() - bstart) / 1000),
        };
        log(
          `round ${round} baseline (4 x lock-seat of pre-assigned seats, no search): p50 ${row.base.p50.toFixed(1)} ms, p99 ${row.base.p99.toFixed(1)} ms, ${row.base.perSecond.toFixed(0)} buyers/s`,
        );
      }
    }
    const m = (k) => median(rows.map((r) => r[k]));
    const mb = (k) => median(rows.map((r) => r.base[k]));
    appendResults('On-sale rush', [
      `onsale.bench.mjs: ${BUYERS} buyers (distinct visitors, real ALTCHA tokens), arena presentation ${PRESENTATION} (${places} places, ${blocks.length * 4} in 4-seat row blocks), best-available quantity 4 with isLock=1, ${CONCURRENCY} buyers in flight; ${ROUNDS} rounds; medians over rounds. Baseline, back to back: the same number of buyers each locking 4 pre-assigned adjacent seats with 4 lock-seat calls (no search).`,
      '',
      '| run | success | p50 ms | p99 ms | buyers/s | seats with two owners |',
      '|---|---|---|---|---|---|',
      `| best-available isLock=1 | ${(m('success') * 100).toFixed(1)} % | ${m('p50').toFixed(1)} | ${m('p99').toFixed(1)} | ${m('perSecond').toFixed(0)} | ${rows.reduce((a, r) => a + r.overlaps, 0)} (answers overlapping); state mismatches ${rows.reduce((a, r) => a + r.mismatches, 0)}/${rows.reduce((a, r) => a + r.sampled, 0)} sampled |`,
      `| baseline: 4 x lock-seat, pre-assigned | - | ${mb('p50').toFixed(1)} | ${mb('p99').toFixed(1)} | ${mb('perSecond').toFixed(0)} | - |`,
      '',
      `Per round: ${rows.map((r) => `#${r.round} p${r.pid} ${(r.success * 100).toFixed(1)} % p99 ${r.p99.toFixed(0)} ms, locked ${r.lockedInState}/${r.claimed} claimed, errors ${JSON.stringify(r.errors)}`).join('; ')}.`,
    ]);
  } finally {
    await redis.quit().catch(() => undefined);
    await server.stop();
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
