// enrol.bench.mjs - the season enrolment lock: ONE seat held on 20 presentations by one call,
// PUT /api/enroll/:membershipId/lock-seat (one atomic multi-presentation Lua script), against the baseline of
// 20 single PUT /api/seats/lock-seat calls (one per presentation, one after the other) for the same seat, in the
// same run, rounds alternating. Every loop releases what it locked (enrol unlock-seat / 20 unlock-seat calls),
// so seats never run out. Concurrency 10 loops, each with its own seats. Reported: p50/p99 of the enrol call vs
// p50/p99 of the 20-call sequence (the time a client waits to hold the seat everywhere).
//   node scripts/build.mjs && node load-tests/enrol.bench.mjs [--rounds=3] [--seconds=6]
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  agentFor,
  appendResults,
  ensureBuilt,
  log,
  median,
  percentile,
  request,
  solveTokens,
  startServer,
  startServices,
} from './lib/stack.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROUNDS = arg('rounds', 3);
const SECONDS = arg('seconds', 6);
const CONCURRENCY = 10;
const PRESENTATIONS = 20;

async function run(label, once) {
  const agent = agentFor(CONCURRENCY);
  const ms = [];
  let failures = 0;
  const stopAt = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, i) => {
      let n = 0;
      while (Date.now() < stopAt) {
        const r = await once(i, n++, agent);
        if (r.ok) ms.push(r.ms);
        else failures++;
      }
    }),
  );
  ms.sort((a, b) => a - b);
  const result = { label, perSecond: ms.length / SECONDS, p50: percentile(ms, 50), p99: percentile(ms, 99), failures };
  log(
    `${label}: ${result.perSecond.toFixed(0)} holds/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, failures ${failures}`,
  );
  return result;
}

async function main() {
  ensureBuilt();
  const svc = await startServices('bench-enrol');
  let server;
  const db = new pg.Client({ connectionString: svc.databaseUrl });
  try {
    log('starting the real server (migrations + demo seed on first start)…');
    server = await startServer({ DATABASE_URL: svc.databaseUrl, REDIS_URL: svc.redisUrl, ALTCHA_MAX_NUMBER: '1000' });
    await db.connect();
    // A bench season over 20 cinema presentations (one seat plan): the demo seasons have 4.
    const shows = (
      await db.query(
        `SELECT p.id FROM presentation p JOIN venue v ON v.id = p.venue_id WHERE v.code = 'cinema' ORDER BY p.date_time, p.id LIMIT $1`,
        [PRESENTATIONS],
      )
    ).rows.map((r) => r.id);
    if (shows.length < PRESENTATIONS) throw new Error(`only ${shows.length} cinema presentations`);
    const [season] = (await db.query(`INSERT INTO season (name, name_en) VALUES ('bench', 'bench') RETURNING id`)).rows;
    const [m] = (
      await db.query(
        `INSERT INTO membership (membership_type_id, code, name, name_en, season_id) VALUES (3, 'BENCH-SEASON', 'bench', 'bench', $1) RETURNING id`,
        [season.id],
      )
    ).rows;
    for (const id of shows) {
      await db.query('INSERT INTO membership_presentation (membership_id, presentation_id) VALUES ($1, $2)', [
        m.id,
        id,
      ]);
    }
    const presentation = (
      await request(server.url, 'GET', `/api/presentations/${shows[0]}`, { headers: { uuid: randomUUID() } })
    ).body.presentation;
    const plan = (
      await request(
        server.url,
        'GET',
        `/api/seats/seatplan?venueId=${presentation.venueId}&seatplanId=${presentation.seatplanId}`,
        { headers: { uuid: randomUUID() } },
      )
    ).body.seatplan;
    // Seats in the middle of rows with no features (no couches), every 3rd, so no single-seat rule of a show is touched.
    const seats = plan.sections
      .filter((s) => s.IsReserved)
      .flatMap((s) =>
        s.groups.flatMap((g) => g.rows.flatMap((r) => r.seats.slice(2, -2).filter((_, i) => i % 3 === 0))),
      )
      .filter((s) => s.features.length === 0);
    const visitors = Array.from({ length: CONCURRENCY }, () => randomUUID());
    log('solving one ALTCHA challenge per visitor…');
    const tokens = await solveTokens(server.url, visitors);
    const perLoop = Math.floor(seats.length / CONCURRENCY);
    const seatOf = (i, n) => seats[i * perLoop + (n % perLoop)];

    const enrol = async (i, n, agent) => {
      const headers = { uuid: visitors[i] };
      const s = seatOf(i, n);
      const body = {
        recaptchaToken: tokens.get(visitors[i]),
        venueId: presentation.venueId,
        seatplanId: presentation.seatplanId,
        sectionId: s.VenueSectionId,
        x: s.XCoordinate,
        y: s.YCoordinate,
        selections: shows.map((prsntId) => ({ prsntId })),
      };
      const lock = await request(server.url, 'PUT', `/api/enroll/${m.id}/lock-seat`, { headers, body, agent });
      await request(server.url, 'PUT', `/api/enroll/${m.id}/unlock-seat`, { headers, body, agent });
      return { ok: lock.status === 200 && lock.body.selections?.length === PRESENTATIONS, ms: lock.ms };
    };
    const singles = async (i, n, agent) => {
      const headers = { uuid: visitors[i] };
      const s = seatOf(i, n);
      const bodyFor = (pid) => ({
        recaptchaToken: tokens.get(visitors[i]),
        seat: {
          PresentationId: pid,
          VenueId: presentation.venueId,
          VenueSeatplanId: presentation.seatplanId,
          VenueSectionId: s.VenueSectionId,
          TicketGroupId: s.TicketGroupId,
          XCoordinate: s.XCoordinate,
          YCoordinate: s.YCoordinate,
        },
      });
      let ms = 0;
      let ok = true;
      for (const pid of shows) {
        const r = await request(server.url, 'PUT', '/api/seats/lock-seat', { headers, body: bodyFor(pid), agent });
        ms += r.ms;
        if (r.status !== 200) ok = false;
      }
      for (const pid of shows)
        await request(server.url, 'PUT', '/api/seats/unlock-seat', { headers, body: bodyFor(pid), agent });
      return { ok, ms };
    };
    log('warm-up…');
    await run('warm-up enrol', enrol);
    await run('warm-up 20 single locks', singles);
    const enrolRuns = [];
    const singleRuns = [];
    for (let round = 1; round <= ROUNDS; round++) {
      enrolRuns.push(await run(`round ${round} enrol`, enrol));
      singleRuns.push(await run(`round ${round} 20 single locks`, singles));
    }
    const md = (runs, key) => median(runs.map((r) => r[key]));
    const lines = [
      `enrol.bench.mjs: one seat held on ${PRESENTATIONS} presentations; ${CONCURRENCY} concurrent loops, ${ROUNDS} rounds x ${SECONDS} s each side, each loop on its own seats, releasing after each hold; medians over rounds.`,
      '',
      '| path | holds/s | p50 ms | p99 ms | failed |',
      '|---|---|---|---|---|',
      `| PUT /api/enroll/:id/lock-seat (one Lua script over ${PRESENTATIONS} presentations) | ${md(enrolRuns, 'perSecond').toFixed(0)} | ${md(enrolRuns, 'p50').toFixed(2)} | ${md(enrolRuns, 'p99').toFixed(2)} | ${enrolRuns.reduce((a, r) => a + r.failures, 0)} |`,
      `| ${PRESENTATIONS} x PUT /api/seats/lock-seat, one after the other (sum of the ${PRESENTATIONS} calls) | ${md(singleRuns, 'perSecond').toFixed(0)} | ${md(singleRuns, 'p50').toFixed(2)} | ${md(singleRuns, 'p99').toFixed(2)} | ${singleRuns.reduce((a, r) => a + r.failures, 0)} |`,
      '',
      `p50 ratio (enrol / ${PRESENTATIONS} single calls): ${((md(enrolRuns, 'p50') / md(singleRuns, 'p50')) * 100).toFixed(1)} %; p99 ratio: ${((md(enrolRuns, 'p99') / md(singleRuns, 'p99')) * 100).toFixed(1)} %.`,
    ];
    appendResults('Enrol lock across 20 presentations', lines);
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
