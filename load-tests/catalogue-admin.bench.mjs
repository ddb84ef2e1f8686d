// catalogue-admin.bench.mjs - what a venue's back office must do fast, each against a baseline measured in the same
// run on the same server and database:
//  1. Publishing a date on the 100,000-seat stadium plan until it is READY TO SELL (the publish answered and a buyer's
//     first seat lock accepted, which builds the date's seat layout): target < 2 s. Baseline: the same on the theatre
//     plan (a few hundred seats).
//  2. Cancelling a date with 10,000 paid orders: from POST .../cancel to every order cancelled and every charge
//     refunded (the job's own progress), target >= 200 orders/s, and each charge refunded exactly once. Baseline: the
//     same rows changed by plain SQL in transactions of 100 orders (the floor of doing it at all).
//  3. The dates list of an event with 10,000 dates, a page of 200 at a time through all of it: p95 < 200 ms.
//     Baseline: GET /api/health through the same stack.
// Only loopback addresses; every loop is bounded.
//   node scripts/build.mjs && node load-tests/catalogue-admin.bench.mjs [--rounds=5] [--orders=10000] [--dates=10000]
import { randomUUID } from 'node:crypto';
import os from 'node:os';
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
const ORDERS = arg('orders', 10_000);
const DATES = arg('dates', 10_000);
const CATALOGUE = 291;
const { Pool } = require('pg');
const f = (x) => x.toFixed(1);
const NAMES = (tag) => ({ he: `מדד ${tag}`, en: `Bench ${tag}`, ru: `Тест ${tag}`, ar: `قياس ${tag}` });

/** A Jerusalem calendar day `days` ahead of now, 'YYYY-MM-DD'. */
const dayAhead = (days) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });

async function call(base, staff, method, path, body) {
  const r = await request(base, method, path, { headers: staff.headers, body });
  if (r.status >= 300) throw new Error(`${method} ${path} ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** The largest published plan (the stadium) and the theatre's, with their venues' businesses. */
async function plans(pool) {
  const { rows } = await pool.query(
    `SELECT sp.id, sp.venue_id, l.business_id, sp.seat_count, v.code
       FROM seatplan sp JOIN venue v ON v.id = sp.venue_id JOIN location l ON l.id = v.location_id
      WHERE sp.published_at IS NOT NULL AND sp.seat_count > 0 ORDER BY sp.seat_count DESC`,
  );
  const stadium = rows[0];
  const theatre = rows.find((r) => r.code.startsWith('theatre')) ?? rows.at(-1);
  if (!stadium || stadium.seat_count < 90_000) throw new Error('no stadium plan: start the server with SEED_STADIUM');
  return { stadium, theatre };
}

/** An event in the plan's business and one date on the plan, every zone priced, as a draft. */
async function draftDate(base, staff, plan, day, time, tag) {
  const feature = await call(base, staff, 'POST', '/api/admin/features', {
    businessId: plan.business_id,
    name: NAMES(tag),
    description: { he: '', en: '', ru: '', ar: '' },
    categoryId: 2,
    durationMinutes: 60,
    ageLimit: null,
  });
  const { zones } = await call(base, staff, 'GET', `/api/admin/seat-plans/${plan.id}/zones`);
  const { presentations } = await call(base, staff, 'POST', '/api/admin/presentations', {
    featureId: feature.id,
    seatPlanId: plan.id,
    firstDate: day,
    time,
    maxSeatsPerOrder: 10,
    prices: zones
      .filter((z) => z.seatCount > 0)
      .map((z) => ({
        zoneId: z.id,
        tickets: [{ name: NAMES('ticket'), priceAgorot: 10_000, serviceChargeAgorot: 0 }],
      })),
  });
  return { featureId: feature.id, date: presentations[0] };
}

/** Publish, then a buyer's lock until it is accepted: the wall time until the date is ready to sell. */
async function publishUntilSellable(base, pool, staff, plan, draft, visitor, token) {
  const { rows } = await pool.query(
    `SELECT section_id, x, y FROM seat WHERE seatplan_id = $1 AND together_id IS NULL ORDER BY id LIMIT 1 OFFSET 300`,
    [plan.id],
  );
  const seat = rows[0];
  const t0 = performance.now();
  await call(base, staff, 'POST', `/api/admin/presentations/${draft.id}/publish`, { revision: draft.revision });
  const published = performance.now() - t0;
  for (let attempt = 0; attempt < 200; attempt++) {
    const r = await request(base, 'PUT', '/api/seats/lock-seat', {
      headers: { uuid: visitor },
      body: {
        recaptchaToken: token,
        seat: {
          PresentationId: draft.id,
          VenueId: plan.venue_id,
          VenueSeatplanId: plan.id,
          VenueSectionId: seat.section_id,
          TicketGroupId: 0,
          XCoordinate: seat.x,
          YCoordinate: seat.y,
        },
      },
    });
    if (r.status === 200) return { published, sellable: performance.now() - t0, attempts: attempt + 1 };
    if (attempt === 199) throw new Error(`lock after publish: ${r.status} ${JSON.stringify(r.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function publishing(base, pool, staff) {
  const { stadium, theatre } = await plans(pool);
  const visitors = Array.from({ length: ROUNDS * 2 }, () => randomUUID());
  const tokens = await solveTokens(base, visitors);
  const out = { stadium: [], theatre: [], stadiumSeats: stadium.seat_count, theatreSeats: theatre.seat_count };
  for (let round = 0; round < ROUNDS; round++) {
    // Alternating which plan goes first, so neither always meets a warmer server.
    const order = round % 2 === 0 ? ['stadium', 'theatre'] : ['theatre', 'stadium'];
    for (const [k, which] of order.entries()) {
      const plan = which === 'stadium' ? stadium : theatre;
      const { date } = await draftDate(base, staff, plan, dayAhead(200 + round * 3 + k), '03:00', `${which}-${round}`);
      const visitor = visitors[round * 2 + k];
      out[which].push(await publishUntilSellable(base, pool, staff, plan, date, visitor, tokens.get(visitor)));
    }
  }
  return out;
}

/** `count` paid orders of one ticket each on the date, paid by a sandbox card charge, written as the sale writes them. */
async function prefillOrders(pool, presentationId, seatPlanId, count, tag) {
  const { rows } = await pool.query(
    `SELECT t.id FROM ticket t JOIN ticket_group g ON g.id = t.ticket_group_id WHERE g.presentation_id = $1 LIMIT 1`,
    [presentationId],
  );
  const ticketId = rows[0].id;
  const started = Date.now();
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO reservation (identifier, cart_identifier, document_key, visitor_id, state, customer, locale, total_agorot)
       SELECT $1 || lpad(g::text, 6, '0'), md5($1 || 'c' || g)::uuid::text, md5($1 || 'd' || g) || md5($1 || 'e' || g),
              md5($1 || 'v' || g)::uuid, 'paid',
              jsonb_build_object('firstName', 'מדד', 'lastName', 'ביטול', 'email', 'bench' || g || '@example.com',
                                 'mobileNumber', '05' || lpad((20000000 + g)::text, 8, '0')),
              'he', 10000
         FROM generate_series(1, $2::int) g`,
      [tag, count],
    );
    await client.query(
      `WITH s AS (SELECT section_id, x, y, row_number() OVER (ORDER BY id) AS n FROM seat
                   WHERE seatplan_id = $1 AND together_id IS NULL),
            r AS (SELECT id, substr(identifier, length($2) + 1)::int AS k FROM reservation WHERE identifier LIKE $2 || '%')
       INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id,
                                       amount_agorot, service_charge_agorot)
       SELECT r.id, $2 || '-' || r.k, $3, s.section_id, s.x, s.y, $4, 10000, 0 FROM r JOIN s ON s.n = r.k`,
      [seatPlanId, tag, presentationId, ticketId],
    );
    await client.query(
      `INSERT INTO sandbox_charge (id, idempotency_key, authorisation_token, amount_agorot, instalments, status)
       SELECT 'sbx_ch_' || identifier, 'bench:' || identifier, 'bench-auth:' || identifier, total_agorot, 1, 'approved'
         FROM reservation WHERE identifier LIKE $1 || '%'`,
      [tag],
    );
    await client.query(
      `INSERT INTO payment (reservation_id, cart_identifier, provider, method, provider_reference, amount_agorot, status,
                            idempotency_key)
       SELECT id, cart_identifier, 'sandbox', 'card', 'sbx_ch_' || identifier, total_agorot, 'approved',
              cart_identifier || ':bench'
         FROM reservation WHERE identifier LIKE $1 || '%'`,
      [tag],
    );
    await client.query(
      `INSERT INTO cart (cart_identifier, res_id, visitor_id, cart, status, reservation_id, result)
       SELECT cart_identifier::uuid, 'b' || id, visitor_id, '{"seats":[]}', 'paid', id, '{}'
         FROM reservation WHERE identifier LIKE $1 || '%'`,
      [tag],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
  await pool.query('ANALYZE');
  log(`pre-filled ${count} paid orders on date ${presentationId} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Every charge of the tag's orders with how many refunds it got and whether they add up to the charge. */
async function refundCheck(pool, tag) {
  const { rows } = await pool.query(
    `SELECT count(*)::int AS charges,
            count(*) FILTER (WHERE n = 1 AND refunded = amount)::int AS refunded_once,
            count(*) FILTER (WHERE n > 1)::int AS refunded_twice
       FROM (SELECT s.amount_agorot AS amount,
                    (SELECT count(*) FROM sandbox_refund x WHERE x.charge_id = s.id) AS n,
                    (SELECT coalesce(sum(x.amount_agorot), 0) FROM sandbox_refund x WHERE x.charge_id = s.id) AS refunded
               FROM sandbox_charge s WHERE s.id LIKE 'sbx_ch_' || $1 || '%') c`,
    [tag],
  );
  return rows[0];
}

async function cancelling(base, pool, staff) {
  const { stadium } = await plans(pool);
  const { date } = await draftDate(base, staff, stadium, dayAhead(260), '04:00', 'cancel');
  const published = await call(base, staff, 'POST', `/api/admin/presentations/${date.id}/publish`, {
    revision: date.revision,
  });
  const tag = `BC${Date.now().toString(36).toUpperCase()}`;
  await prefillOrders(pool, date.id, stadium.id, ORDERS, tag);
  const t0 = performance.now();
  await call(base, staff, 'POST', `/api/admin/presentations/${date.id}/cancel`, {
    revision: published.revision,
    reason: 'benchmark',
  });
  const progress = [];
  let last;
  for (let poll = 0; poll < 20 * 60 * 4; poll++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    last = (await call(base, staff, 'GET', `/api/admin/presentations/${date.id}`)).cancellation;
    if (poll % 8 === 0) progress.push([Math.round(performance.now() - t0), last.ordersLeft, last.refundsOpen]);
    if (last.ordersLeft === 0 && last.refundsOpen === 0) break;
  }
  const seconds = (performance.now() - t0) / 1000;
  if (last.ordersLeft !== 0 || last.refundsOpen !== 0) throw new Error(`cancellation stuck: ${JSON.stringify(last)}`);
  const check = await refundCheck(pool, tag);

  // Baseline: the same state changes by plain SQL, 100 orders a transaction, on a second date of the same size.
  const { date: second } = await draftDate(base, staff, stadium, dayAhead(262), '04:00', 'cancel-baseline');
  const tag2 = `BB${Date.now().toString(36).toUpperCase()}`;
  await prefillOrders(pool, second.id, stadium.id, ORDERS, tag2);
  const b0 = performance.now();
  for (;;) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(
        `SELECT id, identifier FROM reservation WHERE identifier LIKE $1 || '%' AND state = 'paid'
          ORDER BY id LIMIT 100 FOR UPDATE`,
        [tag2],
      );
      if (rows.length === 0) {
        await client.query('COMMIT');
        break;
      }
      const ids = rows.map((r) => r.id);
      await client.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE reservation_id = ANY($1)`, [ids]);
      await client.query(`UPDATE reservation SET state = 'cancelled' WHERE id = ANY($1)`, [ids]);
      await client.query(`UPDATE sandbox_charge SET status = 'refunded', refunded_at = now() WHERE id = ANY($1)`, [
        rows.map((r) => `sbx_ch_${r.identifier}`),
      ]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
  }
  const baselineSeconds = (performance.now() - b0) / 1000;
  return { seconds, baselineSeconds, check, progress };
}

async function listing(base, pool, staff) {
  const { theatre } = await plans(pool);
  const { featureId, date } = await draftDate(base, staff, theatre, dayAhead(400), '05:00', 'list');
  // DATES - 1 copies of the date, an hour apart, each with its own ticket groups and tickets (as the admin writes them).
  const started = Date.now();
  await pool.query(
    `WITH copies AS (
       INSERT INTO presentation (feature_id, location_id, venue_id, seatplan_id, business_id, auth_profile_id, date_time,
                                 venue_type_id, seating_policy_id, is_reserved, soldout, max_seats_per_order,
                                 no_single_seat_gap)
       SELECT feature_id, location_id, venue_id, seatplan_id, business_id, auth_profile_id,
              date_time + make_interval(hours => g), venue_type_id, seating_policy_id, is_reserved, soldout,
              max_seats_per_order, no_single_seat_gap
         FROM presentation, generate_series(1, $2::int - 1) g WHERE id = $1
       RETURNING id),
     groups AS (
       INSERT INTO ticket_group (presentation_id, zone_id, name, name_en, color, is_by_code_enabled, sort_order,
                                 translations)
       SELECT c.id, tg.zone_id, tg.name, tg.name_en, tg.color, tg.is_by_code_enabled, tg.sort_order, tg.translations
         FROM copies c CROSS JOIN ticket_group tg WHERE tg.presentation_id = $1
       RETURNING id, zone_id)
     INSERT INTO ticket (ticket_group_id, name, name_en, price, service_charge, sort_order, translations)
     SELECT g.id, t.name, t.name_en, t.price, t.service_charge, t.sort_order, t.translations
       FROM groups g JOIN ticket_group tg ON tg.presentation_id = $1 AND tg.zone_id = g.zone_id
       JOIN ticket t ON t.ticket_group_id = tg.id`,
    [date.id, DATES],
  );
  await pool.query('ANALYZE');
  log(`made ${DATES} dates in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const pageMs = [];
  const healthMs = [];
  let pages = 0;
  for (let pass = 0; pass < 3; pass++) {
    let after = null;
    let seen = 0;
    do {
      const q = `/api/admin/presentations?featureId=${featureId}&limit=200${after ? `&after=${after}` : ''}`;
      const r = await request(base, 'GET', q, { headers: staff.headers });
      if (r.status !== 200) throw new Error(`${q} ${r.status} ${JSON.stringify(r.body)}`);
      pageMs.push(r.ms);
      seen += r.body.presentations.length;
      after = r.body.next;
      pages++;
      healthMs.push((await request(base, 'GET', '/api/health')).ms);
    } while (after && pages < 1000);
    if (seen !== DATES) throw new Error(`pass ${pass}: saw ${seen} dates of ${DATES}`);
  }
  return { pageMs: pageMs.sort((a, b) => a - b), healthMs: healthMs.sort((a, b) => a - b), pages };
}

async function main() {
  ensureBuilt();
  const load = () =>
    os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' / ');
  const loadAtStart = load();
  log(`load average at start: ${loadAtStart}`);
  const svc = await startServices('bench-catalogue-admin');
  let server;
  try {
    server = await startServer({ DATABASE_URL: svc.databaseUrl, REDIS_URL: svc.redisUrl, SEED_STADIUM: 'true' });
    const pool = new Pool({ connectionString: svc.databaseUrl, max: 4 });
    pool.on('error', () => undefined);
    await createBenchStaff(pool, [CATALOGUE]);
    const staff = await signInBenchStaff(server.url);
    const pub = await publishing(server.url, pool, staff);
    const loadAfterPublish = load();
    const cancel = await cancelling(server.url, pool, staff);
    const loadAfterCancel = load();
    const list = await listing(server.url, pool, staff);
    await pool.end();
    const sMed = median(pub.stadium.map((r) => r.sellable));
    const tMed = median(pub.theatre.map((r) => r.sellable));
    const rate = ORDERS / cancel.seconds;
    const baseRate = ORDERS / cancel.baselineSeconds;
    const p95 = percentile(list.pageMs, 95);
    const h95 = percentile(list.healthMs, 95);
    appendResults('Catalogue administration: publish, cancel, list (load-tests/catalogue-admin.bench.mjs)', [
      `One server node (NODE_ENV=production), PostgreSQL and Redis on this machine. Load average (1/5/15 min) at start ${loadAtStart}; after the publishing rounds ${loadAfterPublish}; after the cancellation ${loadAfterCancel} (the bench's own processes raise it).`,
      '',
      `### Publishing a date until it is ready to sell (${ROUNDS} rounds, plans alternating; target < 2 s on the stadium)`,
      '',
      '| plan | seats | publish answered ms (median) | ready to sell ms (median) | rounds, ready ms | vs theatre | target |',
      '|---|---:|---:|---:|---|---:|---|',
      `| stadium | ${pub.stadiumSeats.toLocaleString('en')} | ${f(median(pub.stadium.map((r) => r.published)))} | ${f(sMed)} | ${pub.stadium.map((r) => f(r.sellable)).join(', ')} | ${(sMed / tMed).toFixed(2)}x | ${sMed < 2000 ? 'met' : '**MISSED**'} |`,
      `| theatre (baseline) | ${pub.theatreSeats.toLocaleString('en')} | ${f(median(pub.theatre.map((r) => r.published)))} | ${f(tMed)} | ${pub.theatre.map((r) => f(r.sellable)).join(', ')} | 1.00x | |`,
      '',
      `### Cancelling a date with ${ORDERS.toLocaleString('en')} paid orders (target >= 200 orders/s, each charge refunded once)`,
      '',
      '| how | seconds | orders/s | vs plain SQL | target |',
      '|---|---:|---:|---:|---|',
      `| POST …/cancel → the job cancels, refunds (sandbox provider) and queues each buyer's message | ${f(cancel.seconds)} | ${f(rate)} | ${((rate / baseRate) * 100).toFixed(1)} % | ${rate >= 200 ? 'met' : '**MISSED**'} |`,
      `| baseline: plain SQL, 100 orders a transaction (tickets, order, charge marked refunded) | ${f(cancel.baselineSeconds)} | ${f(baseRate)} | 100 % | |`,
      '',
      `Charges: ${cancel.check.charges}; refunded exactly once, in full: ${cancel.check.refunded_once}; refunded more than once: ${cancel.check.refunded_twice}. Progress (ms, orders left, refunds open): ${cancel.progress.map((p) => `[${p.join(', ')}]`).join(' ')}.`,
      '',
      `### The dates list of an event with ${DATES.toLocaleString('en')} dates, 200 a page (${list.pages} pages over 3 passes; target p95 < 200 ms)`,
      '',
      '| call | p50 ms | p95 ms | p95 vs health | target |',
      '|---|---:|---:|---:|---|',
      `| GET /api/admin/presentations?featureId=…&limit=200&after=… | ${f(percentile(list.pageMs, 50))} | ${f(p95)} | ${(p95 / h95).toFixed(1)}x | ${p95 < 200 ? 'met' : '**MISSED**'} |`,
      `| baseline: GET /api/health | ${f(percentile(list.healthMs, 50))} | ${f(h95)} | 1.0x | |`,
    ]);
  } finally {
    await server?.stop();
    await svc.stop();
  }
}

await main();
