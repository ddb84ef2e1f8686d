import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** What scripts/test-server.mjs's server gives back (typed here: the .mjs has no declarations). */
interface TestServer {
  url: string;
  undeclaredAnswers(): string[];
  stop(): Promise<void>;
}

/**
 * A server of the spec's own that serves its OWN COPY of the built client: every e2e stack serves the one
 * `client/dist`, so a spec that deploys "a new version" of a file there would change it under every other spec. The copy
 * is made in a temporary folder and the server started like the e2e stacks (scripts/test-server.mjs) on the worker's
 * database and Redis (a second node of the worker's stack: the same sessions and shows), with `CLIENT_DIST` naming the
 * copy. Costs a server start only for the spec that asks for it.
 */
export interface OwnBuildServer {
  url: string;
  /** The copy of the build this server serves. */
  dist: string;
  /** Answers the server found not as the OpenAPI document declares. */
  undeclaredAnswers(): string[];
  stop(): Promise<void>;
}

const ROOT = path.resolve(__dirname, '..');

export async function startOwnBuildServer(): Promise<OwnBuildServer> {
  const databaseUrl = process.env.E2E_DATABASE_URL;
  const redisUrl = process.env.E2E_REDIS_URL;
  if (!databaseUrl || !redisUrl)
    throw new Error('E2E_DATABASE_URL/E2E_REDIS_URL are not set (scripts/test.mjs starts the e2e stacks)');
  const dist = mkdtempSync(path.join(os.tmpdir(), 'hotline-own-build-'));
  cpSync(path.join(ROOT, 'client', 'dist'), dist, { recursive: true });
  const { startTestServer } = (await import(pathToFileURL(path.join(ROOT, 'scripts', 'test-server.mjs')).href)) as {
    startTestServer(env: Record<string, string>): Promise<TestServer>;
  };
  let server: TestServer;
  try {
    server = await startTestServer({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: 'e2e:',
      SEED_STADIUM: 'false',
      CLIENT_DIST: dist,
    });
  } catch (error) {
    rmSync(dist, { recursive: true, force: true });
    throw error;
  }
  return {
    url: server.url,
    dist,
    undeclaredAnswers: () => server.undeclaredAnswers(),
    stop: async () => {
      await server.stop();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}

/** The version at the head of a built `scan-sw.js` (client/build/scan-service-worker.ts writes `SCAN_SW_BUILD`). */
const WORKER_VERSION = /^const SCAN_SW_BUILD=\{"version":"([0-9a-f]+)"/;

export function scannerWorkerVersion(dist: string): string {
  const version = WORKER_VERSION.exec(readFileSync(path.join(dist, 'scan-sw.js'), 'utf8'))?.[1];
  if (!version) throw new Error('scan-sw.js does not start with its SCAN_SW_BUILD version');
  return version;
}

/**
 * "Deploys" a new version of the scanner into a copy of the build, as a new build would: `scan-sw.js` with another
 * version (so other bytes and another cache name), and its .br and .gz siblings written again (the server sends the
 * compressed copy a browser accepts). Answers the new version.
 */
export function deployNewScannerVersion(dist: string): string {
  const file = path.join(dist, 'scan-sw.js');
  const before = scannerWorkerVersion(dist);
  const version = [...before].reverse().join('') === before ? `${before.slice(1)}0` : [...before].reverse().join('');
  const text = readFileSync(file, 'utf8').replace(`"version":"${before}"`, `"version":"${version}"`);
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
  return version;
}
