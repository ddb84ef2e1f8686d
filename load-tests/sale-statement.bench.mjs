// sale-statement.bench.mjs - PostgreSQL's own CPU per sale statement (docs/decisions/029-sale-statement-by-shape.md):
// the plain ticket sale (2 seats, its card charge approved with the ledger row, e-mail and SMS, the cart paid) sent as
// its shape's text (what the server sends) and as the whole text with every part (what it sent before), and beside
// them the reservation and its two tickets alone (what commit.bench.mjs's baseline inserts). Each variant on its own
// connection, one statement at a time, prepared; CPU = that backend's user + system time (/proc/<pid>/stat), so the
// numbers hold up on a loaded machine better than rates do (compare variants of one run, not runs). Nothing is
// appended to RESULTS.md. Beside them, per sale: commit.bench.mjs's baseline as it sends it (BEGIN, the two inserts
// unprepared, COMMIT), and group commit's reach: the same plain sale for --group=8 orders in one statement (a
// stand-in written here, not the server's statement: what PostgreSQL would spend if concurrent sales shared one).
//   node scripts/build.mjs && node load-tests/sale-statement.bench.mjs [--sales=1000] [--block=250]
// BENCH_SERVER_DIST=<dir>: another build's server/dist (its SalesRepository's `statements`).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureBuilt, log, require, startServer, startServices } from './lib/stack.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SALES = arg('sales', 1000);
const BLOCK = arg('block', 250);
const GROUP = arg('group', 8);
// --explain: after the warm-up, EXPLAIN (ANALYZE, BUFFERS) of one sale by shape and of one grouped statement.
const EXPLAIN = process.argv.includes('--explain');
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

/**
 * The plain sale (reservation, 2 tickets, the card's attempt approved with its payment row, e-mail and SMS, the cart
 * paid) for several orders in one statement: each order's scalars an array, the tickets flattened with their order's
 * place. A measuring stand-in for a grouped sale statement.
 */
const GROUPED_SALE = `WITH s AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::jsonb[], $6::int[], $7::bigint[], $8::text[], $9::bigint[], $10::jsonb[])
    WITH ORDINALITY AS s(ident, cart_ident, doc, visitor, customer, total, attempt_id, card_ref, cart_id, result, n)
), res AS (
  INSERT INTO reservation (identifier, cart_identifier, document_key, visitor_id, state, customer, locale, total_agorot)
  SELECT ident, cart_ident, doc, visitor, 'paid', customer, 'he', total FROM s ORDER BY n
  RETURNING id, identifier
), rs AS (
  SELECT s.*, res.id AS res_id, nextval('payment_id_seq') AS pay_id FROM s JOIN res ON res.identifier = s.ident
), tix AS (
  INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot, service_charge_agorot, on_hold)
  SELECT rs.res_id, t.identifier, t.pid, t.sid, t.x, t.y, t.tid, t.amount, t.sc, false
    FROM unnest($11::int[], $12::text[], $13::int[], $14::int[], $15::int[], $16::int[], $17::int[], $18::int[], $19::int[])
         AS t(sale, identifier, pid, sid, x, y, tid, amount, sc)
    JOIN rs ON rs.n = t.sale
   ORDER BY t.pid, t.sid, t.x, t.y
  RETURNING id
), card_attempt AS (
  UPDATE money_attempt m SET state = 'approved', provider_reference = rs.card_ref, payment_id = rs.pay_id, error = NULL, updated_at = now()
    FROM rs WHERE m.id = rs.attempt_id AND m.kind = 'charge' AND m.subject_kind = 'cart'
  RETURNING m.id, m.provider, m.amount_agorot, m.idempotency_key
), card AS (
  INSERT INTO payment (id, reservation_id, cart_identifier, provider, method, provider_reference, amount_agorot, status, instalments, idempotency_key)
  SELECT rs.pay_id, rs.res_id, rs.cart_ident, a.provider, 'card', rs.card_ref, a.amount_agorot, 'approved', 1, a.idempotency_key
    FROM rs JOIN card_attempt a ON a.id = rs.attempt_id
  RETURNING id
), outbox AS (
  INSERT INTO notification_outbox (reservation_id, channel, recipient, locale, template)
  SELECT rs.res_id, o.channel, o.recipient, 'he', 'order-confirmation'
    FROM rs CROSS JOIN (VALUES ('email', 'bench@example.com'), ('sms', '0501234567')) AS o(channel, recipient)
  RETURNING id
), done AS (
  UPDATE cart c SET status = 'paid', reservation_id = rs.res_id, result = rs.result, attempt_started_at = NULL, updated_at = now()
    FROM rs WHERE c.id = rs.cart_id
  RETURNING c.id
)
SELECT rs.res_id::text AS reservation_id, (SELECT count(*) FROM tix)::int AS tickets, (SELECT count(*) FROM card)::int AS cards,
       (SELECT count(*) FROM outbox)::int AS messages, (SELECT count(*) FROM done)::int AS carts
  FROM rs ORDER BY rs.n`;

const TICKET_FIELDS = [
  'identifier',
  'presentationId',
  'sectionId',
  'x',
  'y',
  'ticketId',
  'amountAgorot',
  'serviceChargeAgorot',
];

/** GROUPED_SALE's parameters for these sales. */
function groupedParams(sales) {
  const tickets = sales.flatMap((s, i) => s.tickets.map((t) => ({ ...t, sale: i + 1 })));
  return [
    sales.map((s) => s.reservationIdentifier),
    sales.map((s) => s.cartIdentifier),
    sales.map((s) => s.documentKey),
    sales.map((s) => s.visitorId),
    sales.map((s) => JSON.stringify(s.customer)),
    sales.map((s) => s.totalAgorot),
    sales.map((s) => s.card.paymentId),
    sales.map((s) => s.card.providerReference),
    sales.map((s) => s.cartId),
    sales.map((s) => JSON.stringify(s.result)),
    tickets.map((t) => t.sale),
    ...TICKET_FIELDS.map((k) => tickets.map((t) => t[k])),
  ];
}

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
    const resTix = {
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
    };
    /** One sale statement per sale, prepared under the connection's name. */
    const single = (statementOf) => ({
      group: 1,
      async send(client, [s], name) {
        const statement = statementOf(s);
        const { rows } = await client.query({ name, text: statement.sql, values: statement.params(s) });
        return rows.length;
      },
    });
    const variants = {
      'by shape (sent today)': single((sale) => statements.for(sale).statement),
      'by shape, plan_cache_mode = force_generic_plan': {
        ...single((sale) => statements.for(sale).statement),
        setup: 'SET plan_cache_mode = force_generic_plan',
      },
      'whole text, every part (sent before)': single(() => statements.whole),
      'reservation + 2 tickets alone (the baseline rows)': single(() => resTix),
      // commit.bench.mjs's baseline, statement for statement (unnamed: parsed and planned each time).
      'baseline as commit.bench sends it: BEGIN, 2 inserts, COMMIT': {
        group: 1,
        async send(client, [s]) {
          await client.query('BEGIN');
          const { rows } = await client.query(
            `INSERT INTO reservation (identifier, cart_identifier, document_key, visitor_id, state, customer, locale, total_agorot)
             VALUES ($1, $2, $3, $4, 'paid', $5, 'he', $6) RETURNING id`,
            [s.reservationIdentifier, s.cartIdentifier, s.documentKey, s.visitorId, JSON.stringify(s.customer), 9000],
          );
          await client.query(
            `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot, service_charge_agorot)
             SELECT $1, t.identifier, t.pid, t.sid, t.x, t.y, $2, 4200, 300
               FROM unnest($3::text[], $4::int[], $5::int[], $6::int[], $7::int[]) AS t(identifier, pid, sid, x, y)`,
            [
              rows[0].id,
              s.tickets[0].ticketId,
              ...['identifier', 'presentationId', 'sectionId', 'x', 'y'].map((k) => s.tickets.map((t) => t[k])),
            ],
          );
          await client.query('COMMIT');
          return 1;
        },
      },
      [`the plain sale, ${GROUP} orders in one statement (group commit's reach)`]: {
        group: GROUP,
        async send(client, sales, name) {
          const { rows } = await client.query({ name, text: GROUPED_SALE, values: groupedParams(sales) });
          const r = rows[0];
          if (r && (r.tickets !== 2 * sales.length || r.cards !== sales.length || r.carts !== sales.length))
            throw new Error(`grouped sale wrote ${JSON.stringify(r)} for ${sales.length} orders`);
          return rows.length;
        },
      },
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
      if (variants[name].setup) await client.query(variants[name].setup);
      connections[name] = { client, pid, cpuMs: 0, n: 0, statement: `bench_${names.indexOf(name)}` };
    }
    const run = async (name, n, measured) => {
      const c = connections[name];
      const { group, send } = variants[name];
      const cpu0 = backendCpuMs(c.pid);
      for (let i = 0; i < n; i += group) {
        const sales = Array.from({ length: Math.min(group, n - i) }, sale);
        const written = await send(c.client, sales, c.statement);
        if (written !== sales.length) throw new Error(`${name}: ${written} reservations written for ${sales.length}`);
      }
      if (measured) {
        c.cpuMs += backendCpuMs(c.pid) - cpu0;
        c.n += n;
      }
    };
    // Warm: prepared once per connection, the generic plan chosen after five custom ones.
    for (const name of names) await run(name, warm, false);
    if (EXPLAIN) {
      const c = connections[names[0]].client;
      const one = sale();
      const shape = statements.for(one).statement;
      for (const [label, sql, params] of [
        ['one sale by shape', shape.sql, shape.params(one)],
        [`${GROUP} sales grouped`, GROUPED_SALE, groupedParams(Array.from({ length: GROUP }, sale))],
      ]) {
        const { rows } = await c.query(`EXPLAIN (ANALYZE, BUFFERS, VERBOSE) ${sql}`, params);
        log(`EXPLAIN ANALYZE, ${label}:\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
    for (let block = 0; block < Math.ceil(SALES / BLOCK); block++) {
      const order = block % 2 ? [...names].reverse() : names;
      for (const name of order) await run(name, Math.min(BLOCK, SALES - block * BLOCK), true);
    }
    const load = (await import('node:os')).loadavg()[0].toFixed(1);
    log(
      `PostgreSQL backend CPU per statement, ${SALES} sales each, alternating blocks of ${BLOCK} (1-minute load ${load}):`,
    );
    const whole = connections['whole text, every part (sent before)'];
    const base = whole.cpuMs / whole.n;
    for (const name of names) {
      const c = connections[name];
      const us = (c.cpuMs / c.n) * 1000;
      log(`  ${name}: ${us.toFixed(0)} µs (${((100 * c.cpuMs) / c.n / base).toFixed(0)} % of the whole text)`);
    }
    const sold = (await admin.query("SELECT count(*)::int AS n FROM cart WHERE status = 'paid' AND res_id LIKE 'sb%'"))
      .rows[0].n;
    log(`carts paid by the four sale variants: ${sold} (expected ${4 * (SALES + warm) + (EXPLAIN ? 1 + GROUP : 0)})`);
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
