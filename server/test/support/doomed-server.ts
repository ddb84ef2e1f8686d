import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Client } from 'pg';
import type { FaultPoint } from '../../src/common/test-fault-point';
import { createTestDatabase, type TestDatabase } from './test-env';

/** For chaos tests: a real server process (server/dist/main.js) that a test fault point may SIGKILL. */
const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Incremental `tsc -b server`, the native compiler as in the build (decision 049): seconds when dist is current. */
export function buildServer(): void {
  const tsc = path.join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc');
  const r = spawnSync(process.execPath, [tsc, '-b', 'server'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`tsc -b server failed:\n${r.stdout}${r.stderr}`);
}

export function startDoomedServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  // As scripts/server-node-flags.mjs: AsyncLocalStorage on AsyncContextFrame under Node 22, as in production.
  const flags = process.versions.node.startsWith('22.') ? ['--experimental-async-context-frame'] : [];
  const child = spawn(process.execPath, [...flags, path.join(ROOT, 'server', 'dist', 'main.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    child.stdout!.on('data', (c) => {
      output += c;
      const m = /HOTLINE_READY (\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!.replace('localhost', '127.0.0.1') });
      }
    });
    child.stderr!.on('data', (c) => (output += c));
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

/**
 * A node that SIGKILLs itself at `fault` (common/test-fault-point.ts), on the given database and Redis prefix, with
 * nothing periodic of its own (no outbox, no recovery): what it leaves behind is the test's subject.
 */
export async function startFaultyNode(
  fault: FaultPoint,
  world: { databaseUrl: string; redisUrl: string; redisPrefix: string },
  extra: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; killed: Promise<NodeJS.Signals | null> }> {
  const started = await startDoomedServer({
    NODE_ENV: 'test',
    HOTLINE_TEST_FAULT: fault,
    DATABASE_URL: world.databaseUrl,
    REDIS_URL: world.redisUrl,
    REDIS_PREFIX: world.redisPrefix,
    PORT: '0',
    HOST: '127.0.0.1',
    RUN_MIGRATIONS: 'false',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ALTCHA_MAX_NUMBER: '20',
    OUTBOX_POLL_MS: '0',
    RECOVERY_INTERVAL_MS: '0',
    ...extra,
  });
  const killed = new Promise<NodeJS.Signals | null>((resolve) => started.child.on('exit', (_c, s) => resolve(s)));
  return { ...started, killed };
}

/** A chaos suite's world: its own database (dropped after) and SQL client; a doomed node left alive is killed. */
export interface ChaosWorld {
  db: TestDatabase;
  sql: Client;
  doomed: ChildProcess | null;
}

/** Registers the suite's setup and teardown (server built, database created; then all of it undone). */
export function useChaosWorld(): ChaosWorld {
  const world = { doomed: null } as ChaosWorld;
  beforeAll(async () => {
    buildServer();
    world.db = await createTestDatabase();
    world.sql = new Client({ connectionString: world.db.url });
    await world.sql.connect();
  });
  afterAll(async () => {
    const d = world.doomed;
    if (d && d.exitCode === null && d.signalCode === null) d.kill('SIGKILL');
    await world.sql?.end();
    await world.db?.drop();
  });
  return world;
}
