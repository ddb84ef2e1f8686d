// The clock guard: the time-sensitive tests run again with the whole process tree (node, jest's
// workers, PostgreSQL, Redis) at three fixed Israeli wall-clock times, through Debian's libfaketime. The suite used to
// pass in the morning and fail from 16:30 Jerusalem time (the demo's first show had started); a test that leans on
// the hour it runs at fails here at once, whatever the hour of the real run.
//
// Why libfaketime and not only the server's injected Clock: the rules read time in TypeScript (Clock, Date) AND in
// SQL (now() in PostgreSQL) AND in Redis (lock TTLs). Moving one of them would test a world that cannot happen.
// The same offset is given to every process, so they all agree on "now"; the monotonic clock stays real so
// timers and timeouts behave.
//
// One PostgreSQL cluster and one Redis serve the three settings, one after the other: the offset is a file that
// libfaketime reads again every second (FAKETIME_TIMESTAMP_FILE), moved forward between settings. Each setting still
// seeds its own demo data: the seed is a function of "now" (the demo week starts today or tomorrow, vouchers and videos
// are valid from the moment they are loaded; spring-forward night is four months ahead), and a test meets the data as
// a database loaded at that hour has it. What the settings share is everything else: one initdb, one PostgreSQL and
// Redis start, one migrated schema (docs/testing.md, "Where the time went").
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jestCounts } from './test-reports.mjs';

/** Tests whose outcome depends on the time of day or the calendar. */
const CLOCK_SENSITIVE_TESTS = [
  'shared/src/rules/catalogue',
  'shared/src/rules/holds',
  'shared/src/rules/cancellation',
  'shared/src/rules/waiver',
  'server/test/demo-week-start.test.ts',
  'server/test/holds',
  'server/test/customers/cancellation.medium.test.ts',
  'server/test/waivers',
  // The on-sale's start and its Israel-time form; the queue's own tests inject a manual clock already.
  'server/test/queue/on-sale-admin.medium.test.ts',
  'server/test/backoffice/reports.medium.test.ts',
  'server/test/catalogue.medium.test.ts',
  'server/test/catalogue-availability.medium.test.ts',
  'server/test/vod',
];

/** 'YYYY-MM-DD' of the Israeli calendar day of an instant. */
function jerusalemDay(ms) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(ms);
}

/** The UTC instant of an Israeli wall-clock time on a day (two passes settle the offset near a change). */
function jerusalemInstant(day, time) {
  const asUtc = Date.parse(`${day}T${time}:00Z`);
  const offset = (ms) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'Asia/Jerusalem',
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(ms)
        .map((p) => [p.type, p.value]),
    );
    const wall = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}Z`);
    return wall - Math.floor(ms / 1000) * 1000;
  };
  let utc = asUtc - offset(asUtc);
  utc = asUtc - offset(utc);
  return utc;
}

/**
 * The three settings: today's 16:45 (the first show 15 minutes away: where CI went red), today's 23:50 (the day
 * rolls over during the run's first minutes) and 01:30 on the Friday the clocks jump to summer time (2027-03-26:
 * the demo week's first day has 23 hours).
 */
function clockSettings(nowMs = Date.now()) {
  const today = jerusalemDay(nowMs);
  return [
    { name: '16:45 Jerusalem', at: jerusalemInstant(today, '16:45') },
    { name: '23:50 Jerusalem', at: jerusalemInstant(today, '23:50') },
    { name: 'spring-forward night 01:30', at: Date.parse('2027-03-25T23:30:00Z') },
  ];
}

const LIBFAKETIME = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
];

export function findLibfaketime() {
  return LIBFAKETIME.find((p) => existsSync(p)) ?? null;
}

/**
 * Runs jest over CLOCK_SENSITIVE_TESTS once per setting, against one throw-away PostgreSQL (under libfaketime) and
 * Redis started for the three: `node scripts/clock-guard.mjs` in a process of its own, so that only its children
 * (PostgreSQL, jest and its workers) get the preloaded library. Resolves to per-setting { name, passed, failed }.
 */
export async function runClockGuard({ root, lib, reportsDir, log }) {
  const settings = clockSettings();
  const reports = settings.map((_, i) => path.join(reportsDir, `jest-clock-${i + 1}.json`));
  for (const report of reports) rmSync(report, { force: true });
  const exits = path.join(reportsDir, 'jest-clock-exits.json');
  rmSync(exits, { force: true });
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, CLOCK_GUARD: JSON.stringify({ root, lib, reports, exits, settings }) },
    });
    child.on('exit', (c) => resolve(c ?? 1));
  });
  let exitCodes = [];
  try {
    exitCodes = JSON.parse(readFileSync(exits, 'utf8'));
  } catch {
    log(`clock guard: exited ${code} before its settings ran`);
  }
  return settings.map((setting, i) => {
    const counts = jestCounts(reports[i]);
    if (!counts) return { name: setting.name, passed: 0, failed: 1, problem: 'no jest report' };
    const exit = exitCodes[i] ?? code;
    if (exit !== 0 && counts.failed === 0)
      return { name: setting.name, ...counts, failed: 1, problem: `exited ${exit}` };
    return { name: setting.name, ...counts };
  });
}

/** Prefixed, so that the inner runs' own output is told apart from the rest of the suite's. */
function prefixLines(stream, out, prefix) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => rest && out.write(`${prefix}${rest}\n`));
}

/** The offset of a setting from the real clock now, in libfaketime's relative form ("+86400"). */
function offsetFrom(at) {
  const seconds = Math.round((at - Date.now()) / 1000);
  return `${seconds >= 0 ? '+' : ''}${seconds}`;
}

/** How often every faked process reads the offset file again (libfaketime caches it, 10 s by default). */
const CLOCK_FILE_READ_S = 1;

/** The guard's own process (see runClockGuard): the services once, then jest per setting. */
async function guardSettings({ root, lib, reports, exits, settings }) {
  const services = await import('./services.mjs');
  const { default: pg } = await import('pg');
  const runDir = path.join(root, '.tmp', `clock-guard-${process.pid}`);
  mkdirSync(runDir, { recursive: true });
  const clockFile = path.join(runDir, 'faketime');
  writeFileSync(clockFile, offsetFrom(settings[0].at));
  // From here on every process this one starts runs on the file's clock (Redis keeps the real one: services.mjs).
  Object.assign(process.env, {
    LD_PRELOAD: [lib, process.env.LD_PRELOAD].filter(Boolean).join(':'),
    FAKETIME_TIMESTAMP_FILE: clockFile,
    FAKETIME_CACHE_DURATION: String(CLOCK_FILE_READ_S),
    FAKETIME_DONT_FAKE_MONOTONIC: '1',
  });
  delete process.env.FAKETIME;
  const exitCodes = [];
  const postgres = await services.startPostgres({ dir: path.join(runDir, 'pg'), durable: false });
  const redis = await services.startRedis({ dir: path.join(runDir, 'redis') });
  try {
    for (const [i, setting] of settings.entries()) {
      if (i > 0) {
        writeFileSync(clockFile, offsetFrom(setting.at));
        // The previous setting's demo data goes; server/test/support/test-env.ts seeds it again under the new clock.
        const admin = new pg.Client({ connectionString: `${postgres.baseUrl}/postgres` });
        await admin.connect();
        await admin.query('DROP DATABASE IF EXISTS hotline_template WITH (FORCE)');
        await admin.end();
        // Every faked process has read the new offset once its cache has run out.
        await new Promise((resolve) => setTimeout(resolve, CLOCK_FILE_READ_S * 1000 + 500));
      }
      services.log(
        `clock guard: ${setting.name} (${new Date(setting.at).toISOString()}, offset ${readFileSync(clockFile, 'utf8')} s)`,
      );
      const code = await new Promise((resolve) => {
        const child = spawn(
          process.execPath,
          [
            path.join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
            '--ci',
            '--json',
            `--outputFile=${reports[i]}`,
            // Beside the static checks: two workers (side by side, or three, they took no less time: docs/testing.md).
            `--maxWorkers=${process.env.JEST_WORKERS ?? '2'}`,
            ...CLOCK_SENSITIVE_TESTS,
          ],
          {
            cwd: root,
            stdio: ['ignore', 'pipe', 'pipe'],
            env: { ...process.env, TEST_PG_BASE_URL: postgres.baseUrl, TEST_REDIS_URL: redis.url },
          },
        );
        prefixLines(child.stdout, process.stdout, `[clock ${setting.name}] `);
        prefixLines(child.stderr, process.stderr, `[clock ${setting.name}] `);
        child.on('close', (c) => resolve(c ?? 1));
      });
      exitCodes.push(code);
    }
  } finally {
    writeFileSync(exits, JSON.stringify(exitCodes));
    await redis.stop();
    await postgres.stop();
    rmSync(runDir, { recursive: true, force: true });
  }
}

if (process.env.CLOCK_GUARD && process.argv[1] === fileURLToPath(import.meta.url)) {
  guardSettings(JSON.parse(process.env.CLOCK_GUARD)).catch((error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  });
}
