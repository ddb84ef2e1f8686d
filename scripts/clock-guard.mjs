// The clock guard: the time-sensitive tests run again with the whole process tree (node, jest's
// workers, PostgreSQL, Redis) at three fixed Israeli wall-clock times, through Debian's libfaketime. The suite used to
// pass in the morning and fail from 16:30 Jerusalem time (the demo's first show had started); a test that leans on
// the hour it runs at fails here at once, whatever the hour of the real run.
//
// Why libfaketime and not only the server's injected Clock: the rules read time in TypeScript (Clock, Date) AND in
// SQL (now() in PostgreSQL) AND in Redis (lock TTLs). Moving one of them would test a world that cannot happen.
// The same offset is given to every process, so they all agree on "now"; the monotonic clock stays real so
// timers and timeouts behave.
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { jestCounts } from './test-reports.mjs';

/**
 * Tests whose outcome depends on the time of day or the calendar (jest path patterns). In the whole suite they run
 * only here, at the three settings: the suite's own jest run leaves them out (scripts/test.mjs).
 */
export const CLOCK_SENSITIVE_TESTS = [
  'shared/src/rules/catalogue',
  'shared/src/rules/holds',
  'shared/src/rules/cancellation',
  'shared/src/rules/waiver',
  'server/test/demo-week-start.test.ts',
  // The holds' directory: its six medium suites run in the file below; a test file added here runs in the guard too.
  'server/test/holds',
  // The holds' six suites, customer cancellation, the reports, the catalogue and its availability, the on-sale's start
  // and its Israel-time form (the queue's own tests inject a manual clock already), waivers, video on demand: one jest
  // file, so one module registry a setting (each registry loads the server, ≈ 4 CPU-s: docs/testing.md).
  'server/test/suites-clock-sensitive.medium.test.ts',
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
 * How far ahead of the real clock a setting must be: never behind it, also while the three settings run one after the
 * other. libfaketime hands out the REAL time to a clock read made in a signal handler that interrupted another clock
 * read (its reentrancy guard; 0.9.10, measured 2026-11-30: about 1 read in 4,500 of such a handler, none without one).
 * PostgreSQL reads the clock in its SIGALRM handler to decide which of its timeouts ran out: with a clock set in the
 * past the real time is hours "later", so a timeout armed a second ago looks long expired, and the backend ended its
 * session mid-transaction ("terminating connection due to idle-in-transaction timeout", 25P03, 2 s into a 15 s
 * timeout): the customer cancellation's 500s at the 16:45 setting, every evening after 16:45 Jerusalem. Set ahead,
 * the leaked real time is earlier, and a timeout can only fire late.
 */
const AHEAD_MS = 60 * 60 * 1000;

/** The first instant at least AHEAD_MS from now at which Jerusalem's wall clock reads `time` (today's or tomorrow's). */
function nextJerusalemInstant(nowMs, time) {
  const today = jerusalemInstant(jerusalemDay(nowMs), time);
  return today >= nowMs + AHEAD_MS ? today : jerusalemInstant(jerusalemDay(nowMs + 24 * 60 * 60 * 1000), time);
}

/**
 * The three settings: 16:45 (the first show 15 minutes away: where CI went red), 23:50 (the day rolls over during
 * the run's first minutes), each the next one ahead (AHEAD_MS: never a clock in the past), and 01:30 on the Friday
 * the clocks jump to summer time (2027-03-26: the demo week's first day has 23 hours; in the past from that night on,
 * when it must move to the next spring's, for the reason above).
 */
function clockSettings(nowMs = Date.now()) {
  return [
    { name: '16:45 Jerusalem', at: nextJerusalemInstant(nowMs, '16:45') },
    { name: '23:50 Jerusalem', at: nextJerusalemInstant(nowMs, '23:50') },
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
 * Runs `scripts/test.mjs --only=jest` over CLOCK_SENSITIVE_TESTS once per setting, each with its own throw-away
 * PostgreSQL and Redis started under the same fake clock. Resolves to per-setting { name, passed, failed }.
 */
export async function runClockGuard({ root, lib, reportsDir, log }) {
  const results = [];
  for (const setting of clockSettings()) {
    const report = path.join(reportsDir, `jest-clock-${results.length + 1}.json`);
    rmSync(report, { force: true });
    // Relative offset in seconds: every process started from here on sees the same "now".
    const offsetSeconds = Math.round((setting.at - Date.now()) / 1000);
    log(`clock guard: ${setting.name} (${new Date(setting.at).toISOString()}, offset ${offsetSeconds} s)`);
    const code = await new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [path.join(root, 'scripts', 'test.mjs'), '--only=jest', `--report=${report}`, '--', ...CLOCK_SENSITIVE_TESTS],
        {
          cwd: root,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
            ...process.env,
            LD_PRELOAD: [lib, process.env.LD_PRELOAD].filter(Boolean).join(':'),
            FAKETIME: `${offsetSeconds >= 0 ? '+' : ''}${offsetSeconds}`,
            FAKETIME_DONT_FAKE_MONOTONIC: '1',
            // Beside the static checks: two workers (side by side, or three, they took no less time: docs/testing.md).
            JEST_WORKERS: process.env.JEST_WORKERS ?? '2',
          },
        },
      );
      // Prefixed, so that the inner run's own "N passed, N failed" line is not mistaken for the total.
      const prefix = (stream, out) => {
        let rest = '';
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) out.write(`[clock ${setting.name}] ${line}\n`);
        });
        stream.on('end', () => rest && out.write(`[clock ${setting.name}] ${rest}\n`));
      };
      prefix(child.stdout, process.stdout);
      prefix(child.stderr, process.stderr);
      child.on('exit', (c) => resolve(c ?? 1));
    });
    const counts = jestCounts(report);
    if (!counts) results.push({ name: setting.name, passed: 0, failed: 1, problem: 'no jest report' });
    else if (code !== 0 && counts.failed === 0)
      results.push({ name: setting.name, ...counts, failed: 1, problem: `exited ${code}` });
    else results.push({ name: setting.name, ...counts });
  }
  return results;
}
