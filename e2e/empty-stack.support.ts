import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from 'pg';

/** What scripts/test-server.mjs's server gives back (typed here: the .mjs has no declarations). */
interface TestServer {
  url: string;
  undeclaredAnswers(): string[];
  stop(): Promise<void>;
}
interface Redis {
  url: string;
  stop(): Promise<void>;
}

/**
 * A server of the spec's own on an EMPTY database (`SEED=none`, as a venue's first `npm start` would be): a new
 * database in the worker's PostgreSQL, a Redis of its own, the server started like the e2e stacks (scripts/test-server.mjs)
 * from a folder of its own, where it writes the first administrator's one-time setup link. Costs a server start
 * (migrations, no seed) only for the spec that asks for it.
 */
export interface EmptyStack {
  url: string;
  databaseUrl: string;
  /** The one-time link the first start wrote (`first-administrator-setup-link.txt`), as printed. */
  setupLink(): URL;
  /** Answers the server found not as the OpenAPI document declares. */
  undeclaredAnswers(): string[];
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '..');
const load = async <T>(file: string) => (await import(pathToFileURL(path.join(ROOT, 'scripts', file)).href)) as T;

export async function startEmptyStack(): Promise<EmptyStack> {
  const workerDatabase = process.env.E2E_DATABASE_URL;
  if (!workerDatabase) throw new Error('E2E_DATABASE_URL is not set (scripts/test.mjs starts the e2e stacks)');
  const name = `hotline_empty_${process.pid}_${Date.now().toString(36)}`;
  const admin = new Client({ connectionString: workerDatabase });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const databaseUrl = Object.assign(new URL(workerDatabase), { pathname: `/${name}` }).toString();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'hotline-empty-'));
  const services = await load<{ startRedis(o: { dir: string }): Promise<Redis> }>('services.mjs');
  const { startTestServer } = await load<{
    startTestServer(env: Record<string, string>, o: { cwd: string }): Promise<TestServer>;
  }>('test-server.mjs');
  const redis = await services.startRedis({ dir: path.join(folder, 'redis') });
  let server: TestServer;
  try {
    server = await startTestServer(
      { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, REDIS_PREFIX: 'empty:', SEED: 'none' },
      { cwd: folder },
    );
  } catch (error) {
    await redis.stop();
    throw error;
  }
  return {
    url: server.url,
    databaseUrl,
    setupLink: () => new URL(readFileSync(path.join(folder, 'first-administrator-setup-link.txt'), 'utf8').trim()),
    undeclaredAnswers: () => server.undeclaredAnswers(),
    stop: async () => {
      await server.stop();
      await redis.stop();
      rmSync(folder, { recursive: true, force: true });
      const drop = new Client({ connectionString: workerDatabase });
      await drop.connect();
      try {
        await drop.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await drop.end();
      }
    },
  };
}
