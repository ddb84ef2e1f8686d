// `npm test`: the whole suite against real services.
//  1. static checks, each counted as one test: lint (ESLint, zero warnings), format (Prettier --check),
//     typecheck (tsc -b over every workspace and its tests), knip (dead files/exports, undeclared packages);
//  2. when they are done, provisions a throw-away PostgreSQL cluster and Redis under .tmp/;
//  3. runs jest (unit + medium tests, every workspace) with a JSON report, and beside it builds the app and starts a
//     server per Playwright worker;
//  4. runs Playwright in Debian's Chromium after jest (SUITE_PARALLEL=tail: beside jest once jest's files that start
//     processes of their own are done; SUITE_PARALLEL=1: beside jest from the start);
//  5. prints one line `N passed, N failed` totalled over all runners, cleans up,
//     and exits non-zero on any failure.
//  1b. the clock guard, beside the static checks and then jest: the time-sensitive jest tests at three fixed Israeli
//      times (scripts/clock-guard.mjs); in the whole suite they run only there, not again in step 3;
// Flags: --only=static | --only=jest | --only=clocks | --only=e2e, --shuffle[=SEED] and --burner (the flake hunt,
// docs/testing.md), and anything after `--` goes to jest or Playwright
// (e.g. a file filter); --report=FILE names jest's JSON report (the clock guard's inner runs). Runs under Node 22 (scripts/node-runtime.mjs fetches it on an older Node).
import './node-runtime.mjs';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLOCK_SENSITIVE_TESTS, findLibfaketime, runClockGuard } from './clock-guard.mjs';
import { jestCounts, playwrightCounts } from './test-reports.mjs';
import { startTestServer as startServer } from './test-server.mjs';
import * as services from './services.mjs';

const ROOT = services.ROOT;
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice(7);
if (only !== undefined && !['static', 'jest', 'clocks', 'e2e'].includes(only)) {
  process.stderr.write(`[test] unknown --only=${only}: use static, jest, clocks or e2e\n0 passed, 1 failed\n`);
  process.exit(1);
}
const passThrough = args.includes('--') ? args.slice(args.indexOf('--') + 1) : [];
const ownArgs = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
// The flake hunt (docs/testing.md): --shuffle=SEED runs the e2e specs one file at a time in a seeded random order, one
// lane per stack; --burner keeps one core busy for the whole run, as a loaded CI machine would.
const shuffleSeed = ownArgs.find((a) => a.startsWith('--shuffle'))?.split('=')[1];
const shuffle = ownArgs.some((a) => a.startsWith('--shuffle'));
const burner = ownArgs.includes('--burner');
const reportArg = args.find((a) => a.startsWith('--report='))?.slice(9);
// The throw-away services' data: in RAM when there is room (services.throwAwayDir).
const runDir = services.throwAwayDir('test');
const reports = path.join(ROOT, 'reports');
mkdirSync(reports, { recursive: true });
mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });

/** Runs a Node script; with a prefix, its output goes out line by line behind it (two parts writing at once). */
function runNode(script, scriptArgs, env, prefix) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...scriptArgs], {
      cwd: ROOT,
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (prefix) {
      prefixLines(child.stdout, process.stdout, prefix);
      prefixLines(child.stderr, process.stderr, prefix);
    }
    child.on('close', (code) => resolve(code ?? 1));
  });
}

function prefixLines(stream, out, prefix) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) out.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => rest && out.write(`${prefix}${rest}\n`));
}

/** Static checks: [name, bin file under node_modules, arguments]. Each is one test in the totals. */
const STATIC_CHECKS = [
  ['lint', 'eslint/bin/eslint.js', ['--max-warnings', '0', '--cache', '--cache-location', '.tmp/eslintcache', '.']],
  ['format', 'prettier/bin/prettier.cjs', ['--check', '--log-level', 'warn', '.']],
  // TypeScript 7's native compiler (the `typescript-native` alias; `typescript` stays 5.9 for the tools that load its
  // JS API): the same verdicts for under a third of the CPU (decision 049). `npm run typecheck:5.9` runs 5.9's.
  // Single-threaded: this phase keeps both cores busy already; its threads cost 35-55 % more CPU for no less wall.
  ['typecheck', 'typescript-native/bin/tsc', ['-b', '--singleThreaded']],
  ['knip', 'knip/bin/knip.js', ['--no-progress']],
];

/** Runs one check with its output captured, so checks running side by side print whole blocks. */
function runCheck([name, bin, checkArgs]) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', bin), ...checkArgs], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('error', (e) => (output += `${e.message}\n`));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      const verdict = code === 0 ? 'passed' : `FAILED (exit ${code})`;
      process.stdout.write(
        `${output.trim() ? `${output.trimEnd()}\n` : ''}[test] ${name}: ${verdict} in ${seconds} s\n`,
      );
      resolve({ name, ok: code === 0 });
    });
  });
}

/** All static checks, two at a time (two cores): lint + typecheck are the long ones, so they start first. */
async function runStaticChecks() {
  const order = ['lint', 'typecheck', 'format', 'knip'].map((n) => STATIC_CHECKS.find(([name]) => name === n));
  const results = [];
  const next = async () => {
    for (let check = order.shift(); check; check = order.shift()) results.push(await runCheck(check));
  };
  await Promise.all([next(), next()]);
  return results;
}

// Debian's headless build of the same Chromium (package chromium-headless-shell) first: no windowing or UI layer to
// drive, a quarter less CPU per spec than the full browser in headless mode (docs/testing.md), same Blink and V8.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, HEADLESS_SHELL, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const p of candidates.filter(Boolean)) {
    if (existsSync(p)) return p;
  }
  if (services.aptInstall(['chromium-headless-shell'])) return HEADLESS_SHELL;
  if (services.aptInstall(['chromium'])) return '/usr/bin/chromium';
  return null;
}

/**
 * Playwright workers, each with a stack of its own: on two cores the e2e run was 15 of the suite's 22 minutes, one
 * browser at a time, and about a third of it waiting (timers, animations, the network). Specs were written against one
 * server whose state the previous spec left behind, so a worker never shares a server, a database or a Redis with
 * another: each gets all three, seeded the same way. E2E_WORKERS overrides (1 = the old serial run).
 */
function e2eWorkers() {
  const asked = Number(process.env.E2E_WORKERS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  // One spec file named on the command line runs in one worker: a second stack would only cost its start.
  if (only === 'e2e' && passThrough.filter((a) => a.endsWith('.spec.ts')).length === 1) return 1;
  // Three on two cores: a worker waits on its page and server a fifth of the time, so a third keeps the cores busy
  // (same hour, quiet: 331 s and 599 CPU-s with three against 358 s and 546 CPU-s with two, docs/testing.md).
  return Math.min(3, Math.max(1, os.availableParallelism() + 1));
}

/** One server + database + Redis per Playwright worker, started side by side. */
async function startE2eStacks(pg, count) {
  const stacks = [];
  try {
    await Promise.all(
      Array.from({ length: count }, async (_, slot) => {
        const database = slot === 0 ? 'hotline_e2e' : `hotline_e2e_${slot}`;
        await pg.createDatabase(database);
        const redis = await services.startRedis({ dir: path.join(runDir, `redis-e2e-${slot}`) });
        const stack = { slot, databaseUrl: pg.urlFor(database), redisUrl: redis.url, redis, server: null };
        stacks.push(stack);
        stack.server = await startServer({
          DATABASE_URL: stack.databaseUrl,
          REDIS_URL: redis.url,
          REDIS_PREFIX: 'e2e:',
          SEED_STADIUM: 'false',
        });
      }),
    );
  } catch (error) {
    await Promise.all(stacks.map((x) => stopStack(x)));
    throw error;
  }
  stacks.sort((a, b) => a.slot - b.slot);
  return stacks.map((x) => ({ ...x, url: x.server.url, stop: () => stopStack(x) }));
}

async function stopStack(stack) {
  if (stack.server) await stack.server.stop();
  await stack.redis.stop();
}

/** Slot 0 under the plain names (a spec run by hand); every slot under NAME_<parallel index> (playwright.config.ts). */
function e2eEnv(stacks) {
  const env = {
    E2E_BASE_URL: stacks[0].url,
    E2E_DATABASE_URL: stacks[0].databaseUrl,
    E2E_REDIS_URL: stacks[0].redisUrl,
  };
  for (const x of stacks) {
    env[`E2E_BASE_URL_${x.slot}`] = x.url;
    env[`E2E_DATABASE_URL_${x.slot}`] = x.databaseUrl;
    env[`E2E_REDIS_URL_${x.slot}`] = x.redisUrl;
  }
  return env;
}

/** A seeded shuffle (mulberry32), so that an order that failed can be run again: the seed is printed. */
function shuffled(list, seed) {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The e2e specs in a random order: each lane (one per stack) runs its share one file at a time, so a spec meets the
 * demo data as every spec before it in its lane left it, in an order the suite never runs them in.
 */
async function runShuffledLanes(stacks, chromium, env, extraArgs) {
  const seed = Number(shuffleSeed) || Math.floor(Math.random() * 1e9);
  const named = extraArgs.filter((a) => a.endsWith('.spec.ts'));
  const files = named.length > 0 ? named : readdirSync(path.join(ROOT, 'e2e')).filter((f) => f.endsWith('.spec.ts'));
  const flags = extraArgs.filter((a) => !a.endsWith('.spec.ts'));
  const order = shuffled(files, seed).map((f) => path.join('e2e', path.basename(f)));
  services.log(`shuffled e2e, seed ${seed} (--shuffle=${seed} runs this order again), ${stacks.length} lane(s)`);
  const dir = path.join(reports, 'shuffled');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const results = [];
  await Promise.all(
    stacks.map(async (stack) => {
      const mine = order.filter((_, i) => i % stacks.length === stack.slot);
      for (const [k, file] of mine.entries()) {
        const report = path.join(dir, `lane${stack.slot}-${String(k).padStart(2, '0')}.json`);
        services.log(`lane ${stack.slot}: ${file}`);
        await runNode(
          path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
          ['test', '--workers=1', '--reporter=list,json', ...flags, file],
          {
            ...env,
            CHROMIUM_PATH: chromium,
            PLAYWRIGHT_JSON_OUTPUT_FILE: report,
            E2E_BASE_URL: stack.url,
            E2E_DATABASE_URL: stack.databaseUrl,
            E2E_REDIS_URL: stack.redisUrl,
          },
        );
        results.push(playwrightCounts(report) ?? { passed: 0, failed: 1, failures: [`${file} › (no report)`] });
      }
    }),
  );
  return {
    passed: results.reduce((n, r) => n + r.passed, 0),
    failed: results.reduce((n, r) => n + r.failed, 0),
    failures: results.flatMap((r) => r.failures),
  };
}

/** A busy loop on one core for the whole run (--burner): the load under which flaky specs show themselves. */
function startBurner() {
  const child = spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
  services.log(`CPU burner started (pid ${child.pid})`);
  return () => child.kill('SIGKILL');
}

/** The clock guard: each setting's run counts its tests into the totals; no libfaketime is one failure. */
async function clockGuard(totals, problems) {
  let lib = findLibfaketime();
  if (!lib && services.aptInstall(['faketime'])) lib = findLibfaketime();
  if (!lib) {
    totals.failed += 1;
    problems.push("clock guard: no libfaketime (Debian's `faketime` package): the time-sensitive tests did not run");
    return;
  }
  const results = await runClockGuard({ root: ROOT, lib, reportsDir: reports, log: services.log });
  for (const r of results) {
    totals.passed += r.passed;
    totals.failed += r.failed;
    services.log(`clock guard ${r.name}: ${r.passed} passed, ${r.failed} failed`);
    if (r.failed) problems.push(`clock guard ${r.name}: ${r.problem ?? `${r.failed} failed`}`);
    problems.push(...(r.failures ?? []).map((f) => `FAILED clock guard ${r.name}: ${f}`));
  }
}

/** Where the time went, printed at the end: [phase, seconds]. */
const phases = [];
async function timed(name, fn) {
  const t0 = Date.now();
  try {
    return await fn();
  } finally {
    phases.push([name, Math.round((Date.now() - t0) / 1000)]);
  }
}

let stopBurner = () => {};

async function main() {
  const started = Date.now();
  if (burner) stopBurner = startBurner();
  const totals = { passed: 0, failed: 0 };
  const problems = [];
  const staticChecks = async () => {
    process.stdout.write('[test] static checks: lint, format, typecheck, knip…\n');
    for (const { name, ok } of await runStaticChecks()) {
      if (ok) totals.passed += 1;
      else {
        totals.failed += 1;
        problems.push(`static check failed: ${name}`);
      }
    }
  };
  if (only === 'static') {
    await staticChecks();
    return finish(started, totals, problems);
  }
  if (only === 'clocks') {
    await clockGuard(totals, problems);
    return finish(started, totals, problems);
  }
  // Side by side: the static checks are two single-threaded tools at a time with idle gaps, the clock guard's
  // small jest runs wait on their own PostgreSQL start. jest starts when the static checks are done, beside the rest of
  // the clock guard (its last setting used to run alone for 20-30 s with two workers, part of a core idle).
  const clockGuardDone =
    only === undefined
      ? timed('clock guard', () => clockGuard(totals, problems)).catch((error) => {
          totals.failed += 1;
          problems.push(`clock guard: ${error.message}`);
        })
      : null;
  if (only === undefined) await timed('static checks', staticChecks);
  services.log('provisioning throw-away PostgreSQL and Redis…');
  const pg = await services.startPostgres({ dir: path.join(runDir, 'pg'), durable: false });
  const redis = await services.startRedis({ dir: path.join(runDir, 'redis') });
  const env = { TEST_PG_BASE_URL: pg.baseUrl, TEST_REDIS_URL: redis.url };
  // jest, and the e2e part beside jest's second half. Each alone leaves part of the two cores idle (jest 77 % busy in
  // F3, Playwright 82 %: they wait on servers, PostgreSQL, pages), and side by side from the start (SUITE_PARALLEL=1) a
  // warm run took 749 s against 900-1,000 s; but then the start-ups of jest's files that start processes of their own
  // (a Redis cluster, a server killed with -9, a private PostgreSQL) met Playwright's load, and reshard-cluster's hung
  // in two runs of three (docs/testing.md). So by default jest runs those files early (scripts/jest-sequencer.cjs) and
  // Playwright starts when the last of them is done (scripts/jest-progress-reporter.cjs writes a file then), beside
  // the rest of jest; they meet the load they always met (SUITE_PARALLEL=tail). Measured on two quiet fresh clones
  // (docs/testing.md, 2026-11-30): 896 and 970 s against 933-960 s one after the other, and each met a failure that
  // load decided (a 1,000-request race, an event-loop monitor's reading): no time shown saved, more load on every test,
  // so the default is one after the other again. SUITE_PARALLEL=1: side by side from the start. Either way the e2e part's build and stacks start with jest: Playwright finds its
  // servers up, instead of waiting for three migrations and seeds then.
  const mode = { 0: 'serial', 1: 'parallel', tail: 'after-process-files' }[process.env.SUITE_PARALLEL] ?? 'serial';
  const both = only === undefined;
  const processFilesDone = both && mode === 'after-process-files' ? path.join(runDir, 'process-files-done') : undefined;
  const parts = [];
  const part = (fn) =>
    fn().catch((error) => {
      totals.failed += 1;
      problems.push(error.message);
    });
  const e2eReady = only !== 'jest' ? settle(prepareE2e(pg)) : null;
  try {
    const jestStarted = Date.now();
    const jestDone =
      only !== 'e2e'
        ? part(() => jestPart(env, totals, problems, { prefix: both && mode !== 'serial', processFilesDone }))
        : null;
    if (jestDone && both && mode === 'serial') await jestDone;
    if (jestDone && processFilesDone) {
      const signalled = await untilFileOrDone(processFilesDone, jestDone);
      if (signalled) {
        services.log(
          `jest's files that start processes are done (${Math.round((Date.now() - jestStarted) / 1000)} s into jest): ` +
            'Playwright starts beside the rest of jest',
        );
      }
    }
    if (e2eReady) parts.push(part(async () => runE2e(await e2eReady, env, totals, problems)));
    await Promise.all([jestDone, ...parts]);
  } catch (error) {
    totals.failed += 1;
    problems.push(error.message);
  } finally {
    await clockGuardDone;
    await redis.stop();
    await pg.stop();
    rmSync(runDir, { recursive: true, force: true });
  }
  finish(started, totals, problems);
}

/**
 * A runner's report into the totals, each failed test named; no report, or a failing exit with no failed test (a crash,
 * a timeout of the whole run), counts as one failure.
 */
function addRunnerCounts(name, counts, code, totals, problems) {
  if (!counts) {
    totals.failed += 1;
    problems.push(`${name} produced no report`);
    return;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  problems.push(...counts.failures.map((f) => `FAILED ${name}: ${f}`));
  if (code !== 0 && counts.failed === 0) {
    totals.failed += 1;
    problems.push(`${name} exited ${code}`);
  }
}

/**
 * jest's workers: three on two cores, since the medium tests wait on their servers, PostgreSQL and Redis (same hour,
 * quiet: 269 s and 474 CPU-s with three against 319 s and 514 CPU-s with two, docs/testing.md). JEST_WORKERS
 * overrides (the clock guard's three settings side by side take two each).
 */
function jestWorkers() {
  const asked = Number(process.env.JEST_WORKERS);
  return Number.isInteger(asked) && asked >= 1 ? asked : 3;
}

/** jest over every workspace (or what `--` names), its counts added to the totals. */
async function jestPart(env, totals, problems, { prefix, processFilesDone }) {
  const jestReport = reportArg ?? path.join(reports, 'jest.json');
  rmSync(jestReport, { force: true });
  // Every app a medium test starts, one line each (server/test/support/test-env.ts): the largest fixed cost in jest.
  const appStarts = jestReport.replace(/\.json$/, '') + '-app-starts.tsv';
  rmSync(appStarts, { force: true });
  const code = await timed('jest', () =>
    runNode(
      path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
      [
        '--ci',
        '--json',
        `--outputFile=${jestReport}`,
        `--maxWorkers=${jestWorkers()}`,
        ...(only === 'jest' ? passThrough : []),
        // The whole suite: the clock guard runs the time-sensitive files at its three fixed times, so jest leaves them
        // out (a fourth run at whatever hour the suite runs was 107 of jest's 1,289 file-seconds, docs/testing.md).
        ...(only === undefined ? ['--testPathIgnorePatterns', '/node_modules/', ...CLOCK_SENSITIVE_TESTS] : []),
        // Tells the run when the files that start processes are done: Playwright starts then (main, above).
        ...(processFilesDone
          ? ['--reporters=default', `--reporters=${path.join(ROOT, 'scripts', 'jest-progress-reporter.cjs')}`]
          : []),
      ],
      {
        ...env,
        TEST_APP_STARTS: appStarts,
        ...(processFilesDone ? { SUITE_PROCESS_FILES_DONE: processFilesDone } : {}),
      },
      prefix ? '[jest] ' : undefined,
    ),
  );
  logAppStarts(appStarts);
  const counts = jestCounts(jestReport);
  addRunnerCounts('jest', counts, code, totals, problems);
}

/** "N app starts in M jest files": each file's first start loads the server's modules into the file's registry. */
function logAppStarts(file) {
  if (!existsSync(file)) return;
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const files = new Set(lines.map((l) => l.split('\t')[0])).size;
  services.log(`app starts: ${lines.length} in ${files} jest files (${path.relative(ROOT, file)})`);
}

/** Resolves true when `file` exists, false if `done` settles first (polled each second: a file jest's reporter writes). */
function untilFileOrDone(file, done) {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (!existsSync(file)) return;
      clearInterval(timer);
      resolve(true);
    }, 1000);
    done.finally(() => {
      clearInterval(timer);
      resolve(existsSync(file));
    });
  });
}

/** A promise's outcome as a value, so that a failure waits for its turn instead of surfacing unhandled. */
function settle(promise) {
  return promise.then(
    (value) => ({ value }),
    (error) => ({ error }),
  );
}

/** Chromium, the build and a stack per Playwright worker (started beside jest). */
async function prepareE2e(pg) {
  const chromium = findChromium();
  if (!chromium) return { chromium: null, stacks: [] };
  const build = await timed('build', () => runNode(path.join(ROOT, 'scripts', 'build.mjs'), [], {}));
  if (build !== 0) throw new Error('build failed');
  const stacks = await timed('e2e stacks', () => startE2eStacks(pg, e2eWorkers()));
  return { chromium, stacks };
}

/** Playwright (or the shuffled lanes) on the prepared stacks, which it stops when done. */
async function runE2e(prepared, env, totals, problems) {
  if (prepared.error) throw prepared.error;
  const { chromium, stacks } = prepared.value;
  if (!chromium) {
    totals.failed += 1;
    problems.push(
      "no Chromium: install Debian's `chromium-headless-shell` package (apt-get install chromium-headless-shell)",
    );
    return;
  }
  try {
    if (shuffle) {
      const counts = await timed('playwright (shuffled)', () =>
        runShuffledLanes(stacks, chromium, env, only === 'e2e' ? passThrough : []),
      );
      addRunnerCounts('playwright', counts, 0, totals, problems);
    } else await playwright(stacks, chromium, env, totals, problems);
  } finally {
    // An answer not as declared fails the run even when the spec that caused it did not notice the 500.
    const undeclared = [...new Set(stacks.flatMap((x) => x.server?.undeclaredAnswers() ?? []))];
    totals.passed += undeclared.length ? 0 : 1;
    totals.failed += undeclared.length ? 1 : 0;
    problems.push(...undeclared.map((u) => `FAILED e2e answers as declared: ${u}`));
    await Promise.all(stacks.map((x) => x.stop()));
  }
}

/** One Playwright run over the specs, a worker per stack. */
async function playwright(stacks, chromium, env, totals, problems) {
  const pwReport = path.join(reports, 'playwright.json');
  rmSync(pwReport, { force: true });
  const code = await timed('playwright', () =>
    runNode(
      path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
      ['test', `--workers=${stacks.length}`, ...(only === 'e2e' ? passThrough : [])],
      { ...env, CHROMIUM_PATH: chromium, ...e2eEnv(stacks) },
    ),
  );
  const counts = playwrightCounts(pwReport);
  addRunnerCounts('playwright', counts, code, totals, problems);
}

function finish(started, totals, problems) {
  stopBurner();
  // Last, just above the totals: what failed, each test by file and title.
  for (const p of problems) process.stdout.write(`[test] ${p}\n`);
  const split = phases.map(([name, seconds]) => `${name} ${seconds} s`).join(', ');
  process.stdout.write(
    `[test] finished in ${Math.round((Date.now() - started) / 1000)} s${split ? ` (${split})` : ''}\n`,
  );
  process.stdout.write(`${totals.passed} passed, ${totals.failed} failed\n`);
  process.exit(totals.failed > 0 ? 1 : 0);
}

main().catch((error) => {
  stopBurner();
  process.stderr.write(`${error.stack}\n0 passed, 1 failed\n`);
  process.exit(1);
});
