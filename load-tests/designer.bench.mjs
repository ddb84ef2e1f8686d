// designer.bench.mjs - the seat-plan designer's pure work, timed in plain Node (no browser, no server):
//   1. a block of --block seats (rows x 100 seats, curved, staggered) generated in one call;
//   2. a --seats plan (blocks of that size side by side) checked by validatePlan (labels, overlaps on a grid,
//      seats outside sections, zones);
//   3. the same plan serialised: planToJson (toVenueDocument, defaults left out, JSON: what a save sends);
//   4. opened again: JSON.parse + fromVenueDocument (what opening a draft does before drawing).
// Targets (the issue): a 20,000-seat block in < 1 s; validating and saving 100,000 seats in < 2 s; opening < 2 s.
// Medians of --rounds. Does not write RESULTS.md unless --write (a quick check run stays out of it).
//   node load-tests/designer.bench.mjs [--seats=100000] [--block=20000] [--rounds=5] [--no-build] [--write]
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { appendResults, log, median, require, ROOT } from './lib/stack.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SEATS = arg('seats', 100_000);
const BLOCK = arg('block', 20_000);
const ROUNDS = arg('rounds', 5);
const SEATS_PER_ROW = 100;

if (!process.argv.includes('--no-build')) {
  log('compiling shared, seatmaps…');
  const r = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'shared', 'seatmaps'],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('build failed');
}

const d = require(path.join(ROOT, 'seatmaps', 'dist', 'designer', 'index.js'));

const SEAT = 0.9;
const SPACING = 1;
const ROW_SPACING = 1.2;

/** A block of `seats` seats (rows of 100), curved and staggered, as designer rows. */
function makeBlock(seats, origin, ids, zoneId) {
  const rows = Math.max(1, Math.ceil(seats / SEATS_PER_ROW));
  const placements = d.block({
    origin,
    rows,
    seatsPerRow: Math.min(seats, SEATS_PER_ROW),
    seatSpacing: SPACING,
    rowSpacing: ROW_SPACING,
    curvature: 0.3,
    staggered: true,
  });
  return d.rowsAt(placements, { width: SEAT, height: SEAT, zoneId }, ids);
}

/** A plan of `total` seats: sections of at most BLOCK seats side by side, numbered, every seat in zone A. */
function makePlan(total) {
  const ids = d.idFactory('b');
  const sectionCount = Math.ceil(total / BLOCK);
  const width = (SEATS_PER_ROW * SPACING + 20) * sectionCount + 20;
  const height = Math.ceil(BLOCK / SEATS_PER_ROW) * ROW_SPACING + 100;
  const plan = d.emptyPlan({ width, height, location: { code: 'bench', name: { he: 'ב', en: 'B' }, businessId: 1 } });
  plan.venueName = plan.planName = { he: 'מבחן', en: 'Bench', ru: '', ar: '' };
  plan.zones = [{ id: 'z', code: 'A', name: { he: 'א', en: 'A', ru: '', ar: '' }, color: '#112233' }];
  let left = total;
  for (let i = 0; i < sectionCount; i++) {
    const x = 20 + i * (SEATS_PER_ROW * SPACING + 20);
    const rows = makeBlock(Math.min(left, BLOCK), { x: x + 5, y: 60 }, ids, 'z');
    left -= BLOCK;
    const section = {
      id: ids(),
      code: `s${i}`,
      name: { he: `אזור ${i}`, en: `Section ${i}`, ru: '', ar: '' },
      kind: 'reserved',
      capacity: null,
      zoneId: null,
      shape: { type: 'rect', x, y: 20, width: SEATS_PER_ROW * SPACING + 10, height: height - 30, rotate: 0 },
      frame: null,
      groups: [{ code: 'main', name: 'main' }],
      rows,
    };
    plan.sections.push(section);
  }
  const all = plan.sections.map((s) => s.id);
  const seats = d.renumber(plan, { ids: all, target: 'seats' }, d.DEFAULT_SCHEME);
  const rows = seats.ok && d.renumber(seats.plan, { ids: all, target: 'rows' }, d.DEFAULT_SCHEME);
  if (!rows || !rows.ok) throw new Error('numbering the bench plan clashed');
  return rows.plan;
}

/** Wall-clock ms (what staff wait) and this process's CPU ms (what a busy machine does not inflate as much). */
function timed(fn) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = fn();
  const cpu = process.cpuUsage(cpu0);
  cpuMs[currentStep] = (cpuMs[currentStep] ?? []).concat((cpu.user + cpu.system) / 1000);
  return { ms: performance.now() - t0, value };
}
const cpuMs = {};
let currentStep = '';
const step = (name, fn) => {
  currentStep = name;
  return timed(fn);
};

const plan = makePlan(SEATS);
log(`plan: ${d.seatCount(plan)} seats in ${plan.sections.length} sections; block: ${BLOCK} seats; ${ROUNDS} rounds`);
const results = { block: [], validate: [], serialise: [], open: [] };
let problems = 0;
let bytes = 0;
for (let round = 0; round < ROUNDS; round++) {
  results.block.push(step('block', () => makeBlock(BLOCK, { x: 0, y: 0 }, d.idFactory(`r${round}-`), 'z')).ms);
  const check = step('validate', () => d.validatePlan(plan));
  results.validate.push(check.ms);
  problems = check.value.problems.length;
  const saved = step('serialise', () => d.planToJson(plan));
  results.serialise.push(saved.ms);
  bytes = saved.value.length;
  results.open.push(step('open', () => d.fromVenueDocument(JSON.parse(saved.value))).ms);
}
if (problems !== 0) log(`warning: the bench plan has ${problems} problems (the check did extra work listing them)`);

const ms = (v) => `${v.toFixed(0)} ms`;
const lines = [
  `| step | median | all rounds | median CPU |`,
  `| --- | --- | --- | --- |`,
  `| block of ${BLOCK} seats generated | ${ms(median(results.block))} | ${results.block.map(ms).join(', ')} | ${ms(median(cpuMs.block))} |`,
  `| ${SEATS} seats validated | ${ms(median(results.validate))} | ${results.validate.map(ms).join(', ')} | ${ms(median(cpuMs.validate))} |`,
  `| ${SEATS} seats serialised (planToJson, ${(bytes / 2 ** 20).toFixed(1)} MB) | ${ms(median(results.serialise))} | ${results.serialise.map(ms).join(', ')} | ${ms(median(cpuMs.serialise))} |`,
  `| validated + serialised | ${ms(median(results.validate) + median(results.serialise))} | | ${ms(median(cpuMs.validate) + median(cpuMs.serialise))} |`,
  `| ${SEATS} seats opened (JSON.parse + fromVenueDocument) | ${ms(median(results.open))} | ${results.open.map(ms).join(', ')} | ${ms(median(cpuMs.open))} |`,
];
if (process.argv.includes('--write')) appendResults('designer.bench.mjs (seat-plan designer, pure work)', lines);
else process.stdout.write(`${lines.join('\n')}\n`);
