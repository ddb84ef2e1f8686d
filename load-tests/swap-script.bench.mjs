// swap-script.bench.mjs - the cost of moving a sold seat in ONE atomic step (the order-change `swap` Lua script:
// new seat sold + old seat freed, one version, one publish) against the two-step way the engine could already do
// it (`reconcile` the new seat sold, then `release-sold` the old one: two scripts, two versions, and a window in
// which both seats, or neither, are sold). Redis only, 50 concurrent loops, each moving "its" ticket one seat
// forward per operation through fresh seats (so the release grace of reconcile never skips a seat).
//   node scripts/build.mjs && node load-tests/swap-script.bench.mjs [--rounds=3] [--seconds=5]
import path from 'node:path';
import Redis from 'ioredis';
import { appendResults, ensureBuilt, log, median, percentile, require, ROOT, startServices } from './lib/stack.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const ROUNDS = arg('rounds', 3);
const SECONDS = arg('seconds', 5);
const CONCURRENCY = 50;
const SEATS_PER_LOOP = 4000;
const PREFIX = 'bench:';

ensureBuilt();
const lua = (file, name) => require(path.join(ROOT, 'server/dist/seats/lua', file))[name];
const INIT_LUA = lua('init.lua.js', 'INIT_LUA');
const SWAP_LUA = lua('swap.lua.js', 'SWAP_LUA');
const RECONCILE_LUA = lua('reconcile.lua.js', 'RECONCILE_LUA');
const RELEASE_SOLD_LUA = lua('release-sold.lua.js', 'RELEASE_SOLD_LUA');
const { presentationKeys, dueKey, changesChannel } = require(path.join(ROOT, 'server/dist/seats/seat-keys.js'));

const services = await startServices('swap-bench');
const redis = new Redis(services.redisUrl, { maxRetriesPerRequest: 1 });
redis.defineCommand('seatInit', { lua: INIT_LUA, numberOfKeys: 9 });
redis.defineCommand('seatSwap', { lua: SWAP_LUA, numberOfKeys: 7 });
redis.defineCommand('seatReconcile', { lua: RECONCILE_LUA, numberOfKeys: 7 });
redis.defineCommand('seatReleaseSold', { lua: RELEASE_SOLD_LUA, numberOfKeys: 6 });
const channel = changesChannel(PREFIX);
const seat = (loop, i) => `1:${i + 1}:${loop + 1}`;

/** A fresh presentation whose loops each start with their ticket sold on seat 0 of their row. */
async function fresh(pid) {
  const k = presentationKeys(PREFIX, pid);
  const sold = Array.from({ length: CONCURRENCY }, (_, loop) => seat(loop, 0));
  await redis.seatInit(
    k.init,
    k.st,
    k.exp,
    k.ver,
    k.log,
    k.taken,
    k.ga,
    k.ganext,
    dueKey(PREFIX),
    pid,
    channel,
    k.base,
    0,
    sold.length,
    ...sold,
  );
  return k;
}

const ways = {
  'swap (one script: new sold + old freed, one version)': (k, pid, from, to) =>
    redis.seatSwap(k.init, k.st, k.exp, k.ver, k.log, k.taken, k.ga, pid, channel, 1000, k.base, 1, to, 1, from),
  'reconcile new + release-sold old (two scripts, two versions)': async (k, pid, from, to) => {
    await redis.seatReconcile(k.init, k.st, k.exp, k.ver, k.log, k.taken, k.ga, pid, channel, 1000, k.base, 1, to);
    await redis.seatReleaseSold(k.init, k.st, k.ver, k.log, k.taken, k.ga, pid, channel, 1000, k.base, 1, from);
  },
};

let nextPid = 1;
async function run(label) {
  const pid = nextPid++;
  const k = await fresh(pid);
  const once = ways[label];
  const ms = [];
  const stopAt = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, loop) => {
      for (let i = 0; i + 1 < SEATS_PER_LOOP && Date.now() < stopAt; i++) {
        const t0 = performance.now();
        await once(k, pid, seat(loop, i), seat(loop, i + 1));
        ms.push(performance.now() - t0);
      }
    }),
  );
  // Every loop's ticket must end on exactly one sold seat: the state is checked, not assumed.
  const sold = Object.values(await redis.hgetall(k.st)).filter((v) => v === 's').length;
  if (sold !== CONCURRENCY) throw new Error(`${label}: ${sold} sold seats, expected ${CONCURRENCY}`);
  ms.sort((a, b) => a - b);
  return { perSecond: ms.length / SECONDS, p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

const results = Object.fromEntries(Object.keys(ways).map((label) => [label, []]));
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const label of Object.keys(ways)) {
      const r = await run(label);
      results[label].push(r);
      log(
        `round ${round + 1} ${label}: ${r.perSecond.toFixed(0)} moves/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms`,
      );
    }
  }
} finally {
  redis.disconnect();
  await services.stop();
}

const rows = Object.entries(results).map(([label, rs]) => ({
  label,
  perSecond: median(rs.map((r) => r.perSecond)),
  p50: median(rs.map((r) => r.p50)),
  p99: median(rs.map((r) => r.p99)),
  each: rs.map((r) => r.perSecond.toFixed(0)).join(', '),
}));
const [ours, base] = rows;
appendResults('Seat swap script (order changes)', [
  `swap-script.bench.mjs: Redis only, ${CONCURRENCY} concurrent loops, ${ROUNDS} rounds x ${SECONDS} s per side, each operation moves one sold seat to a fresh free seat; medians over rounds.`,
  '',
  '| way | moves/s | p50 ms | p99 ms |',
  '|---|---|---|---|',
  ...rows.map((r) => `| ${r.label} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |`),
  '',
  `Ratio (swap / two-step throughput): ${((ours.perSecond / base.perSecond) * 100).toFixed(1)} %. Per-round moves/s, swap: ${ours.each}; two-step: ${base.each}.`,
]);
