// Seat-map rendering benchmark: the REAL order page and renderer (client/bench entry,
// production build) in Debian's headless Chromium — software rendering, DPR 1, 1280x800 —
// fed synthetic seat plans of 1,000 / 20,000 / 100,000 seats through intercepted API calls.
// Every scenario runs against the naive baseline (one Konva.Rect per seat, Konva hit graph,
// ?renderer=naive) in the same run. >= 5 repeats each (fresh page); medians reported and
// appended to load-tests/RESULTS.md.
//
//   node load-tests/seatmap.bench.mjs [--repeats=5] [--sizes=1000,20000,100000] [--no-naive] [--no-write]
//     [--viewport=2560x1440] [--boxoffice]   (the box office at a 2560x1440 monitor)
//
// Measured, per plan size and renderer:
//  - first frame: from every response's bytes being in hand ("data arrived") to the first
//    frame on the canvas (parse + model + paint data + first draw);
//  - frame time during a scripted 3 s pan+zoom between 0.5x and 3x of "fit", and a 3 s sweep
//    zoomed out over the whole venue (0.5x..1x): one step per animation frame = set the camera,
//    draw synchronously, read a pixel back from every layer (forces real rasterisation);
//  - 1,000 live status changes through the live-delta path until they are on the canvas;
//  - hit test: ns per lookup (SpatialIndex after inverting the camera) vs Konva's hit graph.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const arg = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const REPEATS = Math.max(5, Number(arg('repeats', 5)));
const SIZES = arg('sizes', '1000,20000,100000').split(',').map(Number);
const WITH_NAIVE = !args.includes('--no-naive');
const WRITE = !args.includes('--no-write');
const [VIEW_W, VIEW_H] = arg('viewport', '1280x800').split('x').map(Number);
const BOX_OFFICE = args.includes('--boxoffice');
const DIST = path.join(ROOT, '.tmp', 'seatmap-bench-dist');
const log = (m) => process.stdout.write(`[seatmap-bench] ${m}\n`);

/* ------------------------------------------------------------------ build */

function build() {
  log('building the bench entry (client/bench, production)…');
  spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc'), '-b', 'shared'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const r = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '-c',
      'bench/vite.config.ts',
      '--logLevel',
      'error',
    ],
    { cwd: path.join(ROOT, 'client'), stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('bench build failed');
}

/* ------------------------------------------------------------------ synthetic venues */

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A bowl: sections on 1-3 elliptical rings around a stage, each rotated to face
 * the centre, rows of 10-unit seats at a 12-unit pitch, zones by ring, a sprinkle
 * of features and couches. Exactly `seatCount` seats.
 */
const round2 = (v) => Math.round(v * 100) / 100;

function syntheticPlan(seatCount) {
  const rnd = mulberry32(seatCount);
  const rings = seatCount <= 2000 ? 1 : seatCount <= 30000 ? 2 : 3;
  const sectionsPerRing = seatCount <= 2000 ? 4 : seatCount <= 30000 ? 20 : 40;
  const sectionCount = rings * sectionsPerRing;
  const perSection = Math.ceil(seatCount / sectionCount);
  const cols = Math.max(10, Math.round(Math.sqrt(perSection * 1.6)));
  const rows = Math.ceil(perSection / cols);
  const pitch = 12;
  const W = cols * pitch;
  const H = rows * pitch;
  const zones = [
    { ZoneId: 1, Code: 'A', Name: 'אזור א', NameEn: 'Zone A', Color: '#7C3AED' },
    { ZoneId: 2, Code: 'B', Name: 'אזור ב', NameEn: 'Zone B', Color: '#2563EB' },
    { ZoneId: 3, Code: 'C', Name: 'אזור ג', NameEn: 'Zone C', Color: '#059669' },
  ];
  const stage = { x: 0, y: 0, width: 0, height: 0, label: 'במה', labelEn: 'Stage' };
  const baseR = ((Math.max(W, H) * sectionsPerRing) / (2 * Math.PI)) * 1.15 + H;
  const sections = [];
  let left = seatCount;
  let id = 1;
  for (let ring = 0; ring < rings; ring++) {
    const R = baseR + ring * (H + 3 * pitch);
    for (let k = 0; k < sectionsPerRing; k++, id++) {
      const theta = (k / sectionsPerRing) * Math.PI * 2;
      const cx = round2(Math.cos(theta) * R * 1.25);
      const cy = round2(Math.sin(theta) * R);
      const rot = round2((theta * 180) / Math.PI + 90);
      const n = Math.min(perSection, left);
      left -= n;
      const groupRows = [];
      for (let r = 0; r < rows && r * cols < n; r++) {
        const seats = [];
        for (let c = 0; c < cols && r * cols + c < n; c++) {
          const q = r * cols + c;
          const features = q % 37 === 0 ? [10] : q % 53 === 1 ? [12] : q % 61 === 2 ? [13] : [];
          const couch = ring === 0 && r === rows - 1 && c < cols - (cols % 2);
          seats.push({
            VenueId: 1,
            VenueSeatplanId: 1,
            VenueSectionId: id,
            VenueSectionSeatGroupId: id,
            TicketGroupId: zones[ring % zones.length].ZoneId,
            XCoordinate: c + 1,
            YCoordinate: r + 1,
            // Two decimals, as the venue files store them.
            XOffsetPercent: round2(((c * pitch + 1) / W) * 100),
            YOffsetPercent: round2(((r * pitch + 1) / H) * 100),
            WidthPercent: round2((10 / W) * 100),
            HeightPercent: round2((10 / H) * 100),
            RotateAngle: 0,
            RowName: String(r + 1),
            SeatName: String(c + 1),
            SectionName: `Section ${id}`,
            SeatplanX: 0,
            SeatplanY: 0,
            features: couch ? [1] : features,
            togetherId: couch ? r * 1000 + Math.floor(c / 2) : null,
          });
        }
        groupRows.push({ RowName: String(r + 1), seats });
      }
      sections.push({
        VenueSectionId: id,
        SectionName: `יציע ${id}`,
        SectionNameEn: `Section ${id}`,
        IsReserved: true,
        Capacity: null,
        ZoneId: null,
        SeatplanX: cx - W / 2,
        SeatplanY: cy - H / 2,
        Width: W,
        Height: H,
        RotateAngle: rot,
        Outline: null,
        groups: [{ VenueSectionSeatGroupId: id, GroupName: 'main', rows: groupRows }],
      });
    }
  }
  // Shift everything to positive plan coordinates.
  const ext = baseR + rings * (H + 3 * pitch) + H;
  const ox = ext * 1.3;
  const oy = ext;
  for (const s of sections) {
    s.SeatplanX += ox;
    s.SeatplanY += oy;
  }
  stage.width = baseR * 0.9;
  stage.height = baseR * 0.55;
  stage.x = ox - stage.width / 2;
  stage.y = oy - stage.height / 2;
  const plan = {
    VenueId: 1,
    VenueSeatplanId: 1,
    Name: 'אצטדיון בדיקה',
    NameEn: 'Bench bowl',
    Width: ox * 2,
    Height: oy * 2,
    Stage: stage,
    FocalPoint: null,
    Zones: zones,
    sections,
  };
  // ~6% taken, as in a selling show.
  const rowsOut = [];
  for (const s of sections)
    for (const g of s.groups)
      for (const r of g.rows)
        for (const seat of r.seats) {
          rowsOut.push([
            s.VenueSectionId,
            g.VenueSectionSeatGroupId,
            seat.XCoordinate,
            seat.YCoordinate,
            -1,
            seat.TicketGroupId,
            rnd() < 0.06 ? 4 : 1,
          ]);
        }
  return { plan, statusRows: rowsOut };
}

function apiFixtures(seatCount) {
  const { toColumnarSeatplan } = require(path.join(ROOT, 'shared', 'dist', 'index.js'));
  const { plan, statusRows } = syntheticPlan(seatCount);
  const presentation = {
    id: 9001,
    featureId: 1,
    featureName: 'מבחן ביצועים',
    featureNameEn: 'Benchmark night',
    featureCategoryName: 'הופעה',
    locationId: 1,
    locationName: 'מעבדה',
    locationNameEn: 'Lab',
    businessId: 1,
    authProfileId: 1,
    venueId: 1,
    venueName: 'אצטדיון בדיקה',
    venueNameEn: 'Bench bowl',
    seatplanId: 1,
    venueTypeId: 1,
    dateTime: '2026-12-01T18:00:00.000Z',
    seatingPolicyId: 1,
    isReserved: true,
    isGA: 0,
    soldout: false,
    seatingMode: 'reserved',
    hasReservedSection: true,
    hasGASection: false,
    hasMultiGASections: false,
    maxSeatsPerOrder: 10,
    priceFrom: 60,
    viewAreaFilename: null,
    imageMapHtml: null,
    products: [],
  };
  const ticketGroups = plan.Zones.map((z, k) => ({
    id: 100 + z.ZoneId,
    name: z.Name,
    nameEn: z.NameEn,
    color: z.Color,
    zoneId: z.ZoneId,
    isByCodeEnabled: false,
    tickets: [
      {
        id: 1000 + k,
        ticketGroupId: 100 + z.ZoneId,
        name: 'רגיל',
        nameEn: 'Regular',
        price: 120 - 30 * k,
        oldPrice: null,
        serviceCharge: 3,
        pricePolicyId: 1,
        code: null,
        multiplyFactor: 1,
      },
    ],
    voucherTickets: [],
  }));
  return {
    presentation: JSON.stringify({ presentation }),
    ticketGroups: JSON.stringify({
      ticketGroups,
      serviceCharge: { name: 'fee', amountPerOrder: null, percentRatePerOrder: null },
    }),
    seatplan: JSON.stringify({ seatplan: toColumnarSeatplan(plan) }),
    seatplanNested: JSON.stringify({ seatplan: plan }),
    status: JSON.stringify({ seats: statusRows, version: 1, soldout: false, takenRatio: 0.06, soldOutSectionIds: [] }),
  };
}

/* ------------------------------------------------------------------ static server */

function serveDist() {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let file = path.join(DIST, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(DIST) || !existsSync(file) || statSync(file).isDirectory())
      file = path.join(DIST, 'index.html');
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })),
  );
}

/* ------------------------------------------------------------------ measuring */

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

async function runOnce(browser, baseUrl, fx, renderer) {
  const context = await browser.newContext({
    viewport: { width: VIEW_W, height: VIEW_H },
    deviceScaleFactor: 1,
    locale: 'he-IL',
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.route('**/api/**', (route) => {
    const p = new URL(route.request().url()).pathname;
    const body = p.startsWith('/api/presentations/timer')
      ? JSON.stringify({ timer: {} })
      : p.endsWith('/ticketGroups')
        ? fx.ticketGroups
        : p.endsWith('/seatplan')
          ? fx.seatplan
          : p.startsWith('/api/presentations/')
            ? fx.presentation
            : p === '/api/seats/seatplan'
              ? fx.seatplan
              : p === '/api/seats/seats-status'
                ? fx.status
                : null;
    if (body === null)
      return route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: '{"error":"NOT_FOUND","message":"bench"}',
      });
    return route.fulfill({ status: 200, contentType: 'application/json', body });
  });
  await page.routeWebSocket(/socket\.io/, () => undefined);
  // The longest main-thread task from navigation to the first frame: "does the first draw freeze the page?"
  await page.addInitScript(() => {
    window.__longTasks = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      /* no longtask support: reported as — */
    }
  });
  const out = {};
  try {
    await page.goto(
      `${baseUrl}/order/9001?test${renderer === 'naive' ? '&renderer=naive' : ''}${BOX_OFFICE ? '&mode=boxoffice' : ''}`,
    );
    await page.waitForFunction(() => window.__seatmap?.ready() === true, null, { timeout: 180_000, polling: 50 });
    await page.evaluate(() => window.__seatmap.firstFrame());
    const t = await page.evaluate(() => window.__seatmap.timings());
    await page.waitForTimeout(50);
    out.longestTask = await page.evaluate(() => (window.__longTasks.length ? Math.max(...window.__longTasks) : 0));
    out.firstFrame = t.firstFrame - t.dataReady;
    out.parse = t.parsed - t.dataReady;
    out.model = t.built - t.parsed;
    out.draw = t.firstFrame - t.built;
    out.detail = {
      store: t.storeBuilt - t.parsed,
      status: t.statusApplied - t.storeBuilt,
      scene: t.built - t.statusApplied,
      react: t.mounted - t.built,
      frame: t.firstFrame - t.mounted,
    };
    out.seats = await page.evaluate(() => window.__seatmap.seatCount());
    await page.waitForTimeout(300);
    const panzoom = await page.evaluate(() => window.__seatmap.benchPath('panzoom', 3000));
    const overview = await page.evaluate(() => window.__seatmap.benchPath('overview', 3000));
    out.panzoom = panzoom;
    out.overview = overview;
    // 1,000 changes with the whole venue in view (zoomed-out path), then zoomed in 3x (section bitmaps / vectors),
    // where seats are far enough apart that each change is checked on the canvas.
    out.live = await page.evaluate(() => window.__seatmap.benchLive(1000, 1));
    out.live3 = await page.evaluate(() => window.__seatmap.benchLive(1000, 3));
    if (renderer === 'ours') out.hitNs = await page.evaluate(() => window.__seatmap.hitTestBench(2_000_000));
    out.pickMs = await page.evaluate((n) => window.__seatmap.benchPick(n), renderer === 'naive' ? 200 : 20000);
  } finally {
    out.errors = errors;
    await context.close();
  }
  return out;
}

function summarise(runs) {
  const all = (f) => runs.map(f);
  return {
    seats: runs[0]?.seats,
    firstFrame: median(all((r) => r.firstFrame)),
    parse: median(all((r) => r.parse)),
    model: median(all((r) => r.model)),
    draw: median(all((r) => r.draw)),
    longestTask: median(all((r) => r.longestTask)),
    panzoomMedian: median(all((r) => median(r.panzoom.frames))),
    panzoomP95: median(all((r) => pct(r.panzoom.frames, 95))),
    panzoomFrames: median(all((r) => r.panzoom.frames.length)),
    panzoomIntervalMedian: median(all((r) => median(r.panzoom.intervals))),
    overviewMedian: median(all((r) => median(r.overview.frames))),
    overviewP95: median(all((r) => pct(r.overview.frames, 95))),
    overviewFrames: median(all((r) => r.overview.frames.length)),
    liveMs: median(all((r) => r.live.ms)),
    live3Ms: median(all((r) => r.live3.ms)),
    livePixels: median(all((r) => r.live.pixelsChanged)),
    live3Pixels: median(all((r) => r.live3.pixelsChanged)),
    hitNs: median(all((r) => r.hitNs ?? NaN)),
    pickUs: median(all((r) => r.pickMs * 1000)),
    errors: runs.flatMap((r) => r.errors),
  };
}

const f1 = (n) => (Number.isFinite(n) ? n.toFixed(1) : '—');

async function main() {
  if (!args.includes('--no-build')) build();
  const { server, url } = await serveDist();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--force-device-scale-factor=1',
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
    ],
  });
  const version = browser.version();
  const loadBefore = os.loadavg()[0];
  const results = [];
  try {
    for (const size of SIZES) {
      const fx = apiFixtures(size);
      log(
        `${size} seats: columnar plan ${(fx.seatplan.length / 1e6).toFixed(1)} MB (nested would be ${(fx.seatplanNested.length / 1e6).toFixed(1)} MB), statuses ${(fx.status.length / 1e6).toFixed(1)} MB`,
      );
      for (const renderer of WITH_NAIVE ? ['ours', 'naive'] : ['ours']) {
        const runs = [];
        for (let k = 0; k < REPEATS; k++) {
          const r = await runOnce(browser, url, fx, renderer);
          runs.push(r);
          log(
            `  ${renderer} #${k + 1}: first frame ${f1(r.firstFrame)} ms (longest task ${f1(r.longestTask)} ms) ${JSON.stringify(Object.fromEntries(Object.entries(r.detail).map(([a, b]) => [a, Math.round(b)])))}, pan+zoom median ${f1(median(r.panzoom.frames))} ms (${r.panzoom.frames.length} frames), overview ${f1(median(r.overview.frames))} ms, live ${f1(r.live.ms)} ms (${r.live.pixelsChanged} px) / 3x ${f1(r.live3.ms)} ms (${r.live3.pixelsChanged} px)${r.hitNs ? `, hit ${f1(r.hitNs)} ns` : ''}`,
          );
        }
        results.push({ size, renderer, ...summarise(runs) });
      }
    }
  } finally {
    await browser.close();
    server.close();
  }

  const loadAfter = os.loadavg()[0];
  const lines = [];
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  lines.push('', `## Seat map rendering (load-tests/seatmap.bench.mjs) — ${date} UTC`, '');
  lines.push(
    `Machine: ${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ${os.platform()} ${os.release()}; Chromium ${version} headless, --disable-gpu (software rendering), DPR 1, ${VIEW_W}×${VIEW_H}${BOX_OFFICE ? ', box-office mode' : ''}. ${REPEATS} repeats per row (fresh page each), medians. 1-minute load average ${loadBefore.toFixed(2)} at the start, ${loadAfter.toFixed(2)} at the end${Math.max(loadBefore, loadAfter) > 3 ? ' (above 3: a busy shared machine, so frame times are pessimistic)' : ''}.`,
  );
  lines.push(
    '',
    'The real order page and renderer (client/bench entry, production build), synthetic bowls of exactly N seats served through intercepted API calls (plan in the columnar format). "naive" = one Konva.Rect per seat, Konva hit graph, same page. Frame = set camera + draw + read one pixel back from each layer (forces rasterisation). Live changes: a delta of 1,000 on-screen seats through the same handler as the socket, drawn and read back; in brackets how many of those seats’ 3×3 pixel neighbourhoods changed (with the whole 100k venue in view a seat is ~1 px and neighbours share pixels, so not every change can show there). First frame = from all response bytes in hand to the first frame drawn (parse + model + first draw).',
    '',
  );
  lines.push(
    '| seats | renderer | first frame ms (parse / model / draw) | pan+zoom 0.5–3x frame median / p95 ms (frames in 3 s) | overview frame median / p95 ms (frames in 3 s) | 1,000 live changes → pixels ms, whole venue / 3x (seats whose pixels changed) | hit test |',
  );
  lines.push('|---:|---|---|---|---|---|---|');
  for (const r of results) {
    const hit =
      r.renderer === 'ours'
        ? `${f1(r.hitNs)} ns (seatAt incl. camera: ${f1(r.pickUs * 1000)} ns)`
        : `${f1(r.pickUs)} µs (Konva getIntersection)`;
    lines.push(
      `| ${r.size.toLocaleString('en')} | ${r.renderer} | ${f1(r.firstFrame)} (${f1(r.parse)} / ${f1(r.model)} / ${f1(r.draw)}) | ${f1(r.panzoomMedian)} / ${f1(r.panzoomP95)} (${r.panzoomFrames}) | ${f1(r.overviewMedian)} / ${f1(r.overviewP95)} (${r.overviewFrames}) | ${f1(r.liveMs)} (${r.livePixels}) / ${f1(r.live3Ms)} (${r.live3Pixels}) | ${hit} |`,
    );
  }
  const big = results.filter((r) => r.size === Math.max(...SIZES));
  const ours = big.find((r) => r.renderer === 'ours');
  const naive = big.find((r) => r.renderer === 'naive');
  if (ours) {
    const verdict = (ok) => (ok ? 'met' : '**MISSED**');
    lines.push('', `Targets at ${ours.size.toLocaleString('en')} seats:`);
    lines.push(`- first frame < 500 ms after data: ${f1(ours.firstFrame)} ms — ${verdict(ours.firstFrame < 500)}`);
    lines.push(
      `- no main-thread task ≥ 500 ms up to the first frame (the page never freezes for half a second): longest ${f1(ours.longestTask)} ms — ${verdict(ours.longestTask < 500)}`,
    );
    lines.push(
      `- pan+zoom frame median < 20 ms and p95 < 33 ms: ${f1(ours.panzoomMedian)} / ${f1(ours.panzoomP95)} ms — ${verdict(ours.panzoomMedian < 20 && ours.panzoomP95 < 33)}`,
    );
    lines.push(
      `- overview frame median < 20 ms and p95 < 33 ms: ${f1(ours.overviewMedian)} / ${f1(ours.overviewP95)} ms — ${verdict(ours.overviewMedian < 20 && ours.overviewP95 < 33)}`,
    );
    lines.push(
      `- 1,000 live changes on screen < 100 ms: ${f1(ours.liveMs)} ms whole venue, ${f1(ours.live3Ms)} ms at 3x — ${verdict(ours.liveMs < 100 && ours.live3Ms < 100)}`,
    );
    lines.push(`- hit test < 1 µs: ${f1(ours.hitNs)} ns — ${verdict(ours.hitNs < 1000)}`);
    if (naive)
      lines.push(
        `- first frame ≥ 10x faster than naive: ${f1(naive.firstFrame)} / ${f1(ours.firstFrame)} = ${(naive.firstFrame / ours.firstFrame).toFixed(1)}x — ${verdict(naive.firstFrame / ours.firstFrame >= 10)}`,
      );
  }
  const errors = results.flatMap((r) => r.errors);
  if (errors.length) lines.push('', `Page errors during the run: ${[...new Set(errors)].slice(0, 5).join('; ')}`);
  const text = `${lines.join('\n')}\n`;
  process.stdout.write(text);
  if (WRITE) appendFileSync(path.join(ROOT, 'load-tests', 'RESULTS.md'), text);
}

export { apiFixtures, serveDist, syntheticPlan };

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  main().catch((error) => {
    process.stderr.write(`${error.stack}\n`);
    process.exit(1);
  });
}
