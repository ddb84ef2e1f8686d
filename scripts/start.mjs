// `npm start`: one command from a fresh clone to a running storefront.
// Installs dependencies when missing, builds, provisions PostgreSQL and Redis
// (unless DATABASE_URL / REDIS_URL point elsewhere), migrates, loads demo data
// and serves http://localhost:3000 (or $PORT). Ctrl-C stops everything it started.
// Only Node built-ins may be imported at the top: node_modules may not exist yet.
import './node-runtime.mjs';
import { serverNodeFlags } from './server-node-flags.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const say = (m) => process.stdout.write(`[start] ${m}\n`);

function installIfNeeded() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  say('installing dependencies (npm ci)…');
  const r = spawnSync('npm', [existsSync(lock) ? 'ci' : 'install', '--no-audit', '--no-fund'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) {
    process.stderr.write('npm install failed; see the messages above.\n');
    process.exit(1);
  }
}

function build() {
  say('building (only what changed)…');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(1);
}

/**
 * 9464 (Prometheus's usual port for this kind of exporter) when it is free; otherwise any free port, so a second
 * local start (another PORT) or a busy 9464 never keeps the storefront from starting. The server logs where it
 * listens ('metrics listening').
 */
async function localMetricsPort() {
  const free = await new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(9464, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
  if (!free) say('port 9464 is taken: metrics go on another free port (see "metrics listening")');
  return free ? '9464' : '0';
}

async function main() {
  installIfNeeded();
  build();
  const services = await import('./services.mjs');
  const { Supervisor } = await import('./supervisor.mjs');
  const supervisor = new Supervisor({ say, warn: (m) => process.stderr.write(`[start] ${m}\n`) });
  let shuttingDown = false;
  const shutdown = async (code = 0) => {
    if (shuttingDown) return;
    shuttingDown = true;
    say('stopping…');
    // Never hangs: whatever a service does, the whole shutdown is over within 30 s.
    const outcome = await supervisor.shutdown(30_000);
    if (outcome !== 'clean') process.stderr.write('[start] shutdown took too long; exiting anyway.\n');
    process.exit(outcome === 'clean' ? code : code || 1);
  };
  /**
   * PostgreSQL and Redis are restarted (same port, same data) whenever they exit without being
   * asked to, with a growing pause between failed attempts; the server reconnects by itself
   * (docs/failure-modes.md). See scripts/supervisor.mjs.
   */
  const supervise = (name, start) => supervisor.supervise(name, start);
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  const dataDir = process.env.HOTLINE_DATA_DIR ? path.resolve(process.env.HOTLINE_DATA_DIR) : path.join(ROOT, '.data');
  try {
    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
      say(`starting embedded PostgreSQL (data in ${path.relative(ROOT, dataDir) || '.'}/postgres)…`);
      const dir = path.join(dataDir, 'postgres');
      const pg = await supervise('PostgreSQL', (port) => services.startPostgres({ dir, port }));
      await pg.current.createDatabase('hotline');
      databaseUrl = pg.current.urlFor('hotline');
    }
    let redisUrl = process.env.REDIS_URL;
    if (!redisUrl) {
      say(`starting redis-server (AOF in ${path.relative(ROOT, dataDir) || '.'}/redis)…`);
      const dir = path.join(dataDir, 'redis');
      const redis = await supervise('redis-server', (port) => services.startRedis({ dir, port }));
      redisUrl = redis.current.url;
    }
    const port = process.env.PORT ?? '3000';
    const metricsPort = process.env.METRICS_PORT ?? (await localMetricsPort());
    const server = spawn(process.execPath, [...serverNodeFlags(), path.join(ROOT, 'server', 'dist', 'main.js')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        PORT: port,
        // Its output reaches this terminal: the first administrator's setup link may be shown there (main.ts).
        HOTLINE_TERMINAL: process.stdout.isTTY ? '1' : '0',
        CLIENT_DIST: process.env.CLIENT_DIST ?? path.join(ROOT, 'client', 'dist'),
        // Prometheus metrics on a port of their own, on this machine only (docs/operations.md); METRICS_PORT= turns them off.
        METRICS_PORT: metricsPort,
        // A local run: development secrets and the development message store are allowed here only.
        NODE_ENV: process.env.NODE_ENV ?? 'development',
        DEV_MESSAGES_ENABLED:
          process.env.DEV_MESSAGES_ENABLED ??
          ((process.env.NODE_ENV ?? 'development') === 'development' ? 'true' : 'false'),
        // Production refuses development secrets; a local start gets its own, kept beside the data.
        CUSTOMER_SECRET: process.env.CUSTOMER_SECRET ?? localSecret(dataDir, 'customer-secret'),
      },
    });
    let serverExited = false;
    supervisor.onShutdown(
      () =>
        new Promise((resolve) => {
          if (serverExited) return resolve();
          server.once('exit', resolve);
          server.kill('SIGTERM');
          setTimeout(() => server.kill('SIGKILL'), 8000).unref();
        }),
    );
    server.stdout.on('data', (chunk) => {
      const text = chunk.toString();
      const ready = text.match(/HOTLINE_READY (\S+)/);
      if (ready) say(`ready: ${ready[1]}  (Ctrl-C to stop)`);
      if (process.env.LOG_LEVEL !== 'silent') process.stdout.write(text.replace(/HOTLINE_READY \S+\n?/, ''));
    });
    server.on('exit', (code) => {
      serverExited = true;
      if (!shuttingDown) {
        process.stderr.write(`[start] the server exited (code ${code}).\n`);
        void shutdown(code || 1);
      }
    });
  } catch (error) {
    process.stderr.write(`[start] ${error.message}\n`);
    await shutdown(1);
  }
}

main();

/** A random secret for this installation, created once in <data>/secrets/<name> (never the development default). */
function localSecret(dataDir, name) {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}
