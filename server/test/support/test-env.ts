import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { Client } from 'pg';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Logger } from 'pino';
import { Test } from '@nestjs/testing';
import { createApp, type AppCompiler, type CreateAppOptions } from '../../src/app.factory';
import { createLogger } from '../../src/common/logger';
import { parseAppConfig, type AppConfig } from '../../src/config/app-config';
import { openDataSource, runMigrations } from '../../src/database/data-source';
import { seedDemoIfEmpty } from '../../src/seed/demo-seed';
import { reportUnexpected } from './unexpected-errors';

/**
 * Medium tests run against the real PostgreSQL and Redis that scripts/test.mjs
 * (or jest's global setup) provisioned. The schema is migrated and the demo data
 * loaded ONCE per run into a template database; each test file gets its own
 * database cloned from it (CREATE DATABASE ... TEMPLATE, ~100 ms) and its own
 * Redis key prefix, so files never see each other's data.
 */
const TEMPLATE = 'hotline_template';
const TEMPLATE_LOCK = 7_263_100;

function baseUrl(): string {
  const url = process.env.TEST_PG_BASE_URL;
  if (!url)
    throw new Error(
      'TEST_PG_BASE_URL is not set: run tests with `npm test` or `npx jest` (its global setup provisions PostgreSQL).',
    );
  return url;
}

export function testRedisUrl(): string {
  const url = process.env.TEST_REDIS_URL;
  if (!url) throw new Error('TEST_REDIS_URL is not set: run tests with `npm test` or `npx jest`.');
  return url;
}

async function withAdminClient<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: `${baseUrl()}/postgres` });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function ensureTemplate(): Promise<void> {
  await withAdminClient(async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEMPLATE]);
      if (exists.rowCount) return;
      const building = `${TEMPLATE}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      const ds = await openDataSource(`${baseUrl()}/${building}`, 4);
      try {
        await runMigrations(ds);
        // Staff sign in thousands of times a run: their hashes at the tests' cost (testConfig's PASSWORD_HASH_COST).
        await seedDemoIfEmpty(ds, { includeStadium: false, staffPasswordCost: 'test-only-weak' });
      } finally {
        await ds.destroy();
      }
      // Renamed only when complete, so a crashed build is never used as a template.
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${TEMPLATE}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh database with the schema and the demo data (cinema, theatre, arena; no stadium). */
export async function createTestDatabase(): Promise<TestDatabase> {
  await ensureTemplate();
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdminClient((admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`));
  return {
    name,
    url: `${baseUrl()}/${name}`,
    drop: () =>
      withAdminClient((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

export function testConfig(overrides: Partial<Record<keyof AppConfig, string>> & { DATABASE_URL: string }): AppConfig {
  return parseAppConfig({
    NODE_ENV: 'test',
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: `test:${randomBytes(4).toString('hex')}:`,
    LOG_LEVEL: 'silent',
    RUN_MIGRATIONS: 'false',
    SEED_DEMO: 'false',
    ALTCHA_MAX_NUMBER: '20',
    // Suites hammer one route from one address; the rate-limit suite sets these back to production values.
    RATE_LIMIT_SCALE: '1000',
    SEAT_HOLD_CAP_PER_IP: '0',
    // Many buyers on one presentation within a minute would raise the bot-check work; botcheck-load turns it on.
    ALTCHA_LOAD_STEP: '0',
    DEV_MESSAGES_ENABLED: 'true',
    // Tests read a status right after changing seats: the shared answer is reused only at the current version.
    SEAT_STATUS_STALE_MS: '0',
    // Every answer of every medium test is checked against the OpenAPI document (api-docs/response-validation.ts).
    VALIDATE_RESPONSES: overrides.NODE_ENV === 'production' ? 'false' : 'true',
    // argon2id at ≈ 0.5 ms instead of ≈ 60 ms a hash: staff sign in thousands of times a run (refused in production).
    PASSWORD_HASH_COST: overrides.NODE_ENV === 'production' ? 'owasp' : 'test-only-weak',
    ...overrides,
  });
}

/**
 * A start-up still running after this long fails with what the app logged meanwhile (its warnings: a dependency it is
 * waiting for, a subscription round given up), before the hook's own timeout (180 s in the longest files) would end it
 * with nothing to go on: a fresh-clone run once hung a cluster file's start for 180 s and left only the timeout.
 */
const STARTUP_REPORT_MS = 150_000;

/**
 * The app's last warnings and errors, kept in memory (the suite's output stays quiet unless a start-up fails); an
 * unexpected error (a 500) is also printed at once, with its class, PostgreSQL code and stack (unexpected-errors.ts).
 */
function recentLines(keep = 50): { stream: { write(line: string): void }; lines(): string[] } {
  const lines: string[] = [];
  return {
    stream: {
      write(line: string) {
        reportUnexpected(line);
        lines.push(line.trimEnd());
        if (lines.length > keep) lines.shift();
      },
    },
    lines: () => [...lines],
  };
}

async function startedWithin<T>(
  ms: number,
  starting: Promise<T>,
  report: () => string,
  discard: (late: T) => Promise<unknown>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let gaveUp = false;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      gaveUp = true;
      reject(new Error(`the app had not started after ${ms / 1000} s; ${report()}`));
    }, ms);
    timer.unref();
  });
  // A start given up on that finishes later is closed: its connections would keep jest from exiting (a flake hunt's
  // run waited for ever after the failure it reported).
  void starting.then(
    (app) => (gaveUp ? discard(app).catch(() => undefined) : undefined),
    () => undefined,
  );
  try {
    return await Promise.race([starting, late]);
  } finally {
    clearTimeout(timer);
  }
}

type Hooked = Record<string, unknown> & { constructor?: { name?: string } };
const START_UP_HOOKS = ['onModuleInit', 'onApplicationBootstrap'] as const;

/**
 * The start-up's steps that have begun and not finished - preparing the database, compiling the modules (their async
 * factories), each provider's init hook by class name - so that a start-up that hangs names the step it waits on.
 * Times are monotonic (performance.now): they measure a wait, they do not read the time of day.
 */
function startUpSteps() {
  const pending = new Map<string, number>();
  const done: string[] = [];
  const begin = (name: string) => pending.set(name, performance.now());
  const end = (name: string) => {
    const began = pending.get(name);
    pending.delete(name);
    if (began !== undefined) done.push(`${name} ${((performance.now() - began) / 1000).toFixed(1)} s`);
  };
  return {
    begin,
    end,
    async step<T>(name: string, run: () => Promise<T>): Promise<T> {
      begin(name);
      try {
        return await run();
      } finally {
        end(name);
      }
    },
    /** Wraps the init hooks of every provider, controller and module instance of a compiled (not yet initialised) app. */
    track(moduleRef: unknown): void {
      const container = (moduleRef as { container?: { getModules(): Map<string, unknown> } }).container;
      for (const module of container?.getModules().values() ?? []) {
        const m = module as { instance?: unknown; providers: Map<unknown, { instance?: unknown }> } & {
          controllers: Map<unknown, { instance?: unknown }>;
          injectables: Map<unknown, { instance?: unknown }>;
        };
        const instances = [
          m.instance,
          ...[m.providers, m.controllers, m.injectables].flatMap((w) => [...w.values()].map((x) => x.instance)),
        ];
        for (const instance of new Set(instances)) {
          if (!instance || typeof instance !== 'object') continue;
          const target = instance as Hooked;
          for (const hook of START_UP_HOOKS) {
            const original = target[hook];
            if (typeof original !== 'function') continue;
            const name = `${target.constructor?.name ?? 'provider'}.${hook}`;
            target[hook] = (...args: unknown[]) => this.step(name, async () => original.apply(target, args));
          }
        }
      }
    },
    report(): string {
      const now = performance.now();
      const waiting = [...pending].map(([name, began]) => `${name} (for ${((now - began) / 1000).toFixed(1)} s)`);
      return `waiting on: ${waiting.join(', ') || '(no tracked step: between steps)'}; finished: ${done.join(', ') || '(none)'}`;
    },
  };
}
type StartUpSteps = ReturnType<typeof startUpSteps>;

export interface TestApp {
  app: NestFastifyApplication;
  url: string;
  config: AppConfig;
  db: TestDatabase;
  /** The start-up's steps and how long each took (startUpSteps below), for a file that measures its start. */
  startUp: string;
  close(): Promise<void>;
}

/**
 * A provider swapped in with @nestjs/testing (`overrideProvider(token).useFactory(...)`):
 * how control runs put a deliberately unsafe adapter in place of the real one.
 */
export type ProviderOverride =
  | { provide: unknown; inject?: unknown[]; useFactory: (...deps: never[]) => unknown }
  | { provide: unknown; useClass: new (...deps: never[]) => unknown };

function compilerWith(providers: ProviderOverride[], steps: StartUpSteps): AppCompiler {
  return async (root, adapter, options) => {
    steps.end(BEFORE_MODULES);
    let builder = Test.createTestingModule({ imports: [root] });
    for (const p of providers) {
      const override = builder.overrideProvider(p.provide);
      builder =
        'useClass' in p
          ? override.useClass(p.useClass)
          : override.useFactory({
              factory: p.useFactory as (...args: unknown[]) => unknown,
              inject: p.inject as never[],
            });
    }
    const moduleRef = await steps.step('compiling the modules (async factories)', () => builder.compile());
    steps.track(moduleRef);
    return moduleRef.createNestApplication<NestFastifyApplication>(adapter, options);
  };
}

const BEFORE_MODULES = 'preparing the database (before the modules)';

/** Apps started in this module registry (one per jest file): the first one pays for loading the server's modules. */
let startsInRegistry = 0;
/**
 * Each start as a line `test file<TAB>n-th start in its registry` in the file TEST_APP_STARTS names (scripts/test.mjs
 * sets it and prints the totals): how many apps a run starts, and how many registries load the server.
 */
function countStart(): void {
  startsInRegistry += 1;
  const file = process.env.TEST_APP_STARTS;
  if (file) appendFileSync(file, `${expect.getState().testPath ?? '?'}\t${startsInRegistry}\n`);
}

/** The real application on a random port, against its own database and Redis prefix. */
export async function startTestApp(
  overrides: Partial<Record<keyof AppConfig, string>> = {},
  db?: TestDatabase,
  providers: ProviderOverride[] = [],
  /**
   * plainRoutes: false serves the hot routes through Nest (the parity test); reportAfterMs: fail a start-up still
   * running after this long with its pending steps (a file with a short timeout).
   */
  options: Pick<CreateAppOptions, 'plainRoutes'> & { reportAfterMs?: number } = {},
): Promise<TestApp> {
  countStart();
  const database = db ?? (await createTestDatabase());
  const config = testConfig({ DATABASE_URL: database.url, ...overrides });
  const recent = recentLines();
  // The app's own logger (its redaction included), at warn: what an operator would be shown.
  const logger: Logger = createLogger('warn', recent.stream);
  const steps = startUpSteps();
  steps.begin(BEFORE_MODULES);
  const app = await startedWithin(
    options.reportAfterMs ?? STARTUP_REPORT_MS,
    createApp(config, { logger, compile: compilerWith(providers, steps), plainRoutes: options.plainRoutes }),
    () => `${steps.report()}; its warnings:\n${recent.lines().join('\n') || '(none)'}`,
    (late) => late.close(),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    config,
    db: database,
    startUp: steps.report(),
    async close() {
      await app.close();
      if (!db) await database.drop();
    },
  };
}
