// designer-canvas.bench.mjs - the seat-plan designer's editing canvas on screen: the REAL editor and Konva stage
// (client/bench/designer.html, production build) in Debian's headless Chromium (software rendering, DPR 1), no server.
// Each repeat opens, in fresh pages one after the other, the baseline (an empty plan: the sheet and the overlay) and
// the model's 100,000-seat stadium template, and measures on each:
//   - build: the template turned into the editor's document (opening a file is designer.bench.mjs's);
//   - first draw: from the document in hand to the first frame on the canvases (stage, layers, every seat drawn);
//   - frame times over a scripted pan+zoom (0.5x..3x of the whole plan) and an overview sweep (0.5x..1x): each step
//     moves the camera, draws synchronously and reads a pixel back from every layer (the rasterising is counted).
// Reported as medians of the repeats, absolute AND as ratios stadium / empty plan from the same run, so a busy machine
// shows in both sides. Targets (the issue): the stadium opens in < 2 s, pans and zooms at a median <= 16.7 ms a frame.
// CPU per frame: each path runs in one task of the page's main thread (the canvas is software-rasterised there, read
// back inside the frame), recorded in a Chromium trace; its thread time (tdur) / frames is what the path cost in CPU,
// which a loaded machine's waiting does not inflate as it does wall time.
// --base=DIR: a second build of the bench entry (another commit's, e.g. `git archive` of it built with
// bench/designer.vite.config.ts) whose plan runs are interleaved with this build's in the same browser, reported side
// by side (base | new).
// Prints only; --write appends the table to load-tests/RESULTS.md (the lead's quiet-machine runs).
//   node load-tests/designer-canvas.bench.mjs [--repeats=5] [--plan=stadium] [--frames=180] [--viewport=1280x800]
//     [--no-build] [--base=DIR] [--edits=10] [--block=20000] [--write]
// --edits: after the paths, that many edits each moving one section (one command) and drawing the frame, timed and
// traced like the paths (the fitted view).
// --block=N (20000; 0 = none): last, on each plan, the block tool's drag ending with a block of N seats (rows of 100)
// beside the plan, then the undo key, then the redo key, each timed ON SCREEN: from the command to the animation frame
// after the one in which the stage drew it (the stage's own requestAnimationFrame, no synchronous flush), and until
// the problems list is worked out after it (as the designer's screen does: useProblemsAfterPaint). CPU = every
// main-thread task of the page in that span (Chromium trace). Target (the issue): generated, drawn and undone in < 1 s
// each.
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { buildDesignerBench, CHROMIUM_OPTIONS, DESIGNER_BENCH_DIST as DIST } from './lib/designer-page.mjs';
import { appendResults, log, median } from './lib/stack.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const REPEATS = Math.max(1, Number(arg('repeats', 5)));
const PLAN = arg('plan', 'stadium');
const FRAMES = Number(arg('frames', 180));
const [VIEW_W, VIEW_H] = arg('viewport', '1280x800').split('x').map(Number);
const BASE = arg('base', null);
const EDITS = Number(arg('edits', 10));
const BLOCK = Number(arg('block', 20_000));

function serveDist(DIST) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let file = path.join(DIST, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(DIST) || !existsSync(file) || statSync(file).isDirectory())
      file = path.join(DIST, 'designer.html');
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })),
  );
}

const p95 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
};

/**
 * Thread CPU time (ms) of the longest task on a page's main thread (CrRendererMain) in a trace: the one evaluate that
 * ran the path (other threads' tasks, a compositor's or a pool's, can be longer in wall time while waiting).
 */
function mainTaskCpuMs(trace, wallMs) {
  const events = JSON.parse(trace.toString('utf8')).traceEvents ?? [];
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let best = null;
  for (const e of events)
    if (
      e.ph === 'X' &&
      /RunTask$/.test(e.name) &&
      typeof e.tdur === 'number' &&
      main.has(`${e.pid}:${e.tid}`) &&
      (!best || e.dur > best.dur)
    )
      best = e;
  // A trace that lost the path's task (its longest task is far shorter than the path): no number rather than a wrong one.
  if (!best || best.dur / 1000 < wallMs * 0.5) return { main: NaN, all: NaN };
  // Every thread's tasks (any process: the GPU process rasterises canvases too) while that task ran.
  let all = 0;
  for (const e of events)
    if (
      e.ph === 'X' &&
      /RunTask$/.test(e.name) &&
      typeof e.tdur === 'number' &&
      e.ts >= best.ts &&
      e.ts < best.ts + best.dur
    )
      all += e.tdur;
  return { main: best.tdur / 1000, all: all / 1000 };
}

/** Thread CPU time (ms) of every task on the pages' main threads (CrRendererMain) in a trace. */
function mainThreadCpuMs(trace) {
  const events = JSON.parse(trace.toString('utf8')).traceEvents ?? [];
  const main = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let sum = 0;
  for (const e of events)
    if (e.ph === 'X' && /RunTask$/.test(e.name) && typeof e.tdur === 'number' && main.has(`${e.pid}:${e.tid}`))
      sum += e.tdur;
  return sum / 1000;
}

/** One on-screen command (block, undo, redo) of the page's bench, traced: its times and its main-thread CPU. */
async function tracedStep(browser, page, name) {
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
  const step = await page.evaluate(`window.__designerBench.${name}()`);
  return { ...step, cpu: mainThreadCpuMs(await browser.stopTracing()) };
}

async function traced(browser, page, run, count) {
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
  const times = await page.evaluate(run);
  const cpu = mainTaskCpuMs(
    await browser.stopTracing(),
    times.reduce((a, b) => a + b, 0),
  );
  return { times, cpuPerFrame: cpu.main / count, allCpuPerFrame: cpu.all / count };
}

const tracedPath = (browser, page, kind) =>
  traced(browser, page, `window.__designerBench.path(${JSON.stringify(kind)}, ${FRAMES})`, FRAMES);

async function runOnce(browser, baseUrl, plan) {
  const context = await browser.newContext({ viewport: { width: VIEW_W, height: VIEW_H }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(`${baseUrl}/designer.html?plan=${plan}`);
    await page.waitForFunction(() => window.__designerBench !== undefined);
    const opened = await page.evaluate(() => window.__designerBench.open());
    // Two animation frames: whatever the first draw left for the browser is done before the camera moves.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const pz = await tracedPath(browser, page, 'panzoom');
    const ov = await tracedPath(browser, page, 'overview');
    // Edits last: each moves one section (one command) and draws the frame.
    // A build from before the edit hook (an older base) has no edits to time: its column stays empty.
    const canEdit = EDITS > 0 && (await page.evaluate(() => typeof window.__designerBench.edit === 'function'));
    const ed = canEdit
      ? await traced(browser, page, `window.__designerBench.edit(${EDITS})`, EDITS)
      : { times: [], cpuPerFrame: Number.NaN, allCpuPerFrame: Number.NaN };
    // The block, its undo and its redo last (a build from before them has none: its columns stay empty).
    const canBlock = BLOCK > 0 && (await page.evaluate(() => typeof window.__designerBench.block === 'function'));
    let block = null;
    if (canBlock) {
      const setup = await page.evaluate(`window.__designerBench.blockSetup(${BLOCK})`);
      const made = await tracedStep(browser, page, 'block');
      if (made.seats !== opened.seats + setup.seats) throw new Error(`the block left ${made.seats} seats`);
      const undone = await tracedStep(browser, page, 'undo');
      const redone = await tracedStep(browser, page, 'redo');
      if (undone.seats !== made.seats - setup.seats || redone.seats !== made.seats)
        throw new Error(`undo/redo left ${undone.seats}/${redone.seats} seats`);
      block = { made, undone, redone };
    }
    return {
      block,
      edit: ed.times,
      editCpu: ed.cpuPerFrame,
      ...opened,
      panzoom: pz.times,
      overview: ov.times,
      pzCpu: pz.cpuPerFrame,
      ovCpu: ov.cpuPerFrame,
      pzAll: pz.allCpuPerFrame,
      ovAll: ov.allCpuPerFrame,
      editAll: ed.allCpuPerFrame,
      errors,
    };
  } finally {
    await context.close();
  }
}

/** Medians of the block, undo and redo steps over the runs that had them (null: the build has no block hook). */
function blockSummary(steps) {
  if (!steps.length) return null;
  const of = (which) => ({
    command: median(steps.map((s) => s[which].commandMs)),
    validate: median(steps.map((s) => s[which].validateMs)),
    painted: median(steps.map((s) => s[which].paintedMs)),
    listed: median(steps.map((s) => s[which].listedMs ?? NaN)),
    max: Math.max(...steps.map((s) => s[which].paintedMs)),
    cpu: median(steps.map((s) => s[which].cpu)),
  });
  return { made: of('made'), undone: of('undone'), redone: of('redone') };
}

const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : '—');
const f2 = (n) => (Number.isFinite(n) ? n.toFixed(2) : '—');

async function main() {
  if (!args.includes('--no-build')) buildDesignerBench();
  const builds = [{ name: 'new', ...(await serveDist(DIST)) }];
  if (BASE) builds.unshift({ name: 'base', ...(await serveDist(path.resolve(BASE))) });
  const browser = await chromium.launch(CHROMIUM_OPTIONS);
  const version = browser.version();
  const loadBefore = os.loadavg()[0];
  const runs = new Map();
  const key = (b, plan) => `${b}:${plan}`;
  try {
    for (let k = 0; k < REPEATS; k++) {
      // Alternated, baseline first, builds interleaved (base first on odd repeats, new first on even): every side sees
      // the same machine.
      const order = k % 2 === 0 ? builds : [...builds].reverse();
      for (const plan of ['empty', PLAN])
        for (const b of order) {
          const r = await runOnce(browser, b.url, plan);
          if (!runs.has(key(b.name, plan))) runs.set(key(b.name, plan), []);
          runs.get(key(b.name, plan)).push(r);
          if (r.block)
            log(
              `#${k + 1} ${b.name} ${plan}: block on screen ${f1(r.block.made.paintedMs)} ms (command ${f1(r.block.made.commandMs)}, problems ${f1(r.block.made.validateMs)}, listed ${f1(r.block.made.listedMs)}, CPU ${f1(r.block.made.cpu)}), undo ${f1(r.block.undone.paintedMs)} ms (CPU ${f1(r.block.undone.cpu)}), redo ${f1(r.block.redone.paintedMs)} ms (CPU ${f1(r.block.redone.cpu)})`,
            );
          log(
            `#${k + 1} ${b.name} ${plan}: ${r.seats} seats, build ${f1(r.buildMs)} ms, first draw ${f1(r.firstDrawMs)} ms, pan+zoom median ${f1(median(r.panzoom))} / p95 ${f1(p95(r.panzoom))} ms (CPU ${f2(r.pzCpu)} main / ${f2(r.pzAll)} all threads ms/frame), overview median ${f1(median(r.overview))} ms (CPU ${f2(r.ovCpu)} / ${f2(r.ovAll)} ms/frame), edit median ${f1(median(r.edit))} ms (CPU ${f2(r.editCpu)} / ${f2(r.editAll)} ms/edit)`,
          );
        }
    }
  } finally {
    await browser.close();
    for (const b of builds) b.server.close();
  }
  /** Median of the runs whose trace had the task (a lost one is NaN). */
  const cpuMedian = (values) => {
    const known = values.filter(Number.isFinite);
    return known.length ? median(known) : NaN;
  };
  const sum = (list) => ({
    seats: list[0].seats,
    build: median(list.map((r) => r.buildMs)),
    first: median(list.map((r) => r.firstDrawMs)),
    pzMedian: median(list.map((r) => median(r.panzoom))),
    pzP95: median(list.map((r) => p95(r.panzoom))),
    ovMedian: median(list.map((r) => median(r.overview))),
    ovP95: median(list.map((r) => p95(r.overview))),
    pzCpu: cpuMedian(list.map((r) => r.pzCpu)),
    ovCpu: cpuMedian(list.map((r) => r.ovCpu)),
    editMedian: median(list.map((r) => median(r.edit))),
    editCpu: cpuMedian(list.map((r) => r.editCpu)),
    pzAll: cpuMedian(list.map((r) => r.pzAll)),
    ovAll: cpuMedian(list.map((r) => r.ovAll)),
    editAll: cpuMedian(list.map((r) => r.editAll)),
    errors: list.flatMap((r) => r.errors),
    block: blockSummary(list.map((r) => r.block).filter(Boolean)),
  });
  const rows = [];
  for (const b of builds) for (const plan of ['empty', PLAN]) rows.push([b, plan, sum(runs.get(key(b.name, plan)))]);
  const of = (b, plan) => rows.find((r) => r[0].name === b && r[1] === plan)[2];
  const lines = [
    `Chromium ${version} headless, --disable-gpu (software rendering), DPR 1, ${VIEW_W}×${VIEW_H}; ${REPEATS} repeats, each opening the empty plan and then the ${PLAN} template in fresh pages${BASE ? ', base and new builds interleaved' : ''}; medians. 1-minute load average ${loadBefore.toFixed(2)} at the start, ${os.loadavg()[0].toFixed(2)} at the end. A frame = move the camera + draw the designer's Konva stage synchronously + read a pixel back from each layer. ${FRAMES} frames per path. CPU = the path's main-thread task thread time (Chromium trace) / frames; all = every thread's tasks in every process while it ran.`,
    '',
    '| build | plan | seats | build ms | first draw ms | pan+zoom 0.5–3x median / p95 ms | CPU ms/frame main / all | overview 0.5–1x median / p95 ms | CPU ms/frame main / all | edit median ms | CPU ms/edit main / all |',
    '|---|---|---:|---:|---:|---|---:|---|---:|---:|---:|',
    ...rows.map(
      ([b, plan, s]) =>
        `| ${b.name} | ${plan === 'empty' ? 'empty (baseline)' : plan} | ${s.seats.toLocaleString('en')} | ${f1(s.build)} | ${f1(s.first)} | ${f1(s.pzMedian)} / ${f1(s.pzP95)} | ${f2(s.pzCpu)} / ${f2(s.pzAll)} | ${f1(s.ovMedian)} / ${f1(s.ovP95)} | ${f2(s.ovCpu)} / ${f2(s.ovAll)} | ${f1(s.editMedian)} | ${f2(s.editCpu)} / ${f2(s.editAll)} |`,
    ),
    '',
  ];
  if (BLOCK > 0) {
    lines.push(
      '',
      `A block of ${BLOCK.toLocaleString('en')} seats (rows of 100) beside the plan, ON SCREEN: from the command (the block tool's drag ending; the undo key's; the redo key's) to the animation frame after the one the stage drew it in (its own requestAnimationFrame; then the problems list worked out after that frame, as the screen does). command = the editor's operation; listed = until the problems list is worked out; problems = that check alone (editor.problems()); CPU = the page's main-thread tasks in the whole span (trace). Medians of ${REPEATS} (max = the slowest run's on-screen time). Target: each < 1,000 ms.`,
      '',
      `| build | plan | block ${BLOCK.toLocaleString('en')}: generate+draw ms (max) | command / problems ms | listed ms | CPU ms | undo: draw ms (max) | command / problems ms | listed ms | CPU ms | redo: draw ms (max) | command / problems ms | listed ms | CPU ms |`,
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const [b, plan, s] of rows) {
      const cells = s.block
        ? [s.block.made, s.block.undone, s.block.redone].flatMap((x) => [
            `${f1(x.painted)} (${f1(x.max)})`,
            `${f1(x.command)} / ${f1(x.validate)}`,
            f1(x.listed),
            f1(x.cpu),
          ])
        : Array(12).fill('—');
      lines.push(`| ${b.name} | ${plan === 'empty' ? 'empty' : plan} | ${cells.join(' | ')} |`);
    }
    lines.push('');
  }
  for (const b of builds) {
    const base = of(b.name, 'empty');
    const big = of(b.name, PLAN);
    lines.push(
      `${b.name}: ratios ${PLAN} / empty, same run: first draw ${f2(big.first / base.first)}x, pan+zoom frame median ${f2(big.pzMedian / base.pzMedian)}x (p95 ${f2(big.pzP95 / base.pzP95)}x, CPU ${f2(big.pzCpu / base.pzCpu)}x), overview median ${f2(big.ovMedian / base.ovMedian)}x (CPU ${f2(big.ovCpu / base.ovCpu)}x). Targets: opens (build + first draw) < 2,000 ms: ${f1(big.build + big.first)} ms; pan+zoom median <= 16.7 ms: ${f1(big.pzMedian)} ms (CPU ${f2(big.pzCpu)} ms/frame).`,
    );
  }
  const errors = rows.flatMap(([, , s]) => s.errors);
  if (errors.length) lines.push('', `Page errors: ${[...new Set(errors)].slice(0, 5).join('; ')}`);
  if (args.includes('--write')) appendResults('designer-canvas.bench.mjs (seat-plan designer on screen)', lines);
  else process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
