// fanout.bench.mjs - N socket.io watchers of one presentation, in separate child processes,
// while 100 locks/s are taken (and each released 0.5 s later: 200 changes/s) through the real
// REST API. Every watcher checks versions arrive without gaps or duplicates. Reports delivery
// p50/p99 (from the lock request to the delta's arrival), lost deltas, server CPU per delivered
// delta and server memory per watcher - against a bare socket.io server broadcasting batches
// of the same shape and rate to the same number of watchers, back to back, >= 5 windows each.
//   node scripts/build.mjs && node load-tests/fanout.bench.mjs [--watchers=1000,5000] [--rounds=5] [--seconds=10] [--no-results]
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  appendResults,
  cpuMsOf,
  ensureBuilt,
  log,
  median,
  request,
  ROOT,
  rssMiBOf,
  solveTokens,
  startNodeChild,
  startServer,
  startServices,
} from './lib/stack.mjs';
import { askAll, startWatchers } from './lib/watcher-pool.mjs';

const argOf = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const SIZES = String(argOf('watchers', '1000,5000')).split(',').map(Number);
const ROUNDS = Number(argOf('rounds', 5));
const SECONDS = Number(argOf('seconds', 10));
const PRESENTATION = 2; // a cinema show: 150 seats, policy 1
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function aggregate(reports) {
  const sum = (k) => reports.reduce((a, r) => a + r[k], 0);
  return {
    watchers: sum('watchers'),
    deltas: sum('deltas'),
    gaps: sum('gaps'),
    dups: sum('dups'),
    lost: sum('lost'),
    behind: sum('behind'),
    // Children report their own p50/p99; the worst child is the honest figure.
    p50: Math.max(...reports.map((r) => r.p50)),
    p99: Math.max(...reports.map((r) => r.p99)),
  };
}

async function main() {
  ensureBuilt();
  const svc = await startServices('bench-fanout');
  const server = await startServer({
    DATABASE_URL: svc.databaseUrl,
    REDIS_URL: svc.redisUrl,
    ALTCHA_MAX_NUMBER: '1000',
  });
  const lines = [
    `fanout.bench.mjs: watchers of presentation ${PRESENTATION} in child processes of 500; driver: 100 locks/s through PUT /api/seats/lock-seat, each released 0.5 s later (200 changes/s); ${ROUNDS} windows x ${SECONDS} s per side; medians over windows. Latency = lock request sent -> delta received. Server CPU includes serving the driver's 200 HTTP requests/s.`,
    '',
    '| watchers | server | deltas delivered/s | delivery p50 ms | p99 ms | lost | gaps | dups | server CPU µs / delivered delta | server MiB / watcher |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  try {
    const info = (
      await request(server.url, 'GET', `/api/presentations/${PRESENTATION}`, { headers: { uuid: randomUUID() } })
    ).body.presentation;
    const plan = (
      await request(server.url, 'GET', `/api/seats/seatplan?venueId=${info.venueId}&seatplanId=${info.seatplanId}`, {
        headers: { uuid: randomUUID() },
      })
    ).body.seatplan;
    const seats = plan.sections
      .flatMap((s) => s.groups.flatMap((g) => g.rows.flatMap((r) => r.seats)))
      .filter((s) => !s.features.includes(1));
    const drivers = Array.from({ length: 25 }, () => randomUUID());
    const tokens = await solveTokens(server.url, drivers);

    /** 100 locks/s for `seconds`, each released 0.5 s later; returns version -> request time. */
    async function drive(seconds) {
      const versionTimes = [];
      const free = [...seats];
      let next = 0;
      const inflight = [];
      const stopAt = Date.now() + seconds * 1000;
      while (Date.now() < stopAt) {
        const tick = Date.now();
        const seat = free.shift();
        if (seat) {
          const v = drivers[next++ % drivers.length];
          const body = {
            recaptchaToken: tokens.get(v),
            seat: {
              PresentationId: PRESENTATION,
              VenueId: info.venueId,
              VenueSeatplanId: info.seatplanId,
              VenueSectionId: seat.VenueSectionId,
              TicketGroupId: seat.TicketGroupId,
              XCoordinate: seat.XCoordinate,
              YCoordinate: seat.YCoordinate,
            },
          };
          inflight.push(
            (async () => {
              const sent = Date.now();
              const r = await request(server.url, 'PUT', '/api/seats/lock-seat', { headers: { uuid: v }, body });
              if (r.status === 200) versionTimes.push([r.body.version, sent]);
              await sleep(500);
              const sentU = Date.now();
              const u = await request(server.url, 'PUT', '/api/seats/unlock-seat', { headers: { uuid: v }, body });
              if (u.status === 200) versionTimes.push([u.body.version, sentU]);
              free.push(seat);
            })(),
          );
        }
        await sleep(Math.max(0, 10 - (Date.now() - tick)));
      }
      await Promise.all(inflight);
      return versionTimes;
    }

    /** A bare server broadcasting batches of the same shape and rate: `socketio` (a room) or `raw` (the floor). */
    async function runBare(n, mode) {
      const bare = await startNodeChild(
        path.join(ROOT, 'load-tests', 'lib', 'bare-broadcast-server.mjs'),
        { BARE_MODE: mode },
        `bare ${mode}`,
        { ipc: true },
      );
      const brss0 = rssMiBOf(bare.pid);
      log(`connecting ${n} watchers to the bare ${mode} server…`);
      const children = await startWatchers(bare.url, n, PRESENTATION);
      await sleep(1000);
      const bareMem = (rssMiBOf(bare.pid) - brss0) / n;
      const base = [];
      for (let r = 1; r <= ROUNDS; r++) {
        await askAll(children, { type: 'reset' }, 'reset');
        const cpu0 = cpuMsOf(bare.pid);
        bare.child.send({ type: 'start', presentationId: PRESENTATION, changesPerSecond: 200, batchMs: 50 });
        await sleep(SECONDS * 1000);
        const stopped = await new Promise((resolve) => {
          bare.child.once('message', resolve);
          bare.child.send({ type: 'stop' });
        });
        await sleep(1500);
        const cpu1 = cpuMsOf(bare.pid);
        const a = aggregate(
          await askAll(children, { type: 'report', versionTimes: [], finalVersion: stopped.version }, 'report'),
        );
        const row = {
          ...a,
          perSecond: a.deltas / SECONDS,
          cpuPerDeltaUs: ((cpu1 - cpu0) * 1000) / Math.max(1, a.deltas),
        };
        base.push(row);
        log(
          `bare ${mode} n=${n} round ${r}: ${row.perSecond.toFixed(0)} deltas/s, p50 ${row.p50} ms, p99 ${row.p99} ms, lost ${row.lost}, ${row.cpuPerDeltaUs.toFixed(1)} µs CPU/delta`,
        );
      }
      for (const c of children) c.send({ type: 'close' });
      await sleep(500);
      for (const c of children) c.kill();
      await bare.stop();
      return { rows: base, mem: bareMem };
    }

    // The driver's own cost (200 HTTP requests/s, the Redis scripts, the feed with nobody to send to), measured with
    // no watcher, is taken off the engine's CPU so that its row is the cost of delivering, like the bare servers'.
    await drive(3);
    const driverRounds = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const d0 = cpuMsOf(server.pid);
      await drive(SECONDS);
      await sleep(1500);
      driverRounds.push(cpuMsOf(server.pid) - d0);
    }
    const driverMsPerRound = median(driverRounds);
    log(`the driver alone: ${driverMsPerRound.toFixed(0)} ms of server CPU per round`);

    for (const n of SIZES) {
      // --- the real server
      const rss0 = rssMiBOf(server.pid);
      log(`connecting ${n} watchers to the real server…`);
      const children = await startWatchers(server.url, n, PRESENTATION);
      await sleep(1000);
      const memPerWatcher = (rssMiBOf(server.pid) - rss0) / n;
      const ours = [];
      for (let r = 1; r <= ROUNDS; r++) {
        await askAll(children, { type: 'reset' }, 'reset');
        const cpu0 = cpuMsOf(server.pid);
        const versionTimes = await drive(SECONDS);
        await sleep(1500);
        const cpu1 = cpuMsOf(server.pid);
        const finalVersion = (
          await request(server.url, 'GET', `/api/seats/seats-status?presentationId=${PRESENTATION}&isReserved=1`, {
            headers: { uuid: randomUUID() },
          })
        ).body.version;
        const a = aggregate(await askAll(children, { type: 'report', versionTimes, finalVersion }, 'report'));
        const row = {
          ...a,
          perSecond: a.deltas / SECONDS,
          cpuPerDeltaUs: ((cpu1 - cpu0) * 1000) / Math.max(1, a.deltas),
          netPerDeltaUs: ((cpu1 - cpu0 - driverMsPerRound) * 1000) / Math.max(1, a.deltas),
        };
        ours.push(row);
        log(
          `ours n=${n} round ${r}: ${row.perSecond.toFixed(0)} deltas/s, p50 ${row.p50} ms, p99 ${row.p99} ms, lost ${row.lost}, gaps ${row.gaps}, dups ${row.dups}, behind ${row.behind}, ${row.cpuPerDeltaUs.toFixed(1)} µs CPU/delta (${row.netPerDeltaUs.toFixed(1)} net of the driver)`,
        );
      }
      for (const c of children) c.send({ type: 'close' });
      await sleep(500);
      for (const c of children) c.kill();
      // --- the bare socket.io baseline, then the floor (the same bytes written straight to each TCP socket)
      const bareRuns = {};
      for (const mode of ['socketio', 'raw']) bareRuns[mode] = await runBare(n, mode);
      const base = bareRuns.socketio.rows;
      const bareMem = bareRuns.socketio.mem;
      const m = (rows, k) => median(rows.map((x) => x[k]));
      const total = (rows, k) => rows.reduce((acc, x) => acc + x[k], 0);
      lines.push(
        `| ${n} | seat engine, net of the driver alone | ${m(ours, 'perSecond').toFixed(0)} |  |  |  |  |  | ${m(ours, 'netPerDeltaUs').toFixed(1)} |  |`,
      );
      lines.push(
        `| ${n} | seat engine | ${m(ours, 'perSecond').toFixed(0)} | ${m(ours, 'p50')} | ${m(ours, 'p99')} | ${total(ours, 'lost')} | ${total(ours, 'gaps')} | ${total(ours, 'dups')} | ${m(ours, 'cpuPerDeltaUs').toFixed(1)} | ${memPerWatcher.toFixed(3)} |`,
      );
      lines.push(
        `| ${n} | bare socket.io room | ${m(base, 'perSecond').toFixed(0)} | ${m(base, 'p50')} | ${m(base, 'p99')} | ${total(base, 'lost')} | ${total(base, 'gaps')} | ${total(base, 'dups')} | ${m(base, 'cpuPerDeltaUs').toFixed(1)} | ${bareMem.toFixed(3)} |`,
      );
      const floor = bareRuns.raw.rows;
      lines.push(
        `| ${n} | floor: the frame written to each TCP socket | ${m(floor, 'perSecond').toFixed(0)} | ${m(floor, 'p50')} | ${m(floor, 'p99')} | ${total(floor, 'lost')} | ${total(floor, 'gaps')} | ${total(floor, 'dups')} | ${m(floor, 'cpuPerDeltaUs').toFixed(1)} | ${bareRuns.raw.mem.toFixed(3)} |`,
      );
      lines.push(
        `|  | ratio (engine net / floor CPU per delta) |  |  |  |  |  |  | ${(m(ours, 'netPerDeltaUs') / m(floor, 'cpuPerDeltaUs')).toFixed(2)}x |  |`,
      );
      lines.push(
        `|  | ratio (engine net / bare CPU per delta) |  |  |  |  |  |  | ${(m(ours, 'netPerDeltaUs') / m(base, 'cpuPerDeltaUs')).toFixed(2)}x |  |`,
      );
    }
    if (process.argv.includes('--no-results')) process.stdout.write(`${lines.join('\n')}\n`);
    else appendResults('Fan-out', lines);
  } finally {
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
