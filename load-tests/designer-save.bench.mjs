// designer-save.bench.mjs - validating and saving the 100,000-seat stadium from the seat-plan designer, end to end:
// the designer's bench page (client/bench/designer.html: the real editor, production build) in Debian's headless
// Chromium, served from the real server's origin (signed in as a bench staff member with the catalogue permission),
// saves the model's stadium template as DesignerScreen does (its problems check, the venue format, JSON, the
// seat-plan media type) to the real server (NODE_ENV=production, PostgreSQL and Redis of its own), which parses,
// validates (validateVenue) and writes it (PostgreSQL) and answers. Each round, on a fresh page:
//   - first save: POST /api/admin/venues/:id/seat-plans (a new draft);
//   - save: PUT /api/admin/seat-plans/:id after an edit (a section moved): the whole draft, as the first save after
//     opening a draft;
//   - later save: PUT /api/admin/seat-plans/:id after another edit: what changed since the page's last save (a patch of
//     that revision, save-body.ts), as every later save and autosave; the whole draft to a base server (which has no
//     patches) or with --whole-saves;
//   - publish: POST /api/admin/seat-plans/:id/publish (the server's plan check of the saved document, then the write:
//     a draft is kept as its document, and publishing writes its seats: decision 047).
// Split: client check (validateDesign) / serialise (saveBody: the document or the patch, + JSON.stringify) / request (sent to answer read),
// and within the request the server's own Server-Timing (parse; a patch's read of the stored document and its apply;
// validate, write; "other" = the rest of the request:
// the upload, the session and permission checks, the answer, the audit entry). CPU: the server's and PostgreSQL's
// (/proc, user+system) per request, which a loaded machine's waiting does not inflate as it does wall time.
// Target (the issue): validating and saving 100,000 seats in < 2 s (client check + serialise + request).
//   node load-tests/designer-save.bench.mjs [--rounds=5] [--plan=stadium] [--no-build] [--base=DIR] [--plain]
//   [--whole-saves] [--write]
// The page sends the JSON gzip-compressed as the designer does (seat-plan-body.ts), except to a base server (which
// does not inflate it) or with --plain (this tree's server, the JSON as it is: the compression's own A/B).
// --base=DIR: another tree (e.g. a worktree of main) whose server/dist (built: node scripts/build.mjs there) runs as a
// second server on a database of its own (same PostgreSQL and Redis; its own migrations, so a schema change is
// compared too), its rounds interleaved with this tree's (base first on odd rounds, new first on even), reported side
// by side. The page is this tree's (the client's part is the same code unless this tree changed
// it). BENCH_CPU_PROF=DIR writes each server's CPU profile there when it stops (node --cpu-prof).
// Prints only; --write appends the table to load-tests/RESULTS.md (the lead's quiet-machine runs).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildDesignerBench, CHROMIUM_OPTIONS, DESIGNER_BENCH_DIST as DIST } from './lib/designer-page.mjs';
import {
  appendResults,
  cpuMsOf,
  cpuMsOfTree,
  ensureBuilt,
  log,
  median,
  request,
  require,
  ROOT,
  startServer,
  startServices,
} from './lib/stack.mjs';
import { createBenchStaff, signInBenchStaff } from './lib/staff.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const ROUNDS = Math.max(1, Number(arg('rounds', 5)));
const PLAN = arg('plan', 'stadium');
const BASE = arg('base', null);
const CATALOGUE = 291;
const { Pool } = require('pg');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/** The spans of a Server-Timing header by name (ms). */
function serverTiming(header) {
  const out = {};
  for (const part of (header ?? '').split(',')) {
    const m = /^\s*([\w-]+)\s*;\s*dur=([\d.]+)/.exec(part);
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}

/** A venue of the bench's own in business 1 (the staff member's), made through the API. */
async function benchVenue(server, staff) {
  const code = `bench-save-${process.pid}`;
  const r = await request(server.url, 'POST', '/api/admin/venues', {
    headers: staff.headers,
    body: {
      businessId: 1,
      code,
      name: { he: 'אולם מדידה', en: 'Bench hall', ru: 'Зал теста', ar: 'قاعة القياس' },
      address: '',
      kind: 'stadium',
    },
  });
  if (r.status >= 300) throw new Error(`venue ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id;
}

/**
 * A page of the bench entry on the server's origin (everything but /api answered from the build; every /api call goes
 * to the real server), with the staff session's cookie: the designer's own requests, same origin, as on the back office.
 */
async function openPage(browser, server, staff) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  const [name, value] = staff.cookie.split('=');
  await context.addCookies([{ name, value, url: server.url }]);
  const origin = new URL(server.url).origin;
  const isPage = (url) => url.origin === origin && !url.pathname.startsWith('/api/');
  await context.route(isPage, (route) => {
    const url = new URL(route.request().url());
    let file = path.join(DIST, path.normalize(url.pathname));
    if (!file.startsWith(DIST) || !existsSync(file) || statSync(file).isDirectory())
      file = path.join(DIST, 'designer.html');
    return route.fulfill({
      status: 200,
      contentType: TYPES[path.extname(file)] ?? 'application/octet-stream',
      body: readFileSync(file),
    });
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${server.url}/designer.html?plan=${PLAN}`);
  await page.waitForFunction(() => window.__designerBench !== undefined);
  const opened = await page.evaluate(() => window.__designerBench.open());
  return { context, page, errors, seats: opened.seats };
}

/** One request of the page's, with the server's and PostgreSQL's CPU while it ran. */
async function step(page, server, svc, kind, target) {
  const serverCpu = cpuMsOf(server.pid);
  const pgCpu = cpuMsOfTree(svc.pgPid);
  const r = await page.evaluate(([k, t]) => window.__designerBench.save(k, t), [kind, target]);
  if (r.status >= 300) throw new Error(`${kind}: ${r.status} ${r.error}`);
  return {
    ...r,
    timing: serverTiming(r.serverTiming),
    serverCpu: cpuMsOf(server.pid) - serverCpu,
    pgCpu: cpuMsOfTree(svc.pgPid) - pgCpu,
  };
}

/** A round on one server: a first save, a save over it, a publish; on a fresh page. */
async function round(browser, server, svc, staff, venueId) {
  const { context, page, errors, seats } = await openPage(browser, server, staff);
  // A base build does not inflate a compressed upload: its page sends the JSON as it is, as the designer did then.
  const plain = server.name === 'base' || args.includes('--plain');
  try {
    // Each save after the first follows a real edit (a section of about 1,000 seats moved a unit, as a drag does).
    const edit = () => page.evaluate(() => window.__designerBench.edit(1));
    const created = await step(page, server, svc, 'create', { venueId, plain });
    await edit();
    const saved = await step(page, server, svc, 'replace', {
      planId: created.plan.id,
      revision: created.plan.revision,
      plain,
    });
    await edit();
    // A later save: what changed since the last save (a patch), or the whole document to a base server without
    // patches (or with --whole-saves: this tree's server, the whole document, for the patch's own A/B).
    const patched = await step(page, server, svc, 'patch', {
      planId: saved.plan.id,
      revision: saved.plan.revision,
      plain,
      whole: server.name === 'base' || args.includes('--whole-saves'),
    });
    const published = await step(page, server, svc, 'publish', {
      planId: patched.plan.id,
      revision: patched.plan.revision,
    });
    if (published.plan.status !== 'published') throw new Error('the draft was not published');
    return { seats, created, saved, patched, published, errors };
  } finally {
    await context.close();
  }
}

const f0 = (n) => (Number.isFinite(n) ? n.toFixed(0) : '—');
const med = (xs) => {
  const known = xs.filter(Number.isFinite);
  return known.length ? median(known) : NaN;
};

function row(build, label, steps, withClient) {
  const m = (f) => med(steps.map(f));
  const total = m(
    (s) => (withClient ? s.checkMs + s.toDocumentMs + s.stringifyMs + (s.compressMs ?? 0) : 0) + s.requestMs,
  );
  const t = (k) => m((s) => s.timing[k] ?? NaN);
  const other = m((s) =>
    s.timing.write === undefined
      ? NaN
      : s.requestMs -
        (s.timing.inflate ?? 0) -
        (s.timing.parse ?? 0) -
        (s.timing.read ?? 0) -
        (s.timing.patch ?? 0) -
        (s.timing.validate ?? 0) -
        s.timing.write,
  );
  return `| ${build} | ${label} | **${f0(total)}** | ${withClient ? `${f0(m((s) => s.checkMs))} / ${f0(m((s) => s.toDocumentMs))} / ${f0(m((s) => s.stringifyMs))} / ${f0(m((s) => s.compressMs ?? 0))}` : '—'} | ${f0(m((s) => s.requestMs))} | ${f0(t('inflate'))} / ${f0(t('parse'))} / ${f0(t('read'))} / ${f0(t('patch'))} / ${f0(t('validate'))} / ${f0(t('write'))} / ${f0(other)} | ${f0(m((s) => s.serverCpu))} / ${f0(m((s) => s.pgCpu))} | ${withClient ? `${(m((s) => s.bytes) / 2 ** 20).toFixed(1)} / ${(m((s) => s.sentBytes) / 2 ** 20).toFixed(1)}` : '—'} | ${withClient && total < 2000 ? 'yes' : withClient ? 'no' : ''} |`;
}

async function main() {
  if (!args.includes('--no-build')) {
    // The server as this tree has it now (incremental: only what changed), and the bench page.
    const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build failed');
    buildDesignerBench();
  }
  ensureBuilt();
  const baseDist = BASE ? path.join(path.resolve(BASE), 'server', 'dist') : null;
  if (baseDist && !existsSync(path.join(baseDist, 'main.js')))
    throw new Error(`no ${baseDist}/main.js: build the base tree first (node scripts/build.mjs there)`);
  const loadAtStart = os.loadavg();
  const svc = await startServices('bench-designer-save');
  const servers = [];
  let browser;
  try {
    // Each server on a database of its own (one PostgreSQL): its own migrations, so a schema change is A/B'd too.
    const databases = [{ name: 'new', url: svc.databaseUrl, dist: undefined }];
    if (baseDist) {
      const admin = new Pool({ connectionString: svc.databaseUrl, max: 1 });
      await admin.query('CREATE DATABASE bench_base');
      await admin.end();
      databases.unshift({ name: 'base', url: svc.databaseUrl.replace(/\/bench$/, '/bench_base'), dist: baseDist });
    }
    for (const d of databases) {
      const server = await startServer({ DATABASE_URL: d.url, REDIS_URL: svc.redisUrl }, d.name, [], d.dist);
      servers.push({ name: d.name, ...server });
      const pool = new Pool({ connectionString: d.url, max: 2 });
      pool.on('error', () => undefined);
      await createBenchStaff(pool, [CATALOGUE]);
      await pool.end();
      const staff = await signInBenchStaff(server.url);
      Object.assign(servers.at(-1), { staff, venueId: await benchVenue(server, staff) });
    }
    browser = await chromium.launch(CHROMIUM_OPTIONS);
    const runs = new Map(servers.map((s) => [s.name, []]));
    for (let k = 0; k < ROUNDS; k++) {
      const order = k % 2 === 0 ? servers : [...servers].reverse();
      for (const s of order) {
        const r = await round(browser, s, svc, s.staff, s.venueId);
        runs.get(s.name).push(r);
        const show = (x) =>
          `${f0(x.checkMs + x.toDocumentMs + x.stringifyMs + (x.compressMs ?? 0) + x.requestMs)} ms (gzip ${f0(x.compressMs ?? 0)}, request ${f0(x.requestMs)}, server ${x.serverTiming ?? '—'}; CPU server ${f0(x.serverCpu)} / pg ${f0(x.pgCpu)})`;
        log(
          `#${k + 1} ${s.name}: ${r.seats} seats; first save ${show(r.created)}; save ${show(r.saved)}; later save ${show(r.patched)}; publish ${show(r.published)}`,
        );
      }
    }
    const version = browser.version();
    const lines = [
      `Chromium ${version} headless (the designer's bench page on the server's origin, signed in) → one server node (NODE_ENV=production) → PostgreSQL, all on this machine; the ${PLAN} template (${runs.get('new')[0].seats.toLocaleString('en')} seats); ${ROUNDS} rounds${BASE ? ", base and new servers interleaved, each on its own database (the page is this tree's)" : ''}, each on a fresh page: first save (POST), a section moved, save (PUT, the whole draft: the first save after opening it), a section moved, later save (PUT: what changed, a patch; the whole draft to a base server or with --whole-saves), publish; medians. 1-minute load average ${loadAtStart[0].toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end.`,
      '',
      '| server | call | total ms | client: check / document / JSON / gzip ms | request ms | server: inflate / parse / read / patch / validate / write / other ms | CPU ms: server / PostgreSQL | MiB JSON / sent | < 2 s |',
      '|---|---|---:|---|---:|---|---|---:|---|',
    ];
    for (const s of servers) {
      const list = runs.get(s.name);
      lines.push(
        row(
          s.name,
          'first save (POST)',
          list.map((r) => r.created),
          true,
        ),
        row(
          s.name,
          'save (PUT, whole)',
          list.map((r) => r.saved),
          true,
        ),
        row(
          s.name,
          s.name === 'base' || args.includes('--whole-saves') ? 'later save (PUT, whole)' : 'later save (PUT, patch)',
          list.map((r) => r.patched),
          true,
        ),
        row(
          s.name,
          'publish',
          list.map((r) => r.published),
          false,
        ),
      );
    }
    lines.push(
      '',
      'total = client check (validateDesign) + document (saveBody: the document, or the patch of what changed) + JSON + gzip (seat-plan-body.ts: CompressionStream; none to a base server or with --plain) + request; publish sends no document (its total is the request). Server spans from the answer\'s Server-Timing ("—": a server without it); other = request - the spans (upload, session and permission, audit, answer).',
    );
    const errors = [...runs.values()].flat().flatMap((r) => r.errors);
    if (errors.length) lines.push('', `Page errors: ${[...new Set(errors)].slice(0, 5).join('; ')}`);
    if (args.includes('--write'))
      appendResults('designer-save.bench.mjs (seat-plan designer: validate and save)', lines);
    else process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await browser?.close();
    for (const s of servers) await s.stop();
    await svc.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
