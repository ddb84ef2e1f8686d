// Page-level benchmark of the order page: from navigation start to the first seat pixels and to the first
// seat click answered, in Debian's headless Chromium (/usr/bin/chromium, --no-sandbox; never a downloaded browser).
//
// What is served: the PRODUCTION storefront build (client/vite.config.ts, `vite build` into .tmp/page-bench-dist —
// the same files the server serves from CLIENT_DIST, with the .br/.gz files scripts/precompress.mjs writes beside
// them), by a small node:http server that answers like the real one: static files as their brotli or gzip sibling
// when the browser accepts it, hashed assets cached a year (server/src/common/static-assets.ts: @fastify/static with
// preCompressed), the SPA's index.html for /order/:id (compressed too), the seat plan brotli or gzipped when the browser accepts it
// (catalogue/seatplan-document.ts), the seats-status (JSON, or with ?format=binary as the seat map asks the binary form of
// shared/src/seats/seat-status-binary.ts) brotli (quality 4) or gzip when accepted, as the server sends the shared
// answer to a visitor who holds no seat (server/src/seats/public-seat-status.ts), a real ALTCHA challenge (the server's altcha-lib and
// defaults: SHA-256, cost 1, max number 50,000) so the first click pays the real proof of work, and a lock-seat
// answer. The plans are load-tests/seatmap.bench.mjs's synthetic bowls of exactly N seats (columnar plan, ~6 % taken).
// Unlike page.route(), a real server keeps every byte on Chromium's network stack, so the network profile applies.
// Every page is fresh (new browser context: empty HTTP cache, no cookies or storage), opened with ?test so the seat
// map's test hook (client/src/seatmap/debug-hook.ts, its own small chunk) is there to read timings and find a seat.
//
//   node load-tests/page.bench.mjs [--sizes=1200,20000,100000] [--devices=desktop,phone]
//     [--profiles=plain,throttled] [--repeats=5] [--no-click] [--no-build] [--no-write] [--waterfall]
//     [--tree=/path/to/another/worktree]
//
// --tree: measures another checkout's storefront with this bench (an A/B with one measuring tool): its client is built
// with its own Vite config into its .tmp/page-bench-dist and served as this tree's is, with the order page's
// preloads that checkout's server sends (order-page-preload.ts, order-page-modules.json where its build writes one).
// That tree needs its node_modules (hard links, as a worktree gets them); its commit is written with the rows.
//
// Devices: desktop = 1280x800, DPR 1; phone = 390x844, DPR 3, isMobile, hasTouch (Playwright's iPhone 13 metrics).
// Profiles: plain = no throttling; throttled = CDP Emulation.setCPUThrottlingRate 4 (the page's main thread; Chromium
// does not throttle workers) and Network.emulateNetworkConditions with Chrome DevTools' "Fast 3G" preset
// (front_end/core/sdk/NetworkManager.ts, also Puppeteer's PredefinedNetworkConditions['Fast 3G']): 562.5 ms latency,
// 1.44 Mbit/s down (180,000 B/s), 675 kbit/s up (84,375 B/s).
//
// Measured per page, all as ms from navigation start (the page's performance.timeOrigin):
//  - first seat pixels: the loader's firstFrame stamp (client/src/seatmap/managers/loader.ts) — the renderer has drawn
//    the seats onto the canvas synchronously; checked afterwards by reading the canvas back (a page whose canvas is
//    still blank counts as an error). Broken down into: page code until the plan request left (`requested`), the
//    loader holding every answer (`dataReady`: the bytes, or with the order page's early requests its own code
//    arriving after them), and our own parse + model + first draw after that. Also what code (files, KB on the
//    wire) the page had asked for before the plan request, and the bytes (code / API answers) asked for before the
//    first frame.
//  - first click answered: as soon as the map is ready the bench clicks (desktop) or taps (phone) an available seat
//    near the centre of the part of the map inside the window (the desktop map starts low on the page and its centre
//    lies below the window, where a click reaches no element); answered = the first animation frame in which the
//    seat shows selected or, zoomed too far out to aim at a seat (pointer.ts tapAt), the camera moved in on its
//    section.
//  - seat held: when the map zoomed instead, the bench clicks the seat again once the camera settles; held = the
//    lock-seat answer in hand (resource timing responseEnd), which includes the bot-check proof of work.
// Medians over the repeats (>= 5 for a result; fewer is a smoke run and the table says so). Appended to
// load-tests/RESULTS.md with date, machine and load average; a row taken at a 1-minute load average above 3 (at its
// start or end) is marked "not a result", as the other benches do.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { appendResults, ROOT, require as rootRequire } from './lib/stack.mjs';
import { apiFixtures } from './seatmap.bench.mjs';

const args = process.argv.slice(2);
const arg = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const SIZES = arg('sizes', '1200,20000,100000').split(',').map(Number);
const DEVICES = arg('devices', 'desktop,phone').split(',');
const PROFILES = arg('profiles', 'plain,throttled').split(',');
const REPEATS = Math.max(1, Number(arg('repeats', 5)));
const CLICK = !args.includes('--no-click');
const WRITE = !args.includes('--no-write');
// Prints each page's request waterfall (Resource Timing: when each request left, its first byte, its end, its size),
// to see what the chain of code and data requests waits on.
const WATERFALL = args.includes('--waterfall');
// The checkout whose storefront is measured: this one, or --tree's.
const TREE = path.resolve(arg('tree', ROOT));
const DIST = path.join(TREE, '.tmp', 'page-bench-dist');
const PRESENTATION_ID = 9001;
const log = (m) => process.stdout.write(`[page-bench] ${m}\n`);

const DEVICE = {
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
};
/** Chrome DevTools' "Fast 3G" (NetworkManager.ts): 1.6 Mbit/s x 0.9 down, 750 kbit/s x 0.9 up, 150 ms x 3.75 latency. */
const FAST_3G = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
  uploadThroughput: ((750 * 1000) / 8) * 0.9,
};
for (const d of DEVICES) if (!DEVICE[d]) throw new Error(`--devices: ${d}? (desktop, phone)`);
for (const p of PROFILES)
  if (p !== 'plain' && p !== 'throttled') throw new Error(`--profiles: ${p}? (plain, throttled)`);

/* ------------------------------------------------------------------ build */

function build() {
  log(`building the storefront of ${TREE} (client/vite.config.ts, production) into .tmp/page-bench-dist…`);
  // shared/dist: the plan generator's toColumnarSeatplan (seatmap.bench.mjs).
  spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript-native', 'bin', 'tsc'), '-b', 'shared'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const r = spawnSync(
    process.execPath,
    [
      path.join(TREE, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--outDir',
      DIST,
      '--emptyOutDir',
      '--logLevel',
      'error',
    ],
    { cwd: path.join(TREE, 'client'), stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('client build failed');
  const c = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'precompress.mjs'), DIST], { stdio: 'inherit' });
  if (c.status !== 0) throw new Error('precompress failed');
}

/* ------------------------------------------------------------------ the server */

const altchaLib = rootRequire(rootRequire.resolve('altcha-lib', { paths: [path.join(ROOT, 'server')] }));
const altchaSha = rootRequire(rootRequire.resolve('altcha-lib/algorithms/sha', { paths: [path.join(ROOT, 'server')] }));

/** A challenge as AltchaBotCheck.issueChallenge makes one with the server's defaults. */
function altchaChallenge() {
  return altchaLib.createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: Math.floor(Math.random() * 50_001),
    deriveKey: altchaSha.deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + 600,
    hmacSignatureSecret: 'page-bench-only-hmac-key-0123456789',
  });
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

const ORDER_PRELOAD = existsSync(path.join(TREE, 'server', 'src', 'common', 'order-page-preload.ts'));

/**
 * The first-paint picture's chunks, as the server's SPA fallback reads them (order-page-modules.json beside the
 * build's index.html, where the tree's build writes one): sent as `rel=modulepreload` with the order page, as the
 * server does, so a build that moved the picture out of the entry is measured as it is served.
 */
function orderPageModules() {
  const file = path.join(DIST, 'order-page-modules.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : [];
}

/** order-page-preload.ts's answer for a first visit to /order/:id (the bench's addresses: ?test only). */
function orderPreloads(url) {
  const id = /^\/order\/(\d+)\/?$/.exec(url.pathname)?.[1];
  if (!id) return null;
  const lang = ['he', 'en', 'ru', 'ar'].includes(url.searchParams.get('lang')) ? url.searchParams.get('lang') : 'he';
  return [
    ...[
      `/api/presentations/${id}/seatplan?format=columnar&lang=${lang}`,
      `/api/presentations/${id}/ticketGroups?lang=${lang}`,
      `/api/seats/seats-status?presentationId=${id}&format=binary&lang=${lang}`,
    ].map((a) => `<${a}>; rel=preload; as=fetch; crossorigin=anonymous`),
    ...orderPageModules().map((a) => `<${a}>; rel=modulepreload; crossorigin=anonymous`),
  ].join(', ');
}

/** shared/dist (built by build(), or by tsc -b shared): the status encoder the server uses. */
const sharedDist = () => rootRequire(path.join(ROOT, 'shared', 'dist', 'index.js'));

/** Serves DIST and the API of one synthetic presentation; `fixtures` is swapped per plan size. */
function startServer() {
  const state = { fx: null, planBr: null, planGzip: null, unknown: new Set() };
  const files = new Map();
  const readStatic = (file) => {
    if (!files.has(file)) files.set(file, readFileSync(file));
    return files.get(file);
  };
  const json = (res, status, body, extra = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra });
    res.end(body);
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const p = url.pathname;
    const fx = state.fx;
    if (p.startsWith('/socket.io'))
      return json(res, 404, '{"error":"NOT_FOUND","message":"no live room in the bench"}');
    if (p.startsWith('/api/')) {
      // By venue and plan (main before the plan route by presentation) or by presentation (docs/seat-map.md).
      if (p === '/api/seats/seatplan' || p === `/api/presentations/${PRESENTATION_ID}/seatplan`) {
        // server/src/catalogue/seatplan-document.ts: brotli (quality 11 for the columnar plan), else gzip 6.
        const accept = String(req.headers['accept-encoding'] ?? '');
        if (/\bbr\b/.test(accept))
          return json(res, 200, state.planBr, { 'content-encoding': 'br', vary: 'accept-encoding' });
        if (/\bgzip\b/.test(accept))
          return json(res, 200, state.planGzip, { 'content-encoding': 'gzip', vary: 'accept-encoding' });
        return json(res, 200, fx.seatplan);
      }
      if (p === '/api/seats/seats-status') {
        const accept = String(req.headers['accept-encoding'] ?? '');
        // ?format=binary: shared/src/seats/seat-status-binary.ts's form, brotli 4 (public-seat-status.ts).
        if (url.searchParams.get('format') === 'binary') {
          const binary = { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' };
          if (/\bbr\b/.test(accept))
            res.writeHead(200, { ...binary, 'content-encoding': 'br', vary: 'accept-encoding' }).end(state.binaryBr);
          else res.writeHead(200, binary).end(state.binary);
          return undefined;
        }
        if (/\bbr\b/.test(accept))
          return json(res, 200, state.statusBr, { 'content-encoding': 'br', vary: 'accept-encoding' });
        if (/\bgzip\b/.test(accept))
          return json(res, 200, state.statusGzip, { 'content-encoding': 'gzip', vary: 'accept-encoding' });
        return json(res, 200, fx.status);
      }
      if (p === `/api/presentations/${PRESENTATION_ID}/ticketGroups`) return json(res, 200, fx.ticketGroups);
      if (p.startsWith('/api/presentations/timer')) return json(res, 200, JSON.stringify({ timer: {} }));
      if (p === `/api/presentations/${PRESENTATION_ID}`) return json(res, 200, fx.presentation);
      if (p === '/api/altcha/challenge') return void altchaChallenge().then((c) => json(res, 200, JSON.stringify(c)));
      if (p === '/api/seats/lock-seat' && req.method === 'PUT') {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          const seat = JSON.parse(body || '{}').seat ?? {};
          json(
            res,
            200,
            JSON.stringify({
              lockedSeat: { x: seat.XCoordinate, y: seat.YCoordinate },
              seats: [
                {
                  sectionId: seat.VenueSectionId,
                  x: seat.XCoordinate,
                  y: seat.YCoordinate,
                  RowName: String(seat.YCoordinate),
                  SeatName: String(seat.XCoordinate),
                  ticketGroupId: seat.TicketGroupId,
                  isPremium: false,
                  features: [],
                },
              ],
              expiresAt: new Date(Date.now() + 600_000).toISOString(),
              timeInSeconds: 600,
              version: 2,
            }),
          );
        });
        return undefined;
      }
      // No waiting room for this show: the storefront then shows no queue notice (QueueNotice.tsx).
      if (p === `/api/queue/${PRESENTATION_ID}`) return json(res, 404, '{"error":"NOT_FOUND","message":"no queue"}');
      state.unknown.add(`${req.method} ${p}`);
      return json(res, 404, '{"error":"NOT_FOUND","message":"not in the page bench"}');
    }
    let file = path.join(DIST, path.normalize(p).replace(/^(\.\.[/\\])+/, ''));
    const isAsset = file.startsWith(DIST) && existsSync(file) && statSync(file).isFile();
    if (!isAsset) file = path.join(DIST, 'index.html');
    // The server's choice (preCompressed): brotli, else gzip, when accepted and the build wrote the sibling.
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = [
      ['br', '.br'],
      ['gzip', '.gz'],
    ].find(([name, ext]) => new RegExp(`\\b${name}\\b`).test(accept) && existsSync(file + ext));
    const hashed = isAsset && path.relative(DIST, file).startsWith(`assets${path.sep}`);
    // The server's SPA fallback preloads the order page's seat-map data with the document where this tree has it
    // (server/src/common/order-page-preload.ts; a fresh context has no uuid cookie).
    const preload = !isAsset && ORDER_PRELOAD ? orderPreloads(url) : null;
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : isAsset ? 'public, max-age=3600' : 'no-cache',
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding[0] } : {}),
      ...(preload ? { link: preload } : {}),
    });
    res.end(readStatic(encoding ? file + encoding[1] : file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        state,
        setFixtures(fx) {
          state.fx = fx;
          state.planGzip = gzipSync(fx.seatplan, { level: 6 });
          state.planBr = brotliCompressSync(fx.seatplan, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            },
          });
          // server/src/common/encoded-json.ts: brotli quality 4, gzip 6.
          state.statusBr = brotliCompressSync(fx.status, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            },
          });
          state.statusGzip = gzipSync(fx.status, { level: 6 });
          state.binary = Buffer.from(sharedDist().encodeSeatStatusBinary(JSON.parse(fx.status)));
          state.binaryBr = brotliCompressSync(state.binary, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 },
          });
        },
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  );
}

/* ------------------------------------------------------------------ one page */

const median = (xs) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

async function runOnce(browser, baseUrl, device, profile) {
  const context = await browser.newContext({ ...DEVICE[device], locale: 'he-IL' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The first pointer event's time, whatever element takes it.
  await page.addInitScript(() => {
    window.__pointerAt = [];
    window.addEventListener('pointerdown', (e) => window.__pointerAt.push(e.timeStamp), { capture: true });
  });
  const cdp = await context.newCDPSession(page);
  if (profile === 'throttled') {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  }
  const out = { errors };
  const timeout = profile === 'throttled' ? 300_000 : 120_000;
  try {
    await page.goto(`${baseUrl}/order/${PRESENTATION_ID}?test`, { waitUntil: 'commit', timeout });
    await page.waitForFunction(() => window.__seatmap?.ready() === true, null, { timeout, polling: 'raf' });
    await page.evaluate(() => window.__seatmap.firstFrame());
    const t = await page.evaluate(() => window.__seatmap.timings());
    out.mapFrame = t.firstFrame;
    // The first-paint picture (client/src/first-paint/: the seats drawn from the early answers before React and
    // Konva) marks 'hotline:first-paint'; a build without it shows its first seats with the map's first frame.
    const picture = await page.evaluate(
      () => performance.getEntriesByName('hotline:first-paint')[0]?.startTime ?? null,
    );
    out.picture = picture !== null;
    out.firstPixels = picture ?? t.firstFrame;
    out.requested = t.requested;
    out.dataReady = t.dataReady;
    out.ours = t.firstFrame - t.dataReady;
    out.seats = await page.evaluate(() => window.__seatmap.seatCount());
    // What the page fetched before the plan request left: its code (scripts, styles) and API calls, in KB on the wire.
    Object.assign(
      out,
      await page.evaluate((before) => {
        const early = performance.getEntriesByType('resource').filter((e) => e.startTime < before);
        const code = early.filter((e) => /\.(js|css)(\?|$)/.test(new URL(e.name).pathname));
        return {
          codeFiles: code.length,
          codeKB: code.reduce((a, e) => a + e.encodedBodySize, 0) / 1024,
          apiBefore: early.filter((e) => new URL(e.name).pathname.startsWith('/api/')).length,
        };
      }, t.requested),
    );
    // Every byte on the wire the page had asked for before its first seat frame (the document included): the code
    // and the API answers apart. Byte counts hardly move with the machine's load (only a late call such as the favicon
    // or the queue's may fall on either side of the frame), so what the first frame waits for shows here where the
    // times are noisy.
    Object.assign(
      out,
      await page.evaluate((frame) => {
        const nav = performance.getEntriesByType('navigation')[0];
        const before = [nav, ...performance.getEntriesByType('resource')].filter((e) => e && e.startTime < frame);
        const isApi = (e) => e !== nav && new URL(e.name).pathname.startsWith('/api/');
        const sum = (es) => es.reduce((a, e) => a + e.encodedBodySize, 0);
        // And what had arrived by then (its last byte in): what the first seats can have waited for.
        const arrived = before.filter((e) => e.responseEnd <= frame);
        return {
          bytesCode: sum(before.filter((e) => !isApi(e))),
          bytesData: sum(before.filter(isApi)),
          inCode: sum(arrived.filter((e) => !isApi(e))),
          inData: sum(arrived.filter(isApi)),
        };
      }, out.firstPixels),
    );
    // Sanity: the seat layer has pixels on it (not a blank canvas).
    const painted = await page.evaluate(() => {
      const cv = document.querySelector('.konvajs-content canvas') ?? document.querySelector('canvas');
      if (!cv) return 0;
      const d = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
      let n = 0;
      for (let k = 0; k < d.length; k += 4 * 97) if (d[k + 3] !== 0) n++;
      return n;
    });
    if (painted === 0) errors.push('first frame stamped but the seat canvas is blank');
    // The plan and the statuses downloaded once (a preload the page's request did not match would be twice). Not the
    // ticket groups: the booking steps' catalogue asks them again with the visitor's id, as it did before.
    const twice = await page.evaluate(() => {
      const seen = new Map();
      for (const e of performance.getEntriesByType('resource'))
        if (/\/(seatplan|seats-status)$/.test(new URL(e.name).pathname) && e.transferSize > 0)
          seen.set(e.name, (seen.get(e.name) ?? 0) + 1);
      return [...seen].filter(([, n]) => n > 1).map(([name]) => new URL(name).pathname);
    });
    if (twice.length) errors.push(`downloaded twice: ${twice.join(', ')}`);
    if (WATERFALL) await printWaterfall(page, t);
    if (CLICK) Object.assign(out, await firstClick(page, device, timeout));
  } catch (error) {
    errors.push(String(error.message ?? error).split('\n')[0]);
  } finally {
    await context.close();
  }
  return out;
}

async function printWaterfall(page, t) {
  const rows = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    return [nav, ...performance.getEntriesByType('resource')].map((e) => ({
      name: e === nav ? '(document)' : new URL(e.name).pathname + new URL(e.name).search,
      kind: e === nav ? 'navigation' : e.initiatorType,
      start: e.startTime,
      sent: e.requestStart,
      firstByte: e.responseStart,
      end: e.responseEnd,
      kb: e.encodedBodySize / 1024,
    }));
  });
  const ms = (n) => String(Math.round(n)).padStart(6);
  log(
    `    waterfall (ms from navigation; plan requested ${Math.round(t.requested)}, data in ${Math.round(t.dataReady)}, first frame ${Math.round(t.firstFrame)}):`,
  );
  log('     start   sent  1st B    end      KB  type            name');
  for (const r of rows.sort((a, b) => a.start - b.start))
    log(
      `    ${ms(r.start)} ${ms(r.sent)} ${ms(r.firstByte)} ${ms(r.end)} ${r.kb.toFixed(1).padStart(7)}  ${r.kind.padEnd(14)}  ${r.name.slice(0, 70)}`,
    );
}

/**
 * Clicks/taps a free seat near the centre of the map's part inside the window as soon as the map is ready; a second
 * time if the first one zoomed in.
 */
async function firstClick(page, device, timeout) {
  const target = await page.evaluate(() => {
    const h = window.__seatmap;
    const s = h.findSeat(1, true);
    if (!s) return null;
    // "On screen" for the hook is the map's own canvas (clear of the phone's bottom bar), and on the desktop the map
    // starts low on the page (below the order header, ~435 px down a 1280x800 window): its centre, and the seats the
    // hook finds there, lie below the window's bottom edge, where a click reaches no element at all (it lands on
    // <html>) and is never answered. A buyer clicks what the window shows: the free seat nearest the centre of the
    // part of the map inside the window.
    const map = document.querySelector('.konvajs-content').getBoundingClientRect();
    const top = Math.max(map.top, 0) + 30;
    const bottom = Math.min(map.bottom, innerHeight) - 30;
    const left = Math.max(map.left, 0) + 30;
    const right = Math.min(map.right, innerWidth) - 30;
    const cx = (left + right) / 2;
    const cy = (top + bottom) / 2;
    // The camera maps plan units to the page linearly (scale, then an offset): one seat gives the offset, so the
    // candidates cost a lookup each, not a layout read each (the click should follow "ready" closely).
    const k = h.scale();
    const s0 = h.seatPlanPosition(s.sectionId, s.x, s.y);
    const p0 = h.seatScreenPosition(s.sectionId, s.x, s.y);
    let best = null;
    let bestD = Infinity;
    for (const seat of h.freeSeatsNear(s.sectionId, s.x, s.y, Infinity)) {
      const q = h.seatPlanPosition(seat.sectionId, seat.x, seat.y);
      const p = { x: p0.x + (q.x - s0.x) * k, y: p0.y + (q.y - s0.y) * k };
      if (p.x < left || p.x > right || p.y < top || p.y > bottom) continue;
      const d = (p.x - cx) ** 2 + (p.y - cy) ** 2;
      if (d < bestD) [best, bestD] = [seat, d];
    }
    return best && { sectionId: best.sectionId, x: best.x, y: best.y };
  });
  if (!target) return { clickError: 'no free seat in the window' };
  const press = async () => {
    const at = await page.evaluate((s) => {
      const p = window.__seatmap.seatScreenPosition(s.sectionId, s.x, s.y);
      return p && p.x >= 0 && p.y >= 0 && p.x < innerWidth && p.y < innerHeight ? p : null;
    }, target);
    // page.mouse / page.touchscreen do not scroll: a point outside the window reaches no element.
    if (!at) throw new Error('the seat is outside the window');
    // The answer is looked for from the frame after the press on: selected, or the camera moved.
    const answered = page.evaluate(
      ([s, ms]) =>
        new Promise((resolve) => {
          const h = window.__seatmap;
          const scale0 = h.scale();
          const stop = performance.now() + ms;
          const loop = () => {
            if (h.isSelected(s.sectionId, s.x, s.y)) resolve({ at: performance.now(), kind: 'selected' });
            else if (Math.abs(h.scale() - scale0) > scale0 * 1e-6) resolve({ at: performance.now(), kind: 'zoomed' });
            else if (performance.now() > stop) resolve({ at: NaN, kind: 'none' });
            else requestAnimationFrame(loop);
          };
          requestAnimationFrame(loop);
        }),
      [target, timeout],
    );
    if (device === 'phone') await page.touchscreen.tap(at.x, at.y);
    else await page.mouse.click(at.x, at.y);
    return answered;
  };
  const first = await press();
  const pressedAt = await page.evaluate(() => window.__pointerAt[0] ?? NaN);
  const out = { clickAt: pressedAt, answered: first.at, answerKind: first.kind };
  if (first.kind === 'none') return { ...out, clickError: 'the first click was not answered' };
  if (first.kind === 'zoomed') {
    // Let the zoom animation finish (the scale still for 5 frames), then click the same seat.
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          let last = -1;
          let still = 0;
          const loop = () => {
            const s = window.__seatmap.scale();
            still = s === last ? still + 1 : 0;
            last = s;
            if (still >= 5) resolve();
            else requestAnimationFrame(loop);
          };
          requestAnimationFrame(loop);
        }),
    );
    const second = await press();
    if (second.kind !== 'selected') return { ...out, clickError: `second click: ${second.kind}` };
  }
  const held = await page
    .waitForFunction(
      () => performance.getEntriesByType('resource').find((e) => e.name.includes('/api/seats/lock-seat'))?.responseEnd,
      null,
      { timeout, polling: 50 },
    )
    .then((h) => h.jsonValue());
  return { ...out, held };
}

/* ------------------------------------------------------------------ main */

const f0 = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '—');

async function main() {
  if (!args.includes('--no-build') || !existsSync(path.join(DIST, 'index.html'))) build();
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
    ],
  });
  const version = browser.version();
  const rows = [];
  try {
    for (const size of SIZES) {
      const fx = apiFixtures(size);
      server.setFixtures(fx);
      log(
        `${size} seats: plan ${fx.seatplan.length} B (${server.state.planBr.length} B brotli, ${server.state.planGzip.length} B gzip), statuses ${(fx.status.length / 1e6).toFixed(2)} MB (${(server.state.statusBr.length / 1e3).toFixed(1)} kB brotli), binary ${server.state.binary.length} B (${server.state.binaryBr.length} B brotli)`,
      );
      for (const device of DEVICES)
        for (const profile of PROFILES) {
          const loadStart = os.loadavg()[0];
          const runs = [];
          for (let k = 0; k < REPEATS; k++) {
            const r = await runOnce(browser, server.url, device, profile);
            runs.push(r);
            log(
              `  ${device} ${profile} #${k + 1}: first pixels ${f0(r.firstPixels)} ms${r.picture ? ' (the first-paint picture)' : ''}, map's first frame ${f0(r.mapFrame)} ms (plan requested ${f0(r.requested)} after ${r.codeFiles} code files / ${f0(r.codeKB)} KB and ${r.apiBefore} API calls, data in ${f0(r.dataReady)}, ours ${f0(r.ours)}; before the first seats ${r.bytesCode} B of code, ${r.bytesData} B of data asked, ${r.inCode} B / ${r.inData} B arrived), click ${f0(r.clickAt)} → answered ${f0(r.answered)} (${r.answerKind ?? '—'}), held ${f0(r.held)}${r.clickError ? ` [${r.clickError}]` : ''}${r.errors.length ? ` ERRORS: ${r.errors.join('; ')}` : ''}`,
            );
          }
          const loadEnd = os.loadavg()[0];
          const m = (f) => median(runs.map(f));
          rows.push({
            size,
            device,
            profile,
            seats: runs.find((r) => r.seats)?.seats,
            firstPixels: m((r) => r.firstPixels),
            mapFrame: m((r) => r.mapFrame),
            pictures: runs.filter((r) => r.picture).length,
            requested: m((r) => r.requested),
            dataReady: m((r) => r.dataReady),
            ours: m((r) => r.ours),
            codeFiles: m((r) => r.codeFiles),
            codeKB: m((r) => r.codeKB),
            bytesCode: m((r) => r.bytesCode),
            bytesData: m((r) => r.bytesData),
            inCode: m((r) => r.inCode),
            inData: m((r) => r.inData),
            clickAt: m((r) => r.clickAt),
            answered: m((r) => r.answered),
            held: m((r) => r.held),
            kinds: [...new Set(runs.map((r) => r.answerKind).filter(Boolean))].join('/'),
            ok: runs.filter((r) => r.errors.length === 0 && Number.isFinite(r.firstPixels)).length,
            load: [loadStart, loadEnd],
            errors: runs.flatMap((r) => [...r.errors, ...(r.clickError ? [r.clickError] : [])]),
          });
        }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  if (server.state.unknown.size) log(`API calls the bench answered 404: ${[...server.state.unknown].join(', ')}`);

  const smoke = REPEATS < 5;
  const lines = [];
  if (TREE !== ROOT) {
    const commit = spawnSync('git', ['-C', TREE, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).stdout.trim();
    lines.push(`The storefront of another checkout (--tree): ${TREE} at ${commit}.`, '');
  }
  lines.push(
    `Chromium ${version} headless (Debian /usr/bin/chromium, --disable-gpu: software rendering). The production storefront build served by load-tests/page.bench.mjs's stand-in server (static files, plan and statuses brotli, as server/dist serves them), synthetic bowls of N seats; a fresh browser context per page. desktop = 1280x800 DPR 1; phone = 390x844 DPR 3, touch. throttled = CPU 4x + Chrome DevTools "Fast 3G" (562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up). ${REPEATS} page${REPEATS === 1 ? '' : 's'} per row, medians${smoke ? ' — **a smoke run (fewer than 5 pages a row): not a result**' : ''}.`,
    '',
    "All times in ms from navigation start. First pixels = the first seats drawn on a canvas: the first-paint picture (client/src/first-paint/, mark hotline:first-paint) where the build has it, else the map's first frame (loader firstFrame), which has a column of its own with how many pages showed the picture;  in brackets when the plan request left (page code and the presentation call before it), when the seat-map loader had every answer (with the early requests of order/early-requests.ts that can be its own code arriving, not the bytes), and our own parse + model + first draw after that. Click = when the bench pressed a free seat near the centre of the map's part inside the window (as soon as the map said ready); answered = the first frame showing the seat selected, or (seats too small to aim at) the camera zooming to the section; held = the lock-seat answer in hand (after a second click where the first one zoomed; includes the bot-check proof of work).",
    '',
    "| seats | device | profile | first pixels (plan requested / data in / ours) | map's first frame (pictures) | target | code before the plan request | bytes before the first seats: code / data asked (arrived) | click → answered (how) | held | pages ok | load avg start–end |",
    '|---:|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of rows) {
    const target = r.profile === 'plain' ? 1000 : 2500;
    const busy = Math.max(...r.load) > 3;
    const verdict = busy || smoke ? 'not a result' : r.firstPixels < target ? 'met' : '**MISSED**';
    lines.push(
      `| ${r.size.toLocaleString('en')} | ${r.device} | ${r.profile} | ${f0(r.firstPixels)} (${f0(r.requested)} / ${f0(r.dataReady)} / ${f0(r.ours)}) | ${f0(r.mapFrame)} (${r.pictures}/${REPEATS}) | < ${target.toLocaleString('en')}: ${verdict} | ${f0(r.codeFiles)} files, ${f0(r.codeKB)} KB | ${f0(r.bytesCode)} / ${f0(r.bytesData)} (${f0(r.inCode)} / ${f0(r.inData)}) | ${f0(r.clickAt)} → ${f0(r.answered)} (${r.kinds || '—'}) | ${f0(r.held)} | ${r.ok}/${REPEATS} | ${r.load.map((l) => l.toFixed(2)).join('–')}${busy ? ' (above 3: not a result)' : ''} |`,
    );
  }
  const errors = [...new Set(rows.flatMap((r) => r.errors))];
  if (errors.length) lines.push('', `Errors: ${errors.slice(0, 8).join('; ')}`);
  const title = 'Order page: navigation → first seat pixels and first click (load-tests/page.bench.mjs)';
  if (WRITE) appendResults(title, lines);
  else process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
