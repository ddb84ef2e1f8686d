// nodes.bench.mjs - 1, 2 and 3 real server processes (server/dist/main.js) behind one local load balancer,
// on one PostgreSQL and either one Redis or a local 3-primary Redis Cluster: are the nodes equally loaded, and does
// a node add capacity.
// Per node count:
//   - locks: CONCURRENCY keep-alive loops of lock + unlock (each loop its own seats of the arena, presentation 29)
//     through the balancer: locks/s, lock p50/p99, server CPU per lock (all server processes, /proc/<pid>/stat;
//     a loop's unlock is included, as one lock is never taken without its release) and the balancer's CPU;
//   - delivery: WATCHERS socket.io watchers of presentation 2, connected through the balancer (so spread over the
//     nodes by least connections), while --changes=N seat changes/s are made (N/2 locks/s, each released about
//     0.5 s later): delivery p50/p99 from the lock request to the delta's arrival, lost/gaps/dups, server CPU per
//     delivered delta.
// On a 2-core machine more nodes are not faster; what must hold is that the cost per lock and per delivery stays
// flat as nodes are added (within 15 %), which is what lets a bigger machine (or more machines) scale.
//
// How the flatness verdict is reached (so that it is a result on this 2-core machine):
//   1. Fixed offered load. --rate=N paces the lock loops to N locks/s in all (open loop), and --changes=N fixes the
//      delivery phase's change rate, so every node count does the same work; without --rate the lock loops are
//      closed (as fast as the nodes answer), which saturates 2 cores with 2-3 nodes and inflates CPU per lock with
//      contention: the verdict line says so. The lead's verdict run: --rate=400 (the default --changes).
//      A server's CPU per lock depends on its own request rate: in a smoke on a busy machine one node took about
//      3.1 ms of CPU per lock at 100 locks/s, 2.5 ms at 200/s, 1.5-1.9 ms at 400/s and 0.9 ms closed (each request
//      pays the event-loop wake-up, its syscalls and Redis round trip alone instead of sharing them). A fixed total
//      rate gives each of N nodes 1/N of it, so per-lock cost rises with N for that reason too, which idle
//      subtraction does not remove. --per-node makes --rate a per-node rate (N x rate in all), comparing nodes at
//      the same operating point, as on a bigger machine where each node is fed its share: run both
//      (--rate=400, and e.g. --rate=150 --per-node, which stays near one core in all with 3 nodes).
//   2. Idle subtraction. Every node has constant background work (the seat sweeper every 250 ms, the jobs,
//      socket.io's heartbeats to its watchers); at a fixed offered load it is spread over the same number of locks
//      while each added node adds its own, so raw "CPU per lock" rises with node count for reasons that are not a
//      lock's cost. Right before every measured round (after a 2 s settle, so the tail of what came before is not
//      counted) an idle window of the same length measures all server processes' CPU with nothing sent (delivery:
//      with the watchers already connected, after a warm-up drive); the idle rate is pooled over a phase's windows
//      (one window holds only a few runs of a periodic job), and a round's NET CPU is raw - idle rate x the
//      round's seconds. Both are reported; the verdict compares NET cost per lock and per delta against the first
//      node count. Where idle is more than half of the raw figure the verdict line warns: NET is then a small
//      difference of two noisy numbers and more --rounds / --seconds (or load) are needed.
//   3. Quiet starts. Before every idle window and every round the bench waits until the 1-minute load average is
//      at most --cool (default 2.0; it gives up after --cool-max seconds, default 120, and marks the row), and
//      records the load at each round's start and end. A row is a result only if every round ended at load <= 3
//      (our rule for RESULTS.md); the verdict is given only when every row is a result.
// The balancer is Debian's nginx (/usr/sbin/nginx, non-daemon, generated config under .tmp/) when present, else
// lib/node-balancer.mjs, a node stand-in, named as such in every row.
//   node scripts/build.mjs && node load-tests/nodes.bench.mjs [--nodes=1,2,3] [--redis=single|cluster]
//     [--rounds=3] [--seconds=8] [--watchers=5000] [--concurrency=50] [--rate=N [--per-node]] [--locks-to-first-node] [--changes=4]
//     [--cool=2.0] [--cool-max=120] [--warmup=12] [--balancer=nginx|node] [--no-results]
// --no-results prints the table without appending it to RESULTS.md (smoke runs).
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/services.mjs';
import {
  agentFor,
  appendResults,
  cpuMsOf,
  ensureBuilt,
  log,
  median,
  onInterrupt,
  percentile,
  request,
  ROOT,
  solveTokens,
  startNodeChild,
  startServer,
  startServices,
} from './lib/stack.mjs';
import { askAll, startWatchers } from './lib/watcher-pool.mjs';

const argOf = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const NODES = String(argOf('nodes', '1,2,3'))
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const REDIS_MODE = argOf('redis', 'single');
const ROUNDS = Number(argOf('rounds', 3));
const SECONDS = Number(argOf('seconds', 8));
const WATCHERS = Number(argOf('watchers', 5000));
const CONCURRENCY = Number(argOf('concurrency', 50));
const RATE = Number(argOf('rate', 0));
/** --per-node: --rate is per node (each node count gets RATE x nodes locks/s in all), see the header. */
const PER_NODE = process.argv.includes('--per-node');
/**
 * --locks-to-first-node: the lock loops call node 1 directly while the other nodes only run (subscribed to the
 * change stream, their jobs ticking). Against one node at the same rate this isolates what another node's mere
 * presence costs per lock from what spreading the work over processes on shared cores costs.
 */
const LOCKS_TO_FIRST = process.argv.includes('--locks-to-first-node');
// Seat changes/s in the delivery phase. At up to 20 changes/s (one per 50 ms batch window) every change is one
// socket message to every watcher: 5,000 x N messages/s. Each costs about 20-25 µs of server CPU with 5,000
// watchers (RESULTS.md, fanout and nodes rows), 35-85 µs in the watcher child processes (socket.io-client; smoke
// runs with 100-300 watchers on a busy machine, printed per round as "watchers' own CPU") and a few µs in nginx:
// 60-110 µs all told, so 4 changes/s = 20,000 messages/s = 1.2-2 of the two cores. The load average lags by a
// minute: a ~12 s round that starts at --cool 2.0 ends near 2.2 even with the cores full (it needs 7 runnable
// threads throughout to reach 3), so 3 nodes + 5,000 watchers stay under load 3; if the printed cores busy are
// near 2, --changes=2 halves it. The old fixed 200 changes/s (100 locks/s) filled every window: ~100,000
// messages/s, several times the two cores.
const CHANGES = Number(argOf('changes', 4));
/**
 * The delivery phase makes `changes`/s as changes/2 locks/s, each released this long after it was sent: an odd
 * number of half lock-intervals near 0.5 s, so a release falls midway between two locks and (at <= 20 changes/s)
 * every change is its own 50 ms batch, one message to each watcher.
 */
const holdMsFor = (changes) => (Math.floor(500 / (2000 / changes)) + 0.5) * (2000 / changes);
const COOL = Number(argOf('cool', 2.0));
/**
 * Unmeasured seconds of each phase's work first. A node keeps getting cheaper per lock for ~15 s of load (JIT, pools:
 * a closed loop measured 638 -> 508 -> 440 µs over three 6 s rounds after a 2 s warm-up), so the default is long.
 */
const WARMUP_SECONDS = Number(argOf('warmup', 12));
const COOL_MAX_SECONDS = Number(argOf('cool-max', 120));
const WRITE_RESULTS = !process.argv.includes('--no-results');
const LOCK_PRESENTATION = 29; // the arena: 15,428 reserved seats + 4,500 GA places
const WATCH_PRESENTATION = 2; // a cinema show: 150 seats
/** Our rule for RESULTS.md: above this 1-minute load average on this machine a number is not a result. */
const MAX_LOAD = 3;
const FLAT_WITHIN = 0.15;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load1 = () => os.loadavg()[0];

if (!['single', 'cluster'].includes(REDIS_MODE)) throw new Error('--redis must be single or cluster');
if (PER_NODE && !(RATE > 0)) throw new Error('--per-node needs --rate=N (locks/s per node)');
if (!(CHANGES > 0)) throw new Error('--changes must be a positive number of seat changes per second');
if (LOCKS_TO_FIRST && PER_NODE)
  throw new Error('--locks-to-first-node sends every lock to node 1: use --rate (in all)');
if (!(COOL > 0) || !(COOL_MAX_SECONDS >= 0)) throw new Error('--cool and --cool-max must be positive numbers');

function which(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : which('nginx');
const BALANCER = argOf('balancer', NGINX ? 'nginx' : 'node');
if (BALANCER === 'nginx' && !NGINX) throw new Error('--balancer=nginx but no nginx found');
const BALANCER_LABEL = BALANCER === 'nginx' ? 'nginx' : 'node stand-in (no nginx)';

/** Whether the built server knows REDIS_CLUSTER_NODES (its Redis Cluster mode). */
function serverSupportsCluster() {
  const dist = path.join(ROOT, 'server', 'dist');
  for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    if (readFileSync(path.join(dist, file), 'utf8').includes('REDIS_CLUSTER_NODES')) return true;
  }
  return false;
}

/** Pids whose parent is `pid` (nginx's workers), from /proc. */
function childPids(pid) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) pids.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return pids;
}

const cpuOfAll = (pids) => pids.reduce((sum, pid) => sum + cpuMsOf(pid), 0);

/**
 * Waits until the 1-minute load average is at most --cool, so every round starts on a quiet machine (the average
 * lags by about a minute: without this, a round inherits the load of the one before). Gives up after --cool-max
 * seconds; the caller marks the row.
 */
async function coolDown(what) {
  const since = Date.now();
  if (load1() > COOL) log(`waiting for the 1-minute load (${load1().toFixed(2)}) to fall to ${COOL} before ${what}…`);
  while (load1() > COOL) {
    if (Date.now() - since >= COOL_MAX_SECONDS * 1000) {
      log(`cool-down gave up before ${what}: load ${load1().toFixed(2)} after ${COOL_MAX_SECONDS} s`);
      return false;
    }
    await sleep(1000);
  }
  return true;
}

/** Redis's processes (set once they are started): their CPU is measured beside the nodes'. */
let redisPids = [];

/** Pause before an idle window, so the tail of what came before (last flushes, GC, connects) is not idle CPU. */
const SETTLE_MS = 2000;

/**
 * One measured round: cool down, settle, an idle window of `idleSeconds` (nothing sent: all server processes' CPU),
 * cool down again, then `body()` with the same processes' CPU measured around it. `prepare` runs after the
 * cool-down and outside the measurement (resetting the watchers' counters). NET is computed by withNet() once the
 * phase's rounds are done.
 */
async function measuredRound(what, pids, idleSeconds, body, prepare = async () => undefined) {
  let cooled = await coolDown(`${what} (idle window)`);
  await sleep(SETTLE_MS);
  const idleStart = performance.now();
  const idleCpu0 = cpuOfAll(pids);
  const idleRedisCpu0 = cpuOfAll(redisPids);
  await sleep(idleSeconds * 1000);
  const idleCpuMs = cpuOfAll(pids) - idleCpu0;
  // Redis is busy while the nodes idle too (their sweeper, stream check and reconcile run against it).
  const idleRedisCpuMs = cpuOfAll(redisPids) - idleRedisCpu0;
  const idleWallSeconds = (performance.now() - idleStart) / 1000;
  cooled = (await coolDown(what)) && cooled;
  await prepare();
  const loadStart = load1();
  const start = performance.now();
  const cpu0 = cpuOfAll(pids);
  const result = await body();
  const cpuMs = cpuOfAll(pids) - cpu0;
  const seconds = (performance.now() - start) / 1000;
  return {
    ...result,
    cpuMs,
    idleCpuMs,
    idleRedisCpuMs,
    idleWallSeconds,
    seconds,
    loadStart,
    loadEnd: load1(),
    cooled,
  };
}

/**
 * NET CPU of each round of a phase: raw - idle rate x the round's own seconds, where the idle rate is pooled over
 * all the phase's idle windows (one window holds only a few runs of a periodic job - the 2 s stream check on a
 * cluster, the 250 ms sweeper - so a single window's rate varies by tens of percent).
 */
function withNet(rounds) {
  const idleMsPerSecond =
    rounds.reduce((a, r) => a + r.idleCpuMs, 0) /
    Math.max(
      1e-9,
      rounds.reduce((a, r) => a + r.idleWallSeconds, 0),
    );
  const idleRedisMsPerSecond =
    rounds.reduce((a, r) => a + r.idleRedisCpuMs, 0) /
    Math.max(
      1e-9,
      rounds.reduce((a, r) => a + r.idleWallSeconds, 0),
    );
  return rounds.map((r) => ({
    ...r,
    idleMsPerSecond,
    netCpuMs: r.cpuMs - idleMsPerSecond * r.seconds,
    netRedisCpuMs: r.redisCpu - idleRedisMsPerSecond * r.seconds,
  }));
}

const openFds = (pid) => {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return NaN;
  }
};

/** A local 3-primary Redis Cluster (no replicas: on one machine they only add noise), as the server's cluster tests start it. */
async function startCluster(dir) {
  const binary = which('redis-server');
  const cli = which('redis-cli');
  if (!binary || !cli) throw new Error('redis-server and redis-cli are needed for --redis=cluster');
  const nodes = [];
  for (let n = 0; n < 3; n++) {
    const port = await freePort();
    const nodeDir = path.join(dir, `redis-${n}`);
    mkdirSync(nodeDir, { recursive: true });
    const child = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        nodeDir,
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        'nodes.conf',
        '--cluster-node-timeout',
        '5000',
        '--appendonly',
        'yes',
        '--appendfsync',
        'everysec',
        '--save',
        '',
        '--loglevel',
        'warning',
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    onInterrupt(() => child.kill('SIGKILL'));
    nodes.push({ port, child });
  }
  const ping = (port) => spawnSync(cli, ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim();
  for (const { port } of nodes) {
    const deadline = Date.now() + 15_000;
    while (ping(port) !== 'PONG') {
      if (Date.now() > deadline) throw new Error(`redis cluster node on ${port} did not start`);
      await sleep(100);
    }
  }
  const create = spawnSync(
    cli,
    ['--cluster', 'create', ...nodes.map((n) => `127.0.0.1:${n.port}`), '--cluster-replicas', '0', '--cluster-yes'],
    { encoding: 'utf8' },
  );
  if (create.status !== 0) throw new Error(`redis-cli --cluster create failed:\n${create.stdout}${create.stderr}`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const states = nodes.map(
      (n) => spawnSync(cli, ['-p', String(n.port), 'cluster', 'info'], { encoding: 'utf8' }).stdout,
    );
    if (states.every((s) => s.includes('cluster_state:ok'))) break;
    if (Date.now() > deadline) throw new Error('the Redis Cluster did not reach cluster_state:ok');
    await sleep(200);
  }
  return {
    nodes: nodes.map((n) => `127.0.0.1:${n.port}`).join(','),
    pids: nodes.map((n) => n.child.pid),
    async stop() {
      await Promise.all(
        nodes.map(
          ({ child }) =>
            new Promise((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', resolve);
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 5000).unref();
            }),
        ),
      );
    },
  };
}

/** nginx in the foreground with a generated config: least_conn over the nodes, WebSocket upgrade, as deploy/nginx.conf. */
async function startNginx(dir, ports) {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `# Generated by load-tests/nodes.bench.mjs; the production config is deploy/nginx.conf.
# One worker: on this 2-core machine a second one would only compete with the nodes it fronts.
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_rlimit_nofile 20000;
events { worker_connections 16000; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream nodes {
    least_conn;
${ports.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
    keepalive 64;
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:${port};
    location /socket.io/ {
      proxy_pass http://nodes;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 75s;
    }
    location / {
      proxy_pass http://nodes;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
  );
  let output = '';
  const child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  onInterrupt(() => child.kill('SIGKILL'));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${output}`);
    const ok = await request(`http://127.0.0.1:${port}`, 'GET', '/api/health').then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`nginx did not answer on ${port}: ${output}`);
    await sleep(100);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pids: () => [child.pid, ...childPids(child.pid)],
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGQUIT'); // graceful: finishes open requests, closes the sockets
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

async function startBalancer(dir, ports) {
  if (BALANCER === 'nginx') return startNginx(dir, ports);
  const child = await startNodeChild(
    path.join(ROOT, 'load-tests', 'lib', 'node-balancer.mjs'),
    { UPSTREAMS: ports.join(',') },
    'node stand-in balancer',
  );
  return { url: child.url, pids: () => [child.pid], stop: child.stop };
}

async function closeWatchers(children) {
  for (const c of children) c.send({ type: 'close' });
  await sleep(500);
  for (const c of children) c.kill();
}

/** Seats of a presentation as lock-seat bodies need them. */
async function seatsOf(base, presentationId, filter) {
  const info = (await request(base, 'GET', `/api/presentations/${presentationId}`, { headers: { uuid: randomUUID() } }))
    .body.presentation;
  const plan = (
    await request(base, 'GET', `/api/seats/seatplan?venueId=${info.venueId}&seatplanId=${info.seatplanId}`, {
      headers: { uuid: randomUUID() },
    })
  ).body.seatplan;
  const seats = plan.sections
    .filter(filter.section)
    .flatMap((s) => s.groups.flatMap((g) => g.rows.flatMap((r) => r.seats)));
  return { info, seats: seats.filter(filter.seat) };
}

const lockBody = (token, presentationId, info, seat) => ({
  recaptchaToken: token,
  seat: {
    PresentationId: presentationId,
    VenueId: info.venueId,
    VenueSeatplanId: info.seatplanId,
    VenueSectionId: seat.VenueSectionId,
    TicketGroupId: seat.TicketGroupId,
    XCoordinate: seat.XCoordinate,
    YCoordinate: seat.YCoordinate,
  },
});

async function main() {
  ensureBuilt();
  if (REDIS_MODE === 'cluster' && !serverSupportsCluster()) {
    log(
      'SKIPPED --redis=cluster: the built server (server/dist) does not know REDIS_CLUSTER_NODES yet (' +
        'the Redis Cluster work); run it again once that is merged and built. Nothing was measured or written.',
    );
    return;
  }
  const dir = path.join(ROOT, '.tmp', `bench-nodes-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const svc = await startServices('bench-nodes');
  const cluster = REDIS_MODE === 'cluster' ? await startCluster(path.join(dir, 'cluster')) : null;
  /** Redis's side of each cost: the one redis-server, or every primary of the cluster (all its shards). */
  redisPids = cluster ? cluster.pids : [svc.redisPid];
  const redisEnv = cluster
    ? // REDIS_URL only as a seed while the configuration still requires it; REDIS_CLUSTER_NODES selects cluster mode.
      { REDIS_CLUSTER_NODES: cluster.nodes, REDIS_URL: `redis://${cluster.nodes.split(',')[0]}` }
    : { REDIS_URL: svc.redisUrl };
  const servers = [];
  let balancer = null;
  const rows = [];
  try {
    const startNode = async () => {
      log(`starting server node ${servers.length + 1}${servers.length ? '' : ' (migrations + demo seed)'}…`);
      servers.push(
        await startServer(
          {
            DATABASE_URL: svc.databaseUrl,
            ...redisEnv,
            ALTCHA_MAX_NUMBER: '1000',
            // One solved token per visitor for the whole run (it outlasts the default 10 minutes).
            ALTCHA_BINDING_TTL_SECONDS: '7200',
          },
          `server node ${servers.length + 1}`,
        ),
      );
    };
    await startNode();
    const direct = servers[0].url;
    const arena = await seatsOf(direct, LOCK_PRESENTATION, { section: (s) => s.IsReserved, seat: () => true });
    const cinema = await seatsOf(direct, WATCH_PRESENTATION, {
      section: () => true,
      seat: (s) => !s.features.includes(1),
    });
    const lockers = Array.from({ length: CONCURRENCY }, () => randomUUID());
    const drivers = Array.from({ length: 25 }, () => randomUUID());
    log(`solving one ALTCHA challenge per visitor (${lockers.length + drivers.length})…`);
    const tokens = await solveTokens(direct, [...lockers, ...drivers]);

    for (const n of NODES) {
      while (servers.length < n) await startNode();
      const nodes = servers.slice(0, n);
      balancer = await startBalancer(
        path.join(dir, `balancer-${n}`),
        nodes.map((s) => Number(new URL(s.url).port)),
      );
      const lb = balancer.url;
      const lockBase = LOCKS_TO_FIRST ? nodes[0].url : lb;
      const serverPids = nodes.map((s) => s.pid);
      log(`${n} node(s) behind ${BALANCER_LABEL} at ${lb}`);

      // --- locks: each loop locks and unlocks its own 8 seats, so no lock ever contends.
      const seatOf = (i, k) => arena.seats[(i * 8 + (k % 8)) % arena.seats.length];
      const lockLoops = async (seconds, paced = true) => {
        const agent = agentFor(CONCURRENCY);
        const lockMs = [];
        let locks = 0;
        let failures = 0;
        const stopAt = Date.now() + seconds * 1000;
        const lbCpu0 = cpuOfAll(balancer.pids());
        const redisCpu0 = cpuOfAll(redisPids);
        // Open loop (--rate): loop i takes its k-th lock at start + (k + i / CONCURRENCY) * interval, or at once
        // when it is late (then it is as closed as the default).
        const rate = !paced ? 0 : PER_NODE ? RATE * n : RATE;
        const interval = rate > 0 ? (CONCURRENCY * 1000) / rate : 0;
        const start = Date.now();
        await Promise.all(
          lockers.map(async (visitor, i) => {
            let k = 0;
            const headers = { uuid: visitor };
            while (Date.now() < stopAt) {
              if (interval > 0) {
                const wait = start + (k + i / CONCURRENCY) * interval - Date.now();
                if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
                if (Date.now() >= stopAt) break;
              }
              const body = lockBody(tokens.get(visitor), LOCK_PRESENTATION, arena.info, seatOf(i, k++));
              const lock = await request(lockBase, 'PUT', '/api/seats/lock-seat', { headers, body, agent });
              await request(lockBase, 'PUT', '/api/seats/unlock-seat', { headers, body, agent });
              if (lock.status === 200) {
                locks++;
                lockMs.push(lock.ms);
              } else failures++;
            }
          }),
        );
        lockMs.sort((a, b) => a - b);
        return {
          locks,
          lockMs,
          failures,
          lbCpu: cpuOfAll(balancer.pids()) - lbCpu0,
          redisCpu: cpuOfAll(redisPids) - redisCpu0,
        };
      };
      // Warm-up as fast as the nodes answer: paced at 150/s, twelve seconds left a node still getting cheaper round
      // after round (2,381 -> 1,659 µs over five rounds); thousands of locks per node make its code hot first.
      await lockLoops(WARMUP_SECONDS, false); // JIT, connection pools, nginx keepalive
      const rawLockRounds = [];
      for (let r = 1; r <= ROUNDS; r++) {
        const m = await measuredRound(`n=${n} locks round ${r}`, serverPids, SECONDS, () => lockLoops(SECONDS));
        const { lockMs, ...rest } = m;
        const row = {
          ...rest,
          locksPerSecond: m.locks / SECONDS,
          p50: percentile(lockMs, 50),
          p99: percentile(lockMs, 99),
          cpuPerLockUs: (m.cpuMs * 1000) / Math.max(1, m.locks),
          lbCpuPerLockUs: (m.lbCpu * 1000) / Math.max(1, m.locks),
          redisCpuPerLockUs: (m.redisCpu * 1000) / Math.max(1, m.locks),
        };
        rawLockRounds.push(row);
        log(
          `n=${n} locks round ${r}: ${row.locksPerSecond.toFixed(0)} locks/s, p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, failures ${row.failures}, server CPU/lock ${row.cpuPerLockUs.toFixed(0)} µs raw (idle window ${(row.idleCpuMs / row.idleWallSeconds).toFixed(1)} ms/s), ${row.lbCpuPerLockUs.toFixed(0)} µs balancer CPU/lock, load ${row.loadStart.toFixed(2)} -> ${row.loadEnd.toFixed(2)}`,
        );
      }
      const lockRounds = withNet(rawLockRounds).map((x) => ({
        ...x,
        netCpuPerLockUs: (x.netCpuMs * 1000) / Math.max(1, x.locks),
        netRedisCpuPerLockUs: (x.netRedisCpuMs * 1000) / Math.max(1, x.locks),
      }));
      log(
        `n=${n} locks, idle ${lockRounds[0].idleMsPerSecond.toFixed(1)} ms/s (pooled): NET server CPU/lock by round ${lockRounds.map((x) => `${x.netCpuPerLockUs.toFixed(0)} µs`).join(', ')}`,
      );

      // --- delivery: watchers spread over the nodes by the balancer.
      const fds0 = serverPids.map(openFds);
      log(`connecting ${WATCHERS} watchers through the balancer…`);
      const watchers = await startWatchers(lb, WATCHERS, WATCH_PRESENTATION);
      await sleep(1000);
      const perNode = serverPids.map((pid, i) => openFds(pid) - fds0[i]);
      const drivingWarmUp = WARMUP_SECONDS; // JIT of the delivery path, before anything is measured
      const watcherPids = watchers.map((c) => c.pid);
      const lockInterval = 2000 / CHANGES;
      const holdMs = holdMsFor(CHANGES);
      const TAIL_MS = 1500; // the last deltas' way to the watchers, inside the measurement
      const drive = async (seconds) => {
        const versionTimes = [];
        const free = [...cinema.seats];
        const inflight = [];
        let next = 0;
        const watcherCpu0 = cpuOfAll(watcherPids);
        const redisCpu0 = cpuOfAll(redisPids);
        const start = Date.now();
        const stopAt = start + seconds * 1000;
        for (let k = 0; start + k * lockInterval < stopAt; k++) {
          const at = start + k * lockInterval;
          if (at > Date.now()) await sleep(at - Date.now());
          const seat = free.shift();
          if (!seat) continue;
          const visitor = drivers[next++ % drivers.length];
          const body = lockBody(tokens.get(visitor), WATCH_PRESENTATION, cinema.info, seat);
          inflight.push(
            (async () => {
              const sent = Date.now();
              const r = await request(lb, 'PUT', '/api/seats/lock-seat', { headers: { uuid: visitor }, body });
              if (r.status === 200) versionTimes.push([r.body.version, sent]);
              await sleep(Math.max(0, at + holdMs - Date.now()));
              const sentU = Date.now();
              const u = await request(lb, 'PUT', '/api/seats/unlock-seat', { headers: { uuid: visitor }, body });
              if (u.status === 200) versionTimes.push([u.body.version, sentU]);
              free.push(seat);
            })(),
          );
        }
        await Promise.all(inflight);
        await sleep(TAIL_MS);
        return {
          versionTimes,
          watcherCpu: cpuOfAll(watcherPids) - watcherCpu0,
          redisCpu: cpuOfAll(redisPids) - redisCpu0,
        };
      };
      await drive(drivingWarmUp);
      const rawDeliveryRounds = [];
      for (let r = 1; r <= ROUNDS; r++) {
        const m = await measuredRound(
          `n=${n} delivery round ${r}`,
          serverPids,
          SECONDS + TAIL_MS / 1000 + holdMs / 1000,
          () => drive(SECONDS),
          () => askAll(watchers, { type: 'reset' }, 'reset'),
        );
        const finalVersion = (
          await request(lb, 'GET', `/api/seats/seats-status?presentationId=${WATCH_PRESENTATION}&isReserved=1`, {
            headers: { uuid: randomUUID() },
          })
        ).body.version;
        const reports = await askAll(
          watchers,
          { type: 'report', versionTimes: m.versionTimes, finalVersion },
          'report',
        );
        const sum = (k) => reports.reduce((a, x) => a + x[k], 0);
        const deltas = Math.max(1, sum('deltas'));
        const { versionTimes, ...rest } = m;
        const row = {
          ...rest,
          deltas,
          changesPerSecond: versionTimes.length / SECONDS,
          deltasPerSecond: sum('deltas') / SECONDS,
          lost: sum('lost'),
          gaps: sum('gaps'),
          dups: sum('dups'),
          // Each child reports its own percentiles; the worst child is the honest figure.
          p50: Math.max(...reports.map((x) => x.p50)),
          p99: Math.max(...reports.map((x) => x.p99)),
          cpuPerDeltaUs: (m.cpuMs * 1000) / deltas,
          watcherCpuPerDeltaUs: (m.watcherCpu * 1000) / deltas,
          // Redis per seat change: its script, the publish to every node's subscriber, the version and log.
          redisCpuPerChangeUs: (m.redisCpu * 1000) / Math.max(1, versionTimes.length),
        };
        rawDeliveryRounds.push(row);
        log(
          `n=${n} delivery round ${r}: ${row.changesPerSecond.toFixed(1)} changes/s, ${row.deltasPerSecond.toFixed(0)} deltas/s, p50 ${row.p50} ms, p99 ${row.p99} ms, lost ${row.lost}, gaps ${row.gaps}, dups ${row.dups}, server CPU/delta ${row.cpuPerDeltaUs.toFixed(1)} µs raw (idle window ${(row.idleCpuMs / row.idleWallSeconds).toFixed(1)} ms/s), watchers' own CPU ${row.watcherCpuPerDeltaUs.toFixed(1)} µs/delta, cores busy: servers ${(row.cpuMs / 1000 / row.seconds).toFixed(2)} + watchers ${(row.watcherCpu / 1000 / row.seconds).toFixed(2)}, load ${row.loadStart.toFixed(2)} -> ${row.loadEnd.toFixed(2)}`,
        );
      }
      const deliveryRounds = withNet(rawDeliveryRounds).map((x) => ({
        ...x,
        netCpuPerDeltaUs: (x.netCpuMs * 1000) / x.deltas,
        netRedisCpuPerChangeUs: (x.netRedisCpuMs * 1000) / Math.max(1, x.changesPerSecond * SECONDS),
      }));
      log(
        `n=${n} delivery, idle ${deliveryRounds[0].idleMsPerSecond.toFixed(1)} ms/s (pooled, watchers connected): NET server CPU/delta by round ${deliveryRounds.map((x) => `${x.netCpuPerDeltaUs.toFixed(1)} µs`).join(', ')}`,
      );
      await closeWatchers(watchers);
      await balancer.stop();
      balancer = null;

      const m = (list, k) => median(list.map((x) => x[k]));
      const total = (list, k) => list.reduce((a, x) => a + x[k], 0);
      const all = [...lockRounds, ...deliveryRounds];
      rows.push({
        n,
        loads: all.map((x) => [x.loadStart, x.loadEnd]),
        maxStart: Math.max(...all.map((x) => x.loadStart)),
        maxEnd: Math.max(...all.map((x) => x.loadEnd)),
        coolGaveUp: all.filter((x) => !x.cooled).length,
        perNode,
        locksPerSecond: m(lockRounds, 'locksPerSecond'),
        lockP50: m(lockRounds, 'p50'),
        lockP99: m(lockRounds, 'p99'),
        failures: total(lockRounds, 'failures'),
        lockIdleMsPerSecond: m(lockRounds, 'idleMsPerSecond'),
        cpuPerLockUs: m(lockRounds, 'cpuPerLockUs'),
        netCpuPerLockUs: m(lockRounds, 'netCpuPerLockUs'),
        lbCpuPerLockUs: m(lockRounds, 'lbCpuPerLockUs'),
        redisCpuPerLockUs: m(lockRounds, 'redisCpuPerLockUs'),
        netRedisCpuPerLockUs: m(lockRounds, 'netRedisCpuPerLockUs'),
        redisCpuPerChangeUs: m(deliveryRounds, 'redisCpuPerChangeUs'),
        netRedisCpuPerChangeUs: m(deliveryRounds, 'netRedisCpuPerChangeUs'),
        changesPerSecond: m(deliveryRounds, 'changesPerSecond'),
        deltasPerSecond: m(deliveryRounds, 'deltasPerSecond'),
        deliveryP50: m(deliveryRounds, 'p50'),
        deliveryP99: m(deliveryRounds, 'p99'),
        lost: total(deliveryRounds, 'lost'),
        gaps: total(deliveryRounds, 'gaps'),
        dups: total(deliveryRounds, 'dups'),
        deliveryIdleMsPerSecond: m(deliveryRounds, 'idleMsPerSecond'),
        cpuPerDeltaUs: m(deliveryRounds, 'cpuPerDeltaUs'),
        netCpuPerDeltaUs: m(deliveryRounds, 'netCpuPerDeltaUs'),
        watcherCpuPerDeltaUs: m(deliveryRounds, 'watcherCpuPerDeltaUs'),
      });
    }

    // A row is a result only if every one of its rounds ended at load <= MAX_LOAD (they all start at <= COOL).
    const valid = (r) => r.maxEnd <= MAX_LOAD;
    const mark = (r) =>
      [
        valid(r) ? '' : ` (a round ended above load ${MAX_LOAD}: not a result)`,
        r.coolGaveUp ? ` (cool-down to ${COOL} gave up before ${r.coolGaveUp} round(s))` : '',
      ].join('');
    const pct = (x) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;
    const lines = [
      `nodes.bench.mjs: ${NODES.join(', ')} server node(s) (server/dist/main.js, one process each) behind ${BALANCER_LABEL}, one PostgreSQL, ${cluster ? 'a local 3-primary Redis Cluster (REDIS_CLUSTER_NODES)' : 'one Redis'}; ${ROUNDS} rounds x ${SECONDS} s per phase, medians over rounds; every round (and the idle window before it) starts once the 1-minute load is <= ${COOL}. Locks: ${CONCURRENCY} keep-alive loops of lock + unlock on their own arena seats${RATE > 0 ? `, paced to ${RATE} locks/s ${PER_NODE ? 'per node (x the node count in all)' : 'in all'} (open loop)` : ', closed loop (as fast as the nodes answer)'}${LOCKS_TO_FIRST ? ', all sent to node 1 directly (the other nodes only run)' : ''} (presentation ${LOCK_PRESENTATION}); server CPU per lock = CPU of all server processes / locks, unlock included; Redis CPU the same for redis-server (every primary on a cluster), raw and NET of its own idle window (the nodes' background jobs run against it). Delivery: ${WATCHERS} socket.io watchers of presentation ${WATCH_PRESENTATION} through the balancer, ${CHANGES} changes/s asked (${CHANGES / 2} locks/s, each released ${Math.round(holdMsFor(CHANGES))} ms after it was sent); latency = lock request sent -> delta received; server CPU per delivered delta includes serving the driver's requests. Idle = all server processes' CPU per second over a window of the round's length with nothing sent, right before it (delivery: watchers connected); NET = raw - idle rate x the round's seconds. Watchers per node = open file descriptors the node gained (approximate).`,
      '',
      '| nodes | 1-min load max at start / end of rounds | locks/s | lock p50 / p99 ms | failed | idle server CPU ms/s (locks) | server CPU µs / lock raw / **NET** | balancer CPU µs / lock | Redis CPU µs / lock raw / **NET** | watchers per node | changes/s | Redis CPU µs / change raw / **NET** | deltas/s | delivery p50 / p99 ms | lost / gaps / dups | idle server CPU ms/s (watchers connected) | server CPU µs / delta raw / **NET** |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.n}${mark(r)} | ${r.maxStart.toFixed(2)} / ${r.maxEnd.toFixed(2)} | ${r.locksPerSecond.toFixed(0)} | ${r.lockP50.toFixed(1)} / ${r.lockP99.toFixed(1)} | ${r.failures} | ${r.lockIdleMsPerSecond.toFixed(1)} | ${r.cpuPerLockUs.toFixed(0)} / **${r.netCpuPerLockUs.toFixed(0)}** | ${r.lbCpuPerLockUs.toFixed(0)} | ${r.redisCpuPerLockUs.toFixed(0)} / **${r.netRedisCpuPerLockUs.toFixed(0)}** | ${r.perNode.join(' / ')} | ${r.changesPerSecond.toFixed(1)} | ${r.redisCpuPerChangeUs.toFixed(0)} / **${r.netRedisCpuPerChangeUs.toFixed(0)}** | ${r.deltasPerSecond.toFixed(0)} | ${r.deliveryP50} / ${r.deliveryP99} | ${r.lost} / ${r.gaps} / ${r.dups} | ${r.deliveryIdleMsPerSecond.toFixed(1)} | ${r.cpuPerDeltaUs.toFixed(1)} / **${r.netCpuPerDeltaUs.toFixed(1)}** |`,
      ),
      '',
    ];
    // Where idle is most of the raw figure, NET is a small difference of two noisy numbers: say so.
    const idleHeavy = rows.flatMap((r) => [
      ...(r.netCpuPerLockUs < r.cpuPerLockUs / 2 ? [`${r.n} node(s) per lock`] : []),
      ...(r.netCpuPerDeltaUs < r.cpuPerDeltaUs / 2 ? [`${r.n} node(s) per delta`] : []),
    ]);
    const idleCaution = idleHeavy.length
      ? ` Caution: idle is more than half of the raw figure for ${idleHeavy.join(', ')}; NET there is a small difference of two noisy numbers (more --seconds and --rounds, or more --changes / --rate).`
      : '';
    const base = rows[0];
    const change = (r, k) => r[k] / base[k] - 1;
    const against = (k) =>
      rows
        .slice(1)
        .map((r) => `${r.n} nodes ${pct(change(r, k))}`)
        .join(', ');
    if (rows.length > 1 && rows.every(valid)) {
      const worst = (k) => Math.max(...rows.slice(1).map((r) => Math.abs(change(r, k))));
      const flat = (k) => (worst(k) <= FLAT_WITHIN ? 'yes' : 'NO');
      lines.push(
        `Verdict on NET cost (server CPU minus the nodes' idle rate x the round's seconds; raw in brackets), against ${base.n} node(s): per lock ${against('netCpuPerLockUs')} (raw ${against('cpuPerLockUs')}); per delivered delta ${against('netCpuPerDeltaUs')} (raw ${against('cpuPerDeltaUs')}). Flat within ${FLAT_WITHIN * 100} % (NET): per lock ${flat('netCpuPerLockUs')}, per delta ${flat('netCpuPerDeltaUs')}.${RATE > 0 ? '' : ' Caution: the lock loops were closed (no --rate), so the offered load differs by node count and CPU per lock includes contention for the cores; take the per-lock verdict from a --rate run.'}${RATE > 0 && !PER_NODE ? " At a fixed total rate each node serves 1/N of it, and a node's CPU per lock rises as its own rate falls (see the bench's header): compare with a --per-node run before reading a rise as a cost of more nodes." : ''}${idleCaution}`,
      );
    } else if (rows.length > 1) {
      lines.push(
        `No verdict on flat cost per lock and per delta: a round ended above load ${MAX_LOAD} (our rule: not a result). NET against ${base.n} node(s), for information only: per lock ${against('netCpuPerLockUs')}; per delta ${against('netCpuPerDeltaUs')}.${idleCaution}`,
      );
    }
    lines.push(
      `1-minute load at the start -> end of each round (locks rounds, then delivery rounds): ${rows.map((r) => `${r.n} node(s) ${r.loads.map(([a, b]) => `${a.toFixed(1)}->${b.toFixed(1)}`).join(', ')}`).join('; ')}. Watchers' own CPU per delivered delta (their child processes, not in the server figures): ${rows.map((r) => `${r.n} node(s) ${r.watcherCpuPerDeltaUs.toFixed(1)} µs`).join(', ')}.`,
    );
    if (WRITE_RESULTS) appendResults(`N nodes behind one address (nodes.bench.mjs, redis=${REDIS_MODE})`, lines);
    else process.stdout.write(`\n(--no-results: not written to RESULTS.md)\n${lines.join('\n')}\n`);
  } finally {
    await balancer?.stop();
    for (const s of servers.reverse()) await s.stop();
    await cluster?.stop();
    await svc.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  },
);
