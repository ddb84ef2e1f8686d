// backoffice.bench.mjs - the back office's two measured paths, each against a baseline
// measured in the same run on the same server:
//  1. Box office: a 200-seat block locked with ONE PUT /api/backoffice/lock-seats (one Lua script)
//     versus the same 200 seats locked with 200 PUT /api/seats/lock-seat calls, four in flight (what the
//     box-office map did) and one at a time. Wall time per block, medians over rounds.
//  2. Reports with 1,000,000 sold tickets: every /api/PRES-live report call, p50/p95 over repeated calls;
//     baseline GET /api/health through the same stack. Target: p95 < 500 ms.
// Only loopback addresses; every loop is bounded.
//   node load-tests/backoffice.bench.mjs [--rounds=5] [--tickets=1000000] [--calls=30]
import {
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
import { createBenchStaff, signInBenchStaff } from './lib/staff.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROUNDS = arg('rounds', 5);
const TICKETS = arg('tickets', 1_000_000);
const CALLS = arg('calls', 30);
const BLOCK = 200;
const { Pool } = require('pg');

async function boxOffice(base, pool) {
  const { rows: pres } = await pool.query(
    `SELECT p.id, p.venue_id, p.seatplan_id FROM presentation p JOIN location l ON l.id = p.location_id
      WHERE p.business_id = 2 AND p.is_reserved AND p.date_time > now() ORDER BY p.id LIMIT 1`,
  );
  const p = pres[0];
  // The public per-order maximum would stop 200 single locks; the box office is not bound by it.
  await pool.query(`UPDATE presentation SET max_seats_per_order = 1000, no_single_seat_gap = false WHERE id = $1`, [
    p.id,
  ]);
  const { rows: seats } = await pool.query(
    `SELECT s.section_id AS "sectionId", s.x, s.y FROM seat s
       JOIN ticket_group tg ON tg.zone_id = s.zone_id AND tg.presentation_id = $1
      WHERE s.seatplan_id = $2 AND s.together_id IS NULL ORDER BY s.section_id, s.y, s.x LIMIT $3`,
    [p.id, p.seatplan_id, BLOCK * ROUNDS * 3],
  );
  const staff = await signInBenchStaff(base);
  const staffHeaders = { uuid: staff.visitor, cookie: staff.cookie };
  const blockMs = [];
  const single4Ms = [];
  const single1Ms = [];
  const singleVisitors = Array.from({ length: ROUNDS * 2 }, () => crypto.randomUUID());
  const tokens = await solveTokens(base, singleVisitors);
  const lockOne = (visitor, s) =>
    request(base, 'PUT', '/api/seats/lock-seat', {
      headers: { uuid: visitor },
      body: {
        recaptchaToken: tokens.get(visitor),
        seat: {
          PresentationId: p.id,
          VenueId: p.venue_id,
          VenueSeatplanId: p.seatplan_id,
          VenueSectionId: s.sectionId,
          TicketGroupId: 0,
          XCoordinate: s.x,
          YCoordinate: s.y,
        },
      },
    });
  for (let round = 0; round < ROUNDS; round++) {
    const slice = (k) => seats.slice((round * 3 + k) * BLOCK, (round * 3 + k + 1) * BLOCK);
    // One call for the block.
    let t0 = performance.now();
    const r = await request(base, 'PUT', '/api/backoffice/lock-seats', {
      headers: staffHeaders,
      body: { presentationId: p.id, seats: slice(0) },
    });
    blockMs.push(performance.now() - t0);
    if (r.status !== 200 || r.body.seats.length !== BLOCK)
      throw new Error(`lock-seats ${r.status} ${JSON.stringify(r.body)}`);
    // The staff selection is capped (BOX_OFFICE_MAX_SEATS): release the block before the next round.
    await request(base, 'PUT', '/api/backoffice/unlock-seats', {
      headers: staffHeaders,
      body: { presentationId: p.id, seats: slice(0) },
    });
    // 200 single locks, four in flight.
    const four = slice(1);
    const v4 = singleVisitors[round * 2];
    t0 = performance.now();
    for (let i = 0; i < four.length; i += 4) {
      const rs = await Promise.all(four.slice(i, i + 4).map((s) => lockOne(v4, s)));
      for (const x of rs) if (x.status !== 200) throw new Error(`lock-seat ${x.status} ${JSON.stringify(x.body)}`);
    }
    single4Ms.push(performance.now() - t0);
    // 200 single locks, one at a time.
    const one = slice(2);
    const v1 = singleVisitors[round * 2 + 1];
    t0 = performance.now();
    for (const s of one) {
      const x = await lockOne(v1, s);
      if (x.status !== 200) throw new Error(`lock-seat ${x.status} ${JSON.stringify(x.body)}`);
    }
    single1Ms.push(performance.now() - t0);
    log(
      `round ${round + 1}: block ${blockMs.at(-1).toFixed(1)} ms, 4-in-flight ${single4Ms.at(-1).toFixed(1)} ms, sequential ${single1Ms.at(-1).toFixed(1)} ms`,
    );
  }
  return { blockMs, single4Ms, single1Ms };
}

/** Clones an arena presentation into past dates and sells every seat of each clone until TICKETS live tickets exist. */
async function fillTickets(pool) {
  const { rows } = await pool.query(
    `SELECT p.id, (SELECT count(*)::int FROM seat s JOIN ticket_group tg ON tg.zone_id = s.zone_id AND tg.presentation_id = p.id
                     WHERE s.seatplan_id = p.seatplan_id) AS seats
       FROM presentation p WHERE p.business_id = 2 AND p.is_reserved ORDER BY p.id LIMIT 1`,
  );
  const source = rows[0];
  const clones = Math.ceil(TICKETS / source.seats);
  log(`cloning presentation ${source.id} (${source.seats} seats) ${clones} times into the last 30 days…`);
  const t0 = performance.now();
  const { rows: made } = await pool.query(
    `INSERT INTO presentation (feature_id, location_id, venue_id, seatplan_id, business_id, date_time, venue_type_id,
                               seating_policy_id, is_reserved, max_seats_per_order)
     SELECT feature_id, location_id, venue_id, seatplan_id, business_id,
            date_trunc('day', now()) - make_interval(days => (g % 30) + 1) + interval '19 hours',
            venue_type_id, seating_policy_id, is_reserved, max_seats_per_order
       FROM presentation p, generate_series(1, $2) g WHERE p.id = $1 RETURNING id`,
    [source.id, clones],
  );
  const ids = made.map((r) => r.id);
  await pool.query(
    `INSERT INTO ticket_group (presentation_id, zone_id, name, name_en, color, sort_order)
     SELECT n.id, tg.zone_id, tg.name, tg.name_en, tg.color, tg.sort_order
       FROM unnest($2::int[]) AS n(id), ticket_group tg WHERE tg.presentation_id = $1`,
    [source.id, ids],
  );
  await pool.query(
    `INSERT INTO ticket (ticket_group_id, name, name_en, price, service_charge, sort_order)
     SELECT ntg.id, t.name, t.name_en, t.price, t.service_charge, t.sort_order
       FROM ticket_group ntg JOIN ticket_group otg ON otg.zone_id = ntg.zone_id AND otg.presentation_id = $1
       JOIN LATERAL (SELECT * FROM ticket WHERE ticket_group_id = otg.id ORDER BY sort_order, id LIMIT 1) t ON true
      WHERE ntg.presentation_id = ANY($2::int[])`,
    [source.id, ids],
  );
  const { rows: res } = await pool.query(
    `INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot)
     VALUES ('BENCH-1M', 'bench-1m-doc', gen_random_uuid(), 'paid', 0) RETURNING id`,
  );
  let inserted = 0;
  for (const id of ids) {
    if (inserted >= TICKETS) break;
    const r = await pool.query(
      `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot, created_at)
       SELECT $1, 'B' || $2::int || '-' || s.id, $2::int, s.section_id, s.x, s.y, t.id, t.price,
              now() - make_interval(secs => random() * 30 * 86400)
         FROM presentation p JOIN seat s ON s.seatplan_id = p.seatplan_id
         JOIN ticket_group tg ON tg.presentation_id = p.id AND tg.zone_id = s.zone_id
         JOIN ticket t ON t.ticket_group_id = tg.id
        WHERE p.id = $2::int LIMIT $3`,
      [res[0].id, id, TICKETS - inserted],
    );
    inserted += r.rowCount;
  }
  await pool.query('ANALYZE');
  log(`${inserted} live tickets in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const { rows: feature } = await pool.query(`SELECT feature_id FROM presentation WHERE id = $1`, [source.id]);
  return { inserted, featureId: feature[0].feature_id, presentationId: ids[0] };
}

async function reports(base, pool) {
  const filled = await fillTickets(pool);
  const staff = await signInBenchStaff(base);
  const headers = { uuid: staff.visitor, cookie: staff.cookie };
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86400_000).toISOString().slice(0, 10);
  const calls = [
    ['health (baseline)', '/api/health', {}],
    ['availableFeatures', '/api/PRES-live/v2/availableFeatures', headers],
    [
      'availablePresentations (feature)',
      `/api/PRES-live/v2/availablePresentations?featureId=${filled.featureId}`,
      headers,
    ],
    [
      'featureData (whole feature, ~1M tickets)',
      `/api/PRES-live/v2/featureData?featureId=${filled.featureId}`,
      headers,
    ],
    [
      'presentationData (one show)',
      `/api/PRES-live/v2/presentationData?presentationId=${filled.presentationId}`,
      headers,
    ],
    ['locationTicketSales/data (a past day)', `/api/PRES-live/locationTicketSales/data/${yesterday}/0`, headers],
    ['featureTicketSales/data (today)', `/api/PRES-live/featureTicketSales/data/${today}`, headers],
    ['monitors/PresentationSales (last month by sale date)', '/api/PRES-live/monitors/PresentationSales/data', headers],
  ];
  const results = [];
  for (const [name, url, h] of calls) {
    const first = await request(base, 'GET', url, { headers: h });
    if (first.status !== 200) throw new Error(`${name}: ${first.status} ${JSON.stringify(first.body).slice(0, 300)}`);
    const times = [];
    for (let i = 0; i < CALLS; i++) {
      const r = await request(base, 'GET', url, { headers: h });
      if (r.status !== 200) throw new Error(`${name}: ${r.status}`);
      times.push(r.ms);
    }
    times.sort((a, b) => a - b);
    results.push({ name, p50: percentile(times, 50), p95: percentile(times, 95) });
    log(`${name}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`);
  }
  return { inserted: filled.inserted, results };
}

async function main() {
  ensureBuilt();
  const svc = await startServices('bench-backoffice');
  let server;
  try {
    server = await startServer(
      { DATABASE_URL: svc.databaseUrl, REDIS_URL: svc.redisUrl, SEED_STADIUM: 'false' },
      'server',
    );
    const pool = new Pool({ connectionString: svc.databaseUrl, max: 4 });
    // Clients idle in the pool see the cluster stop at the end; that is not an error of the bench.
    pool.on('error', () => undefined);
    await createBenchStaff(pool, [266, 267, 268]);
    const box = await boxOffice(server.url, pool);
    const rep = await reports(server.url, pool);
    await pool.end();
    const f = (x) => x.toFixed(1);
    const b = median(box.blockMs);
    const s4 = median(box.single4Ms);
    const s1 = median(box.single1Ms);
    appendResults('Back office: lock-seats and reports (load-tests/backoffice.bench.mjs)', [
      `### Box office: ${BLOCK} seats of the arena, ${ROUNDS} rounds (medians)`,
      '',
      '| how | wall time per block ms (median) | all rounds ms | vs one lock-seats call |',
      '|---|---:|---|---:|',
      `| one PUT /api/backoffice/lock-seats (one Lua script) | ${f(b)} | ${box.blockMs.map(f).join(', ')} | 1.00x |`,
      `| ${BLOCK} PUT /api/seats/lock-seat, 4 in flight (baseline: the map's old way) | ${f(s4)} | ${box.single4Ms.map(f).join(', ')} | ${(s4 / b).toFixed(1)}x |`,
      `| ${BLOCK} PUT /api/seats/lock-seat, one at a time | ${f(s1)} | ${box.single1Ms.map(f).join(', ')} | ${(s1 / b).toFixed(1)}x |`,
      '',
      `### Reports with ${rep.inserted.toLocaleString('en')} live tickets (${CALLS} sequential calls each after one warm-up; target p95 < 500 ms)`,
      '',
      '| call | p50 ms | p95 ms | p95 vs health baseline | target |',
      '|---|---:|---:|---:|---|',
      ...rep.results.map(
        (r) =>
          `| ${r.name} | ${f(r.p50)} | ${f(r.p95)} | ${(r.p95 / rep.results[0].p95).toFixed(1)}x | ${
            r.name.startsWith('health') ? '' : r.p95 < 500 ? 'met' : '**MISSED**'
          } |`,
      ),
    ]);
  } finally {
    await server?.stop();
    await svc.stop();
  }
}

await main();
