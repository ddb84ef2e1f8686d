// gift-voucher.bench.mjs - what the voucher guard costs under concurrency. 50 concurrent buyers
// each buy a ₪100 gift voucher through the real POST /api/payment/commit (bot check, customer schema, the
// kind rule, server pricing, the voucher row locked FOR UPDATE and re-checked, the sale statement creating the
// new voucher with its ledger rows and outbox) and pay for it with a voucher:
//   own    - each buyer with a voucher of their own (no two commits wait on the same row): the baseline;
//   shared - every buyer with the SAME voucher (every commit waits for that row's lock in turn).
// Rounds alternate; the ratio shared/own is what serialising on one voucher costs. After every shared round the
// voucher's balance must equal its start minus what the approved payments took (never below zero).
//   node scripts/build.mjs && node load-tests/gift-voucher.bench.mjs [--rounds=3] [--orders=500]
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

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROUNDS = arg('rounds', 3);
const ORDERS = arg('orders', 500);
const CONCURRENCY = 50;
const { Pool } = require('pg');

const CUSTOMER = {
  firstName: 'ישראל',
  lastName: 'ישראלי',
  ssn: '000000018',
  email: 'bench@example.com',
  mobileNumber: '0501234567',
  verifyMobileNumber: '0501234567',
  termsAccepted: true,
};

async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
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
  const svc = await startServices('bench-gift-voucher');
  let server;
  const db = new Pool({ connectionString: svc.databaseUrl, max: 10 });
  try {
    server = await startServer({
      DATABASE_URL: svc.databaseUrl,
      REDIS_URL: svc.redisUrl,
      ALTCHA_MAX_NUMBER: '100',
      OUTBOX_POLL_MS: '0',
    });
    const offers = (await request(server.url, 'GET', '/api/system-vouchers', { headers: { uuid: randomUUID() } })).body;
    const offer = offers.vouchers[0];
    const price = offer.Prices[0];
    const item = {
      SystemVoucherId: offer.SystemVoucherId,
      SystemVoucherPriceId: price.SystemVoucherPriceId,
      Quantity: 1,
      Price: price.Price,
    };

    const visitors = Array.from({ length: ORDERS }, () => randomUUID());
    log(`solving ${ORDERS} bot checks…`);
    const tokens = new Map();
    const chunks = [];
    for (let i = 0; i < visitors.length; i += 50) chunks.push(visitors.slice(i, i + 50));
    await pool(chunks, 4, async (chunk) => {
      for (const [v, tk] of await solveTokens(server.url, chunk)) tokens.set(v, tk);
    });

    /** One voucher per buyer, and one voucher for everybody; balances large enough for every round. */
    const big = 100 * price.Price * 100 * ROUNDS * ORDERS;
    const own = (
      await db.query(
        `INSERT INTO system_voucher (reference, name, name_en, initial_agorot, balance_agorot)
         SELECT 'BENCH-OWN-' || g, 'בדיקה', 'Bench', $2, $2 FROM generate_series(1, $1::int) g
         RETURNING id::int AS id, reference`,
        [ORDERS, Math.min(big, 2_000_000_000)],
      )
    ).rows;
    const shared = (
      await db.query(
        `INSERT INTO system_voucher (reference, name, name_en, initial_agorot, balance_agorot)
         VALUES ('BENCH-SHARED', 'בדיקה', 'Bench', $1, $1) RETURNING id::int AS id, reference, balance_agorot AS balance`,
        [Math.min(big, 2_000_000_000)],
      )
    ).rows[0];

    const agent = agentFor(CONCURRENCY);
    async function round(kind) {
      const ms = [];
      const errors = new Map();
      const started = process.hrtime.bigint();
      await pool(visitors, CONCURRENCY, async (visitor, i) => {
        const v = kind === 'own' ? own[i] : shared;
        const cart = {
          seats: [],
          vouchers: [item],
          voucherPayments: [{ id: v.id, code: v.reference, amount: price.Price }],
          customerInfo: CUSTOMER,
          total: price.Price,
          cartIdentifier: randomUUID(),
        };
        const t0 = process.hrtime.bigint();
        const r = await request(server.url, 'POST', '/api/payment/commit', {
          headers: { uuid: visitor },
          agent,
          body: { cart, recaptchaToken: tokens.get(visitor) },
        });
        if (r.status === 201) ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
        else errors.set(r.body?.error ?? r.status, (errors.get(r.body?.error ?? r.status) ?? 0) + 1);
      });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      ms.sort((a, b) => a - b);
      const result = {
        kind,
        perSecond: ms.length / seconds,
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
        failures: [...errors.values()].reduce((a, b) => a + b, 0),
        errors: Object.fromEntries(errors),
      };
      log(
        `${kind}: ${result.perSecond.toFixed(0)} commits/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, failures ${result.failures}`,
      );
      return result;
    }

    const results = [];
    for (let r = 0; r < ROUNDS; r++) {
      results.push(await round('own'));
      results.push(await round('shared'));
      const check = (
        await db.query(
          `SELECT v.balance_agorot AS balance,
                  (SELECT coalesce(sum(amount_agorot), 0)::bigint FROM payment WHERE system_voucher_id = v.id AND status = 'approved') AS taken
             FROM system_voucher v WHERE v.id = $1`,
          [shared.id],
        )
      ).rows[0];
      if (Number(check.balance) < 0 || Number(check.balance) + Number(check.taken) !== shared.balance)
        throw new Error(`shared voucher inconsistent: ${JSON.stringify(check)}`);
    }
    const ownRate = median(results.filter((x) => x.kind === 'own').map((x) => x.perSecond));
    const sharedRate = median(results.filter((x) => x.kind === 'shared').map((x) => x.perSecond));
    const lines = [
      `${ROUNDS} rounds x ${ORDERS} gift-voucher orders each way, ${CONCURRENCY} concurrent, paid by a voucher:`,
      '',
      '| round | voucher | commits/s | p50 ms | p99 ms | failures |',
      '|---:|---|---:|---:|---:|---:|',
      ...results.map(
        (x, i) =>
          `| ${Math.floor(i / 2) + 1} | ${x.kind} | ${x.perSecond.toFixed(0)} | ${x.p50.toFixed(1)} | ${x.p99.toFixed(1)} | ${x.failures}${x.failures ? ` ${JSON.stringify(x.errors)}` : ''} |`,
      ),
      '',
      `Median commits/s: own ${ownRate.toFixed(0)}, shared ${sharedRate.toFixed(0)}; shared/own = ${(sharedRate / ownRate).toFixed(2)}.`,
      'The shared voucher balance was checked after every shared round: never below zero, start = balance + approved payments.',
    ];
    appendResults('Gift voucher redemption: one shared voucher vs a voucher each', lines);
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
