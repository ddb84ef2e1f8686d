// sale-statement.bench.mjs - PostgreSQL's own CPU per sale statement (docs/decisions/029-sale-statement-by-shape.md):
// the plain ticket sale (2 seats, its card charge approved with the ledger row, e-mail and SMS, the cart paid) sent as
// its shape's text (what the server sends) and as the whole text with every part (what it sent before), and beside
// them the reservation and its two tickets alone (what commit.bench.mjs's baseline inserts). Each variant on its own
// connection, one statement at a time, prepared; CPU = that backend's user + system time (/proc/<pid>/stat), so the
// numbers hold up on a loaded machine better than rates do (compare variants of one run, not runs). Nothing is
// appended to RESULTS.md.
//   node scripts/build.mjs && node load-tests/sale-statement.bench.mjs [--sales=1000] [--block=250]
// BENCH_SERVER_DIST=<dir>: another build's server/dist (its SalesRepository's `statements`).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureBuilt, log, require, startServer, startServices } from './lib/stack.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SALES = arg('sales', 1000);
const BLOCK = arg('block', 250);
const DIST = process.env.BENCH_SERVER_DIST ?? path.join(ROOT, 'server', 'dist');
const { Client } = require('pg');

/** The server's own sale statements, read off its SalesRepository with only the voucher participant's part. */
function saleStatements() {
  const { SalesRepository } = require(path.join(DIST, 'reservations', 'sales.repository.js'));
  const { VoucherSaleParticipant } = require(path.join(DIST, 'payment', 'voucher-sale.participant.js'));
  const vouchers = new VoucherSaleParticipant({ register() {} });
  return new SalesRepository({}, { all: () => [vouchers], for: () => [] }, {}).statements;
}

const RES_TIX = `WITH res AS (
  INSERT INTO reservation (identifier, cart_identifier, document_key, visitor_id, state, customer, locale, total_agorot)
  VALUES ($1, $2, $3, $4, 'paid', $5::jsonb, 'he', $6) RETURNING id
), tix AS (
  INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot, service_charge_agorot)
  SELECT res.id, t.identifier, t.pid, t.sid, t.x, t.y, t.tid, t.amount, t.sc
    FROM res, unnest($7::text[], $8::int[], $9::int[], $10::int[], $11::int[], $12::int[], $13::int[], $14::int[])
         WITH ORDINALITY AS t(identifier, pid, sid, x, y, tid, amount, sc, ord)
   ORDER BY t.ord
  RETURNING id
)
SELECT (SELECT id FROM res)::text AS reservation_id`;

/** CPU time (ms) a PostgreSQL backend has used so far. */
function backendCpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function main() {
  ensureBuilt();
  const statements = saleStatements();
  const svc = await startServices('bench-sale-statement');
  let server;
  const clients = [];
  try {
    log('starting the real server once (migrations + demo seed incl. the stadium), then only PostgreSQL is used…');
    server = await startServer({ DATABASE_URL: svc.databaseUrl, REDIS_URL: svc.redisUrl, SEED_STADIUM: 'true' });
    await server.stop();
    server = undefined;
    const admin = new Client({ connectionString: svc.databaseUrl });
    await admin.connect();
    clients.push(admin);
    const show = (
      await admin.query(
        `SELECT p.id, p.seatplan_id FROM presentation p JOIN venue v ON v.id = p.venue_id
          WHERE v.code LIKE 'stadium%' ORDER BY p.date_time LIMIT 1`,
      )
    ).rows[0];
    const ticket = (
      await admin.query(
        'SELECT t.id FROM ticket t JOIN ticket_group g ON g.id = t.ticket_group_id WHERE g.presentation_id = $1 LIMIT 1',
        [show.id],
      )
    ).rows[0];
    const variants = {
      'by shape (sent today)': (sale) => statements.for(sale).statement,
      'whole text, every part (sent before)': () => statements.whole,
      'reservation + 2 tickets alone (the baseline rows)': () => ({
        sql: RES_TIX,
        params: (s) => [
          s.reservationIdentifier,
          s.cartIdentifier,
          s.documentKey,
          s.visitorId,
          JSON.stringify(s.customer),
          s.totalAgorot,
          ...[
            'identifier',
            'presentationId',
            'sectionId',
            'x',
            'y',
            'ticketId',
            'amountAgorot',
            'serviceChargeAgorot',
          ].map((k) => s.tickets.map((t) => t[k])),
        ],
      }),
    };
    const names = Object.keys(variants);
    const warm = 50;
    const needed = names.length * (SALES + warm);
    const seats = (
      await admin.query('SELECT section_id, x, y FROM seat WHERE seatplan_id = $1 ORDER BY id LIMIT $2', [
        show.seatplan_id,
        2 * needed,
      ])
    ).rows;
    if (seats.length < 2 * needed) throw new Error(`the stadium has ${seats.length} seats; ${2 * needed} needed`);
    // Each sale's cart ('paying') and its card charge ('pending'), as attempt_begin leaves them, made beforehand.
    const carts = (
      await admin.query(
        `INSERT INTO cart (cart_identifier, res_id, visitor_id, cart, status, attempt_started_at)
         SELECT gen_random_uuid(), 'sb' || g, gen_random_uuid(), '{"seats":[]}', 'paying', now() FROM generate_series(1, $1) g
         RETURNING id::text, cart_identifier::text, visitor_id::text`,
        [needed],
      )
    ).rows;
    const attempts = (
      await admin.query(
        `INSERT INTO money_attempt (kind, subject_kind, subject_id, channel, method, amount_agorot, provider, provider_key,
                                    idempotency_key, fingerprint, visitor_id, state)
         SELECT 'charge', 'cart', c.cart_identifier::text, 'online', 'card', 9000, 'sandbox', c.cart_identifier || ':sb',
                c.cart_identifier || ':sb', 'cart:' || c.cart_identifier, c.visitor_id, 'pending'
           FROM unnest($1::uuid[], $2::uuid[]) AS c(cart_identifier, visitor_id)
         RETURNING id::text`,
        [carts.map((c) => c.cart_identifier), carts.map((c) => c.visitor_id)],
      )
    ).rows;
    await admin.query('ANALYZE');
    let next = 0;
    const sale = () => {
      const k = next++;
      const cart = carts[k];
      return {
        cartId: cart.id,
        cartIdentifier: cart.cart_identifier,
        visitorId: cart.visitor_id,
        reservationIdentifier: `SB${String(k).padStart(10, '0')}`,
        documentKey: randomUUID() + randomUUID(),
        customer: { firstName: 'ישראל', lastName: 'ישראלי', email: 'bench@example.com', mobileNumber: '0501234567' },
        locale: 'he',
        totalAgorot: 9000,
        tickets: seats.slice(2 * k, 2 * k + 2).map((s, i) => ({
          identifier: `SB${k}-${i}`,
          presentationId: show.id,
          sectionId: s.section_id,
          x: s.x,
          y: s.y,
          ticketId: ticket.id,
          amountAgorot: 4200,
          serviceChargeAgorot: 300,
        })),
        card: { paymentId: attempts[k].id, providerReference: `sbx_ch_sb${k}`, instalments: 1 },
        cash: null,
        voucherSales: [],
        donations: [],
        waivers: [],
        vouchers: [],
        messages: [
          { channel: 'email', recipient: 'bench@example.com' },
          { channel: 'sms', recipient: '0501234567' },
        ],
        result: { reservationIdentifier: `SB${k}` },
        hold: null,
      };
    };
    const connections = {};
    for (const name of names) {
      const client = new Client({ connectionString: svc.databaseUrl });
      await client.connect();
      clients.push(client);
      const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      connections[name] = { client, pid, cpuMs: 0, n: 0, statement: `bench_${names.indexOf(name)}` };
    }
    const run = async (name, n, measured) => {
      const c = connections[name];
      const cpu0 = backendCpuMs(c.pid);
      for (let i = 0; i < n; i++) {
        const s = sale();
        const statement = variants[name](s);
        const { rows } = await c.client.query({ name: c.statement, text: statement.sql, values: statement.params(s) });
        if (!rows[0]?.reservation_id) throw new Error(`${name}: no reservation written`);
      }
      if (measured) {
        c.cpuMs += backendCpuMs(c.pid) - cpu0;
        c.n += n;
      }
    };
    // Warm: prepared once per connection, the generic plan chosen after five custom ones.
    for (const name of names) await run(name, warm, false);
    for (let block = 0; block < Math.ceil(SALES / BLOCK); block++) {
      const order = block % 2 ? [...names].reverse() : names;
      for (const name of order) await run(name, Math.min(BLOCK, SALES - block * BLOCK), true);
    }
    const load = (await import('node:os')).loadavg()[0].toFixed(1);
    log(
      `PostgreSQL backend CPU per statement, ${SALES} sales each, alternating blocks of ${BLOCK} (1-minute load ${load}):`,
    );
    const base = connections[names[1]].cpuMs / connections[names[1]].n;
    for (const name of names) {
      const c = connections[name];
      const us = (c.cpuMs / c.n) * 1000;
      log(`  ${name}: ${us.toFixed(0)} µs (${((100 * c.cpuMs) / c.n / base).toFixed(0)} % of the whole text)`);
    }
    const sold = (await admin.query("SELECT count(*)::int AS n FROM cart WHERE status = 'paid' AND res_id LIKE 'sb%'"))
      .rows[0].n;
    log(`carts paid by the two sale variants: ${sold} (expected ${2 * (SALES + warm)})`);
  } finally {
    for (const c of clients) await c.end().catch(() => undefined);
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
