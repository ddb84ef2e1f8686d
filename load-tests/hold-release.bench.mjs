// hold-release.bench.mjs - the hold-release sweep for 10,000 due holds, against a baseline measured in
// the same run on the same PostgreSQL: one plain UPDATE of 10,000 rows of a scratch table (the least any release
// of 10,000 rows can cost). The sweep is the real one (server/src/holds/hold-release.job.ts), run in the server
// through its test-only trigger (HOLDS_TEST_CLOCK, a development server): batches of HOLD_RELEASE_BATCH holds, each
// one statement under FOR UPDATE SKIP LOCKED moving hold, reservation and tickets, then the seats back on sale in
// Redis (one Lua call per presentation per batch), seats_released recorded. Every presentation's live map is built
// before each round, so the Redis half is real work too. Only loopback addresses; every loop is bounded.
//   node load-tests/hold-release.bench.mjs [--rounds=3] [--holds=10000] [--batch=500]
import { appendResults, ensureBuilt, log, median, request, require, startServer, startServices } from './lib/stack.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROUNDS = arg('rounds', 3);
const HOLDS = arg('holds', 10_000);
const BATCH = arg('batch', 500);
const { Pool } = require('pg');
const Redis = require('ioredis');

/** HOLDS one-seat holds, due a minute ago, on the free seats of the presentations in order. Answers the presentations used. */
async function seedDueHolds(pool, tag) {
  const { rows } = await pool.query(
    `WITH s AS (
       SELECT p.id AS pid, st.section_id, st.x, st.y, row_number() OVER (ORDER BY p.id, st.id) AS n
         FROM presentation p JOIN seat st ON st.seatplan_id = p.seatplan_id
        WHERE NOT EXISTS (SELECT 1 FROM reservation_ticket rt WHERE rt.presentation_id = p.id AND rt.section_id = st.section_id
                            AND rt.x = st.x AND rt.y = st.y AND rt.status = 'live')
        ORDER BY p.id, st.id LIMIT $1
     ), r AS (
       INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot, customer_id)
       SELECT 'HBENCH' || $2 || s.n, 'bench-' || $2 || '-' || s.n, gen_random_uuid(), 'hold', 1000,
              (SELECT min(id) FROM customer)
         FROM s RETURNING id, identifier
     ), t AS (
       INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot)
       SELECT r.id, 'TBENCH' || $2 || s.n, s.pid, s.section_id, s.x, s.y, (SELECT min(id) FROM ticket), 1000
         FROM s JOIN r ON r.identifier = 'HBENCH' || $2 || s.n
       RETURNING presentation_id
     ), h AS (
       INSERT INTO hold_order (reservation_id, customer_id, release_at)
       SELECT id, (SELECT min(id) FROM customer), now() - interval '1 minute' FROM r RETURNING reservation_id
     )
     SELECT DISTINCT presentation_id AS pid, (SELECT count(*) FROM h)::int AS holds FROM t`,
    [HOLDS, tag],
  );
  if (!rows.length || rows[0].holds !== HOLDS) throw new Error(`seeded ${rows[0]?.holds ?? 0} holds, wanted ${HOLDS}`);
  return rows.map((r) => r.pid);
}

async function main() {
  ensureBuilt();
  const svc = await startServices('hold-release');
  const server = await startServer(
    {
      DATABASE_URL: svc.databaseUrl,
      REDIS_URL: svc.redisUrl,
      // The sweep's trigger is test-only and refused in production; everything else as the bench stack runs it.
      NODE_ENV: 'development',
      HOLDS_TEST_CLOCK: 'true',
      HOLD_RELEASE_INTERVAL_MS: '0',
      HOLD_RELEASE_BATCH: String(BATCH),
      RECOVERY_INTERVAL_MS: '0',
    },
    'hold-release',
  );
  const pool = new Pool({ connectionString: svc.databaseUrl, max: 4 });
  const sweeps = [];
  const baselines = [];
  try {
    await pool.query(`CREATE TABLE bench_plain (id int PRIMARY KEY, state varchar NOT NULL, released_at timestamptz)`);
    await pool.query(`INSERT INTO bench_plain SELECT g, 'held', NULL FROM generate_series(1, $1) g`, [HOLDS]);
    for (let round = 1; round <= ROUNDS; round++) {
      const pids = await seedDueHolds(pool, `R${round}`);
      // The holds were written straight into PostgreSQL: drop the live maps so they are rebuilt from it (held seats
      // sold), as after a Redis loss. Throw-away Redis of this bench only.
      const redis = new Redis(svc.redisUrl);
      await redis.flushall();
      redis.disconnect();
      // Build every touched presentation's live map now (held seats read from PostgreSQL as taken).
      for (const pid of pids) {
        const r = await request(server.url, 'GET', `/api/seats/seats-status?presentationId=${pid}&isReserved=1`, {
          headers: { uuid: '00000000-0000-4000-8000-000000000001' },
        });
        if (r.status !== 200) throw new Error(`seats-status ${pid}: ${r.status}`);
      }
      await pool.query(`UPDATE bench_plain SET state = 'held', released_at = NULL`);
      await pool.query('VACUUM ANALYZE bench_plain');
      await pool.query('ANALYZE hold_order');
      let t0 = process.hrtime.bigint();
      const plain = await pool.query(
        `UPDATE bench_plain SET state = 'released', released_at = now() WHERE state = 'held'`,
      );
      const baselineMs = Number(process.hrtime.bigint() - t0) / 1e6;
      if (plain.rowCount !== HOLDS) throw new Error(`baseline updated ${plain.rowCount}`);

      t0 = process.hrtime.bigint();
      const swept = await request(server.url, 'POST', '/api/holds/test/clock', { body: { offsetMs: 0 } });
      const sweepMs = Number(process.hrtime.bigint() - t0) / 1e6;
      const body = swept.body;
      if (swept.status !== 200 || body.released !== HOLDS || body.seats !== HOLDS)
        throw new Error(`sweep answered ${swept.status} ${JSON.stringify(body)}`);
      log(
        `round ${round}: ${pids.length} presentations; baseline ${baselineMs.toFixed(1)} ms, sweep ${sweepMs.toFixed(1)} ms (${HOLDS} holds, ${body.seats} seats freed)`,
      );
      baselines.push(baselineMs);
      sweeps.push(sweepMs);
    }
  } finally {
    await pool.end();
    await server.stop();
    await svc.stop();
  }
  const b = median(baselines);
  const s = median(sweeps);
  appendResults('Hold-release sweep (hold-release.bench.mjs)', [
    `${HOLDS.toLocaleString('en')} due one-seat holds, batches of ${BATCH}, ${ROUNDS} rounds (fresh holds each round; live maps built first).`,
    '',
    '| measure | median | rounds |',
    '|---|---|---|',
    `| baseline: one plain UPDATE of ${HOLDS.toLocaleString('en')} rows (scratch table) | ${b.toFixed(1)} ms | ${baselines.map((x) => x.toFixed(1)).join(', ')} |`,
    `| hold-release sweep: PostgreSQL (hold, reservation, tickets) + Redis (seats back on sale) + seats_released | ${s.toFixed(1)} ms | ${sweeps.map((x) => x.toFixed(1)).join(', ')} |`,
    `| sweep / baseline | ${(s / b).toFixed(1)}x | |`,
    '',
    `Sweep throughput: ${Math.round(HOLDS / (s / 1000)).toLocaleString('en')} holds/s (median round).`,
  ]);
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
