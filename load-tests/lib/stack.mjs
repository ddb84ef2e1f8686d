// Shared plumbing of the benchmarks: real PostgreSQL + Redis via scripts/services.mjs,
// the real server from server/dist in a child process, keep-alive HTTP, stats, RESULTS.md.
// Only loopback addresses are ever used; every loop is bounded in time.
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';
import { untilServerReady } from '../../scripts/server-ready.mjs';
import * as services from '../../scripts/services.mjs';

export const ROOT = services.ROOT;
export const require = createRequire(import.meta.url);

const cleanups = new Set();
/** Stops what a bench started when it is interrupted (Ctrl-C, timeout), so no service is left running. */
export function onInterrupt(fn) {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    for (const fn of [...cleanups].reverse())
      await Promise.resolve()
        .then(fn)
        .catch(() => undefined);
    process.exit(130);
  });
}

export function log(message) {
  process.stdout.write(`[bench] ${message}\n`);
}

/** Builds server/dist when it is missing (node scripts/build.mjs). */
export function ensureBuilt() {
  if (
    existsSync(path.join(ROOT, 'server', 'dist', 'main.js')) &&
    existsSync(path.join(ROOT, 'server', 'dist', 'seats', 'lua', 'lock.lua.js'))
  )
    return;
  log('building (node scripts/build.mjs)…');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

/** Throw-away PostgreSQL + Redis under .tmp/<name>; `durable`: fsync and synchronous_commit on, as in production. */
export async function startServices(name, { pgSettings = [], durable = false } = {}) {
  const dir = path.join(ROOT, '.tmp', `${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const pg = await services.startPostgres({ dir: path.join(dir, 'pg'), durable, settings: pgSettings });
  await pg.createDatabase('bench');
  const redis = await services.startRedis({ dir: path.join(dir, 'redis') });
  onInterrupt(async () => {
    await redis.stop().catch(() => undefined);
    await pg.stop().catch(() => undefined);
  });
  return {
    databaseUrl: pg.urlFor('bench'),
    redisUrl: redis.url,
    /** For the Redis side of a cost (CPU of redis-server, /proc). */
    redisPid: redis.pid,
    /** The postmaster; its backends are its children (cpuMsOfTree). */
    pgPid: pg.pid,
    async stop() {
      await redis.stop().catch(() => undefined);
      await pg.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The real server (server/dist/main.js, or `dist`'s main.js: another build, e.g. of main, for an A/B in one run) as a
 * child process; resolves when it prints HOTLINE_READY.
 */
export async function startServer(env, label = 'server', nodeArgs = [], dist = path.join(ROOT, 'server', 'dist')) {
  const port = await services.freePort();
  // BENCH_CPU_PROF=<dir> profiles the server (a .cpuprofile is written when it stops).
  const profArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...serverNodeFlags(), ...profArgs, ...nodeArgs, path.join(dist, 'main.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_STADIUM: 'false',
      ALTCHA_HMAC_KEY: 'benchmark-only-hmac-key-0123456789',
      CUSTOMER_SECRET: 'benchmark-only-customer-secret-0123456789abcdef',
      TICKET_SIGNING_KEY: 'benchmark-only-ticket-key-0123456789',
      PUBLIC_BASE_URL: 'http://127.0.0.1',
      // One machine plays thousands of buyers from one address.
      RATE_LIMIT_SCALE: '1000000',
      SEAT_HOLD_CAP_PER_IP: '0',
      // The benches measure the seat paths themselves; the bot-check work under load is off unless a bench sets it.
      ALTCHA_LOAD_STEP: '0',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
  });
  await untilServerReady(child, { label, timeoutMs: 180_000 });
  child.stdout.resume();
  child.stderr.resume();
  onInterrupt(() => child.kill('SIGKILL'));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/** Starts any node script as a child that prints READY <port>. */
export async function startNodeChild(script, env, label, { ipc = false } = {}) {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? ['ipc'] : [])],
    env: { ...process.env, ...env },
  });
  let output = '';
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${label} did not start: ${output}`)), 60_000);
    child.stdout.on('data', (c) => {
      output += c;
      const m = /READY (\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${code}): ${output}`));
    });
  });
  child.removeAllListeners('exit');
  child.stdout.resume();
  onInterrupt(() => child.kill('SIGKILL'));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

const agents = new Map();
/** One keep-alive agent per concurrency level: each loop keeps its own connection. */
export function agentFor(maxSockets) {
  let agent = agents.get(maxSockets);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
    agents.set(maxSockets, agent);
  }
  return agent;
}

/** A JSON request over a keep-alive agent: resolves { status, body, ms }. */
export function request(base, method, pathName, { headers = {}, body, agent } = {}) {
  const url = new URL(pathName, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        agent: agent ?? agentFor(64),
        headers: {
          ...headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode, body: parsed, ms: Number(process.hrtime.bigint() - started) / 1e6 });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

export function machineInfo() {
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    memGiB: Math.round(os.totalmem() / 2 ** 30),
  };
}

/** Appends a dated section to load-tests/RESULTS.md. */
export function appendResults(title, lines) {
  const m = machineInfo();
  const file = path.join(ROOT, 'load-tests', 'RESULTS.md');
  if (!existsSync(file))
    appendFileSync(
      file,
      '# Benchmark results\n\nEach section is appended by a bench script (load-tests/*.bench.mjs); newest last.\n',
    );
  const text = [
    '',
    `## ${title} - ${new Date().toISOString()}`,
    '',
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memGiB} GiB, ${m.os}, Node ${m.node}; load average when written: ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')} (1/5/15 min; other work on the machine skews the numbers)`,
    '',
    ...lines,
    '',
  ].join('\n');
  appendFileSync(file, text);
  process.stdout.write(text);
}

/** CPU time (user+system, ms) a process has used so far, from /proc (Linux). */
export function cpuMsOf(pid) {
  try {
    const stat = require('node:fs').readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100;
  } catch {
    return NaN;
  }
}

/**
 * CPU time (ms) of a process and all its descendants, including children that already exited (cutime/cstime):
 * PostgreSQL's cost is its backends', which are the postmaster's children.
 */
export function cpuMsOfTree(rootPid) {
  const fs = require('node:fs');
  const stats = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), fields });
    } catch {
      /* exited meanwhile */
    }
  }
  let ticks = 0;
  const visit = (pid, withExited) => {
    const s = stats.get(pid);
    if (!s) return;
    ticks += Number(s.fields[11]) + Number(s.fields[12]);
    if (withExited) ticks += Number(s.fields[13]) + Number(s.fields[14]);
    for (const [child, c] of stats) if (c.ppid === pid) visit(child, true);
  };
  visit(rootPid, true);
  return (ticks * 1000) / 100;
}

export function rssMiBOf(pid) {
  try {
    const status = require('node:fs').readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /VmRSS:\s+(\d+) kB/.exec(status);
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Solves real ALTCHA challenges from the server, once per visitor (tokens are reusable by their visitor). */
export async function solveTokens(base, visitors) {
  const lib = require(path.join(ROOT, 'server', 'dist', 'botcheck', 'altcha-lib.js'));
  const tokens = new Map();
  for (const v of visitors) {
    const challenge = (await request(base, 'GET', '/api/altcha/challenge', { headers: { uuid: v } })).body;
    const algorithm = challenge.parameters.algorithm;
    const solution = await lib.solveChallenge({ challenge, deriveKey: lib.deriveKeyFor(algorithm), timeout: 30_000 });
    if (!solution) throw new Error('could not solve an ALTCHA challenge');
    const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
    tokens.set(v, Buffer.from(JSON.stringify(payload), 'utf8').toString('base64'));
  }
  return tokens;
}
