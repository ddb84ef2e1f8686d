// checkin-statement.bench.mjs - PostgreSQL's CPU per door first-entry statement by the number of scans it carries
// (docs/door-checkin.md, "Cost per scan"; decision 031). CPU seconds, not rates: meaningful on a loaded machine.
// AdmissionWriter's batched statement (`firstTries`, what StatementBatcher calls) is run directly over one connection,
// SIZES scans a statement, about 2,400 scans per size, each on a ticket of its own; the backend's CPU (user + system,
// /proc) per statement and per scan, PostgreSQL's whole tree per scan, and this process's CPU (the node's side).
// The show's tickets are inserted just before, as in checkin.bench.mjs (the table's statistics do not know them yet);
// --analyze runs ANALYZE first. BENCH_SERVER_DIST=<dir> measures another build's server/dist (an A/B of two builds).
//   node load-tests/checkin-statement.bench.mjs [--sizes=1,2,4,8,16,64] [--analyze]
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, cpuMsOfTree, ensureBuilt, log, require, startServer, startServices } from './lib/stack.mjs';

const SIZES = (process.argv.find((a) => a.startsWith('--sizes='))?.split('=')[1] ?? '1,2,4,8,16,64')
  .split(',')
  .map(Number);
const ANALYZE = process.argv.includes('--analyze');
const SCANS_PER_SIZE = 2_400;
const dist = process.env.BENCH_SERVER_DIST ?? path.join(ROOT, 'server', 'dist');
const { Pool } = require('pg');

/** A process's CPU milliseconds so far (user + system). */
function cpuMsOfPid(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A show of business 1 with open doors and `n` paid tickets on distinct places (as checkin.bench.mjs makes them). */
async function showWithTickets(pool, n) {
  const { rows } = await pool.query(
    `SELECT p.id, sec.id AS "sectionId" FROM presentation p JOIN section sec ON sec.seatplan_id = p.seatplan_id
      WHERE p.business_id = 1 AND p.cancelled_at IS NULL AND EXISTS (SELECT 1 FROM ticket_group g WHERE g.presentation_id = p.id)
      ORDER BY p.id, sec.id LIMIT 1`,
  );
  const show = rows[0];
  await pool.query(`UPDATE presentation SET date_time = now() + interval '30 minutes' WHERE id = $1`, [show.id]);
  const { rows: res } = await pool.query(
    `INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot)
     VALUES ('BENCHSTMT', 'bench-statement', gen_random_uuid(), 'paid', 0) RETURNING id`,
  );
  const { rows: tickets } = await pool.query(
    `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot)
     SELECT $1, 'T' || lpad(upper(to_hex(($2::bigint * 1000000) + g)), 12, '0'), $2, $3, g % 1000, g / 1000,
            (SELECT t.id FROM ticket t JOIN ticket_group tg ON tg.id = t.ticket_group_id WHERE tg.presentation_id = $2 LIMIT 1), 0
       FROM generate_series(1, $4) g RETURNING identifier`,
    [res[0].id, show.id, show.sectionId, n],
  );
  return { presentationId: show.id, identifiers: tickets.map((t) => t.identifier) };
}

async function main() {
  ensureBuilt();
  const { openDataSource } = require(path.join(dist, 'database', 'data-source.js'));
  const { AdmissionWriter } = require(path.join(dist, 'checkin', 'admission-writer.js'));
  const svc = await startServices('bench-checkin-statement');
  let server;
  try {
    // The server migrates the database and seeds the shows.
    server = await startServer({ DATABASE_URL: svc.databaseUrl, REDIS_URL: svc.redisUrl }, 'server', [], dist);
    const pool = new Pool({ connectionString: svc.databaseUrl, max: 2 });
    pool.on('error', () => undefined);
    const show = await showWithTickets(pool, SIZES.length * SCANS_PER_SIZE + 200);
    if (ANALYZE) await pool.query('ANALYZE');
    const { rows: staff } = await pool.query(
      `INSERT INTO staff_user (username, first_name, last_name) VALUES ('bench-statement', 'B', 'S') RETURNING id`,
    );
    // One connection: every statement runs on the backend whose CPU is read.
    const ds = await openDataSource(svc.databaseUrl, 1);
    try {
      const writer = new AdmissionWriter(ds);
      const [{ pid: backend }] = await ds.query('SELECT pg_backend_pid() AS pid');
      let next = 0;
      const scan = () => ({
        entry: {
          identifier: show.identifiers[next++],
          presentationId: show.presentationId,
          codePresentationId: null,
          codeSeat: null,
          rotating: false,
          at: new Date(),
          gate: 'Gate 1',
          device: 'bench',
        },
        scan: {
          nonce: randomUUID(),
          staffUserId: staff[0].id,
          scannedAt: new Date(),
          receivedAt: new Date(),
          offline: false,
        },
      });
      // Both statements prepared on the connection before counting.
      await writer.firstTries([scan()]);
      await writer.firstTries([scan(), scan()]);
      for (const size of SIZES) {
        const statements = Math.max(20, Math.floor(SCANS_PER_SIZE / size));
        const backend0 = cpuMsOfPid(backend);
        const tree0 = cpuMsOfTree(svc.pgPid);
        const node0 = process.cpuUsage();
        let admitted = 0;
        for (let s = 0; s < statements; s++) {
          const outcomes = await writer.firstTries(Array.from({ length: size }, scan));
          admitted += outcomes.filter((o) => o.status === 'fulfilled' && o.value.admitted).length;
        }
        const node = process.cpuUsage(node0);
        const scans = statements * size;
        if (admitted !== scans) throw new Error(`${scans - admitted} scans not admitted: the bench measured refusals`);
        const backendMs = cpuMsOfPid(backend) - backend0;
        log(
          `${String(size).padStart(2)} scans a statement (${statements} statements): PostgreSQL backend ` +
            `${(backendMs / statements).toFixed(3)} ms a statement, ${(backendMs / scans).toFixed(3)} ms a scan; ` +
            `PostgreSQL in all ${((cpuMsOfTree(svc.pgPid) - tree0) / scans).toFixed(3)} ms a scan; ` +
            `node ${((node.user + node.system) / 1000 / statements).toFixed(3)} ms a statement`,
        );
      }
    } finally {
      await ds.destroy();
      await pool.end();
    }
  } finally {
    await server?.stop();
    await svc.stop();
  }
}

await main();
