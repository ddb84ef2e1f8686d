import { apply, SEAT_FEATURE_CODES, type SeatDeltaMessage } from '@hotline/shared';
import { featureMask } from './model/features';
import type { SeatMapController } from './controller';
import { seatIndexOf } from './model/seat-store';
import { planToScreen, screenToPlan } from './model/viewport';

/**
 * A small window.__seatmap handle for tests and benchmarks, installed only
 * with ?debug or ?test in the address. Positions are in page CSS pixels, so
 * Playwright can click a seat on the canvas.
 */
export interface SeatMapDebugHook {
  ready(): boolean;
  scale(): number;
  fitScale(): number;
  seatCount(): number;
  seatScreenPosition(sectionId: number, x: number, y: number): { x: number; y: number } | null;
  /** A seat (sectionId, x, y) with this status, nearest the centre of the view; null when none. */
  findSeat(status: number, onScreen?: boolean): { sectionId: number; x: number; y: number } | null;
  seatStatus(sectionId: number, x: number, y: number): number;
  /** Seat centre in plan units (for setView). */
  seatPlanPosition(sectionId: number, x: number, y: number): { x: number; y: number } | null;
  isSelected(sectionId: number, x: number, y: number): boolean;
  /**
   * Page points `half` seats before and after the seat along both of its section's own axes (the two ends of a
   * box-office drag in the section's frame, whichever way the section is turned).
   */
  sectionFrameCorners(
    sectionId: number,
    x: number,
    y: number,
    half: number,
  ): { x0: number; y0: number; x1: number; y1: number } | null;
  /** Releases every seat this page holds, as taps on them would: a spec leaves the shared demo seats as it found them. */
  releaseAll(): Promise<void>;
  /** Seats picked whose lock the server has not answered yet. */
  locksInFlight(): number;
  /**
   * The seats (in x order) of a row of at least `minSeats` seats, all available, side by side (consecutive x), with no
   * couches and no left/middle/right seats, skipping the first `skip` such rows; null when none.
   */
  freeRow(minSeats: number, skip?: number, turned?: boolean): { sectionId: number; x: number; y: number }[] | null;
  focusedSeat(): { sectionId: number; x: number; y: number } | null;
  /**
   * Free seats on screen (away from the edges, clear of the phone's bar), nearest to the given seat first, and whether
   * the order-change mode lets them be chosen (managers/change.ts).
   */
  freeSeatsNear(
    sectionId: number,
    x: number,
    y: number,
    limit: number,
  ): { sectionId: number; x: number; y: number; choosable: boolean }[];
  /** Free seats with the wheelchair or companion feature (what the accessible filter should mark). */
  accessibleFree(): number;
  /** The biggest reserved section whose centre is on screen: its centre in page px, name and available seats. */
  reservedSectionOnScreen(): { x: number; y: number; name: string; available: number } | null;
  /** Moves the camera: scale relative to fit, centre in plan units (default: keep). */
  setView(relativeScale: number, cx?: number, cy?: number): void;
  planBounds(): { minX: number; minY: number; maxX: number; maxY: number };
  /** A point of the plan (plan units) on the page, in page px (after the last camera change): where decor lies. */
  planPointOnPage(x: number, y: number): { x: number; y: number } | null;
  /** The venue's seats' extent on screen, in page px (after the last camera change). */
  seatsOnPage(): { top: number; bottom: number; left: number; right: number };
  /** Available seats with a feature glyph (wheelchair, limited view…): where they are and their seat number. */
  featureSeats(): { sectionId: number; x: number; y: number; name: string }[];
  /** A typical seat's size on screen (CSS px). */
  seatPx(): number;
  /**
   * Every section's box on the page (px), its own (turned) rectangle's corners on the page, its name in the catalogue
   * language, and whether it is wholly on screen.
   */
  sectionsOnScreen(): {
    name: string;
    corners: { x: number; y: number }[];
    reserved: boolean;
    left: number;
    right: number;
    top: number;
    bottom: number;
    onScreen: boolean;
  }[];
  /** CSS px of the map's bottom the camera keeps free for the phone's bar. */
  bottomInset(): number;
  /** How many seats lie (wholly or partly) under a box given in page px: what a label drawn there would cover. */
  seatsUnder(left: number, top: number, right: number, bottom: number): number;
  /**
   * The labels of the last frame drawn (kind, text, page position of its centre, font size, measured width); recorded
   * from the first call on.
   */
  labels(): { kind: string; text: string; x: number; y: number; px: number; w: number }[];
  /** Draws now, synchronously. */
  flush(): void;
  stats(): unknown;
  timings(): unknown;
  /** Feeds a delta through the same path as the socket. */
  applyDelta(msg: SeatDeltaMessage): void;
  version(): number;
  /** Average nanoseconds per hit test over n random points in the plan. */
  hitTestBench(n: number): number;
  firstFrame(): Promise<void>;
  /**
   * Benchmark: drives the camera along a scripted path for `durationMs`, one
   * step per animation frame; each step sets the camera, draws synchronously
   * and reads one pixel back from every layer (forcing the canvas to really
   * rasterise). Returns per-step times and animation-frame intervals (ms).
   */
  benchPath(kind: 'panzoom' | 'overview', durationMs: number): Promise<{ frames: number[]; intervals: number[] }>;
  /** Benchmark: n seats turn taken through the live-delta path; ms until they are on the canvas (drawn and read back). */
  benchLive(
    n: number,
    relativeScale?: number,
  ): Promise<{ ms: number; changed: number; pixelOk: boolean; pixelsChanged: number }>;
  /** Benchmark: ms per pick through the renderer's own seatAt (Konva hit graph for the naive layer). */
  benchPick(n: number): number;
}

declare global {
  interface Window {
    __seatmap?: SeatMapDebugHook;
  }
}

export function installDebugHook(c: SeatMapController): () => void {
  const canvasOffset = () => {
    const el = c.renderer?.stage.container().getBoundingClientRect();
    return { left: el?.left ?? 0, top: el?.top ?? 0 };
  };
  const hook: SeatMapDebugHook = {
    ready: () => c.renderer !== null && c.ui.getState().phase === 'ready',
    scale: () => c.camera.current?.scale ?? 0,
    fitScale: () => c.camera.fit?.scale ?? 0,
    seatCount: () => c.store?.count ?? 0,
    seatScreenPosition(sectionId, x, y) {
      const i = seatIndexOf(c.store, sectionId, x, y);
      if (i < 0 || !c.renderer) return null;
      const p = c.renderer.seatOnScreen(i);
      const o = canvasOffset();
      return { x: p.x + o.left, y: p.y + o.top };
    },
    findSeat(status, onScreen = true) {
      const st = c.store;
      const cam = c.camera.current;
      if (!cam) return null;
      const centre = screenToPlan(cam, cam.viewportWidth / 2, cam.viewportHeight / 2);
      let best = -1;
      let bestD = Infinity;
      for (let i = 0; i < st.count; i++) {
        if (st.status[i] !== status || c.selection.has(i)) continue;
        const sx = st.x[i]! * cam.scale + cam.x;
        const sy = st.y[i]! * cam.scale + cam.y;
        if (onScreen && (sx < 30 || sy < 30 || sx > cam.viewportWidth - 30 || sy > cam.viewportHeight - 30)) continue;
        const d = (st.x[i]! - centre.x) ** 2 + (st.y[i]! - centre.y) ** 2;
        if (d < bestD) {
          bestD = d;
          best = i;
        }
      }
      return best < 0 ? null : { sectionId: st.sectionId[best]!, x: st.coordX[best]!, y: st.coordY[best]! };
    },
    freeSeatsNear(sectionId, x, y, limit) {
      const st = c.store;
      const cam = c.camera.current;
      const from = seatIndexOf(st, sectionId, x, y);
      if (!cam || from < 0) return [];
      const bottom = cam.viewportHeight - Math.max(30, c.camera.bottomInset);
      const found: { i: number; d: number }[] = [];
      for (let i = 0; i < st.count; i++) {
        if (st.status[i] !== 1 || c.selection.has(i)) continue;
        const sx = st.x[i]! * cam.scale + cam.x;
        const sy = st.y[i]! * cam.scale + cam.y;
        if (sx < 30 || sy < 30 || sx > cam.viewportWidth - 30 || sy > bottom) continue;
        found.push({ i, d: (st.x[i]! - st.x[from]!) ** 2 + (st.y[i]! - st.y[from]!) ** 2 });
      }
      found.sort((a, b) => a.d - b.d);
      return found.slice(0, limit).map(({ i }) => ({
        sectionId: st.sectionId[i]!,
        x: st.coordX[i]!,
        y: st.coordY[i]!,
        choosable: c.change.active && c.change.choosable(i),
      }));
    },
    seatPlanPosition(sectionId, x, y) {
      const i = seatIndexOf(c.store, sectionId, x, y);
      return i < 0 ? null : { x: c.store.x[i]!, y: c.store.y[i]! };
    },
    sectionFrameCorners(sectionId, x, y, half) {
      const i = seatIndexOf(c.store, sectionId, x, y);
      const r = c.renderer;
      if (i < 0 || !r) return null;
      const st = c.store;
      const m = st.sections[st.sectionIndex[i]!]!.transform;
      const d = half * st.typicalSeatSize;
      const corner = (lx: number, ly: number) => {
        const p = apply(m, lx, ly);
        return planToScreen(r.camera, p.x, p.y);
      };
      const a = corner(st.localX[i]! - d, st.localY[i]! - d);
      const b = corner(st.localX[i]! + d, st.localY[i]! + d);
      const o = canvasOffset();
      return { x0: a.x + o.left, y0: a.y + o.top, x1: b.x + o.left, y1: b.y + o.top };
    },
    seatStatus(sectionId, x, y) {
      const i = seatIndexOf(c.store, sectionId, x, y);
      return i < 0 ? -1 : c.store.status[i]!;
    },
    isSelected(sectionId, x, y) {
      const i = seatIndexOf(c.store, sectionId, x, y);
      return i >= 0 && c.selection.has(i);
    },
    locksInFlight: () => c.holds.locksInFlight,
    async releaseAll() {
      for (const i of c.selection.indices()) if (c.selection.has(i)) await c.holds.toggleSeat(i);
    },
    freeRow(minSeats, skip = 0, turned = false) {
      const st = c.store;
      const exempt = featureMask([
        SEAT_FEATURE_CODES.isLeftSeat,
        SEAT_FEATURE_CODES.isMiddleSeat,
        SEAT_FEATURE_CODES.isRightSeat,
      ]);
      let left = skip;
      for (const row of st.rows) {
        const n = row.end - row.start;
        if (n < minSeats || !st.sections[row.sectionIndex]!.isReserved) continue;
        if (turned) {
          // A section turned off the page's axes (not by a multiple of 90 degrees).
          const [a, b] = st.sections[row.sectionIndex]!.transform;
          const deg = (Math.atan2(b, a) * 180) / Math.PI;
          const off = Math.abs(deg - 90 * Math.round(deg / 90));
          if (off < 10) continue;
        }
        const seats: { sectionId: number; x: number; y: number }[] = [];
        let ok = true;
        for (let i = row.start; i < row.end && ok; i++) {
          ok = st.status[i] === 1 && (st.features[i]! & exempt) === 0 && st.togetherGroup[i]! < 0;
          seats.push({ sectionId: st.sectionId[i]!, x: st.coordX[i]!, y: st.coordY[i]! });
        }
        seats.sort((a, b) => a.x - b.x);
        if (!ok || seats.some((s, k) => s.x !== seats[0]!.x + k)) continue;
        if (left-- > 0) continue;
        return seats;
      }
      return null;
    },
    reservedSectionOnScreen() {
      const st = c.store;
      const cam = c.camera.current;
      if (!cam) return null;
      const o = canvasOffset();
      let best: { x: number; y: number; name: string; available: number; size: number } | null = null;
      for (const sec of st.sections) {
        const size = sec.seatEnd - sec.seatStart;
        if (!sec.isReserved || size === 0 || (best && best.size >= size)) continue;
        // The middle seat of the section: inside its floor whatever the section's shape.
        const mid = sec.seatStart + Math.floor(size / 2);
        const sx = st.x[mid]! * cam.scale + cam.x;
        const sy = st.y[mid]! * cam.scale + cam.y;
        if (sx < 40 || sy < 40 || sx > cam.viewportWidth - 40 || sy > cam.viewportHeight - 40) continue;
        let available = 0;
        for (let i = sec.seatStart; i < sec.seatEnd; i++) if (st.status[i] === 1) available++;
        best = { x: sx + o.left, y: sy + o.top, name: c.sectionName(sec.index), available, size };
      }
      return best && { x: best.x, y: best.y, name: best.name, available: best.available };
    },
    accessibleFree() {
      const st = c.store;
      const mask = featureMask([SEAT_FEATURE_CODES.isHandicap, SEAT_FEATURE_CODES.isCompanion]);
      let n = 0;
      for (let i = 0; i < st.count; i++) if (st.status[i] === 1 && (st.features[i]! & mask) !== 0) n++;
      return n;
    },
    focusedSeat() {
      const i = c.ui.getState().focus;
      if (i < 0) return null;
      return { sectionId: c.store.sectionId[i]!, x: c.store.coordX[i]!, y: c.store.coordY[i]! };
    },
    setView(relativeScale, cx, cy) {
      const cam = c.camera.current;
      if (!cam || !c.camera.fit) return;
      const scale = c.camera.fit.scale * relativeScale;
      const centre =
        cx === undefined || cy === undefined
          ? screenToPlan(cam, cam.viewportWidth / 2, cam.viewportHeight / 2)
          : { x: cx, y: cy };
      c.camera.stopAnimation();
      c.camera.set({
        ...cam,
        scale,
        x: cam.viewportWidth / 2 - centre.x * scale,
        y: cam.viewportHeight / 2 - centre.y * scale,
      });
    },
    planBounds: () => ({ ...c.store.bounds }),
    planPointOnPage(x, y) {
      const cam = c.camera.current;
      if (!cam) return null;
      const p = planToScreen(cam, x, y);
      const o = canvasOffset();
      return { x: p.x + o.left, y: p.y + o.top };
    },
    seatsOnPage() {
      const st = c.store;
      const cam = c.camera.current!;
      const o = canvasOffset();
      let minY = Infinity;
      let maxY = -Infinity;
      let minX = Infinity;
      let maxX = -Infinity;
      for (let i = 0; i < st.count; i++) {
        minY = Math.min(minY, st.y[i]! - st.halfH[i]!);
        maxY = Math.max(maxY, st.y[i]! + st.halfH[i]!);
        minX = Math.min(minX, st.x[i]! - st.halfW[i]!);
        maxX = Math.max(maxX, st.x[i]! + st.halfW[i]!);
      }
      const k = cam.scale;
      return {
        top: minY * k + cam.y + o.top,
        bottom: maxY * k + cam.y + o.top,
        left: minX * k + cam.x + o.left,
        right: maxX * k + cam.x + o.left,
      };
    },
    bottomInset: () => c.camera.bottomInset,
    featureSeats() {
      const st = c.store;
      const out: { sectionId: number; x: number; y: number; name: string }[] = [];
      for (let i = 0; i < st.count; i++)
        if (st.status[i] === 1 && c.scene.glyphId[i]! >= 0)
          out.push({ sectionId: st.sectionId[i]!, x: st.coordX[i]!, y: st.coordY[i]!, name: st.seatName[i]! });
      return out;
    },
    seatPx: () => (c.camera.current?.scale ?? 0) * c.store.typicalSeatSize,
    sectionsOnScreen() {
      const cam = c.camera.current!;
      const o = canvasOffset();
      const k = cam.scale;
      return c.store.sections.map((sec) => {
        const b = sec.bounds;
        const x0 = b.minX * k + cam.x;
        const x1 = b.maxX * k + cam.x;
        const y0 = b.minY * k + cam.y;
        const y1 = b.maxY * k + cam.y;
        return {
          name: c.sectionName(sec.index),
          corners: sec.corners.map((p) => ({ x: p.x * k + cam.x + o.left, y: p.y * k + cam.y + o.top })),
          reserved: sec.isReserved,
          left: x0 + o.left,
          right: x1 + o.left,
          top: y0 + o.top,
          bottom: y1 + o.top,
          onScreen: x0 >= 0 && y0 >= 0 && x1 <= cam.viewportWidth && y1 <= cam.viewportHeight,
        };
      });
    },
    seatsUnder(left, top, right, bottom) {
      const cam = c.camera.current!;
      const o = canvasOffset();
      const k = cam.scale;
      const px = (x: number) => (x - o.left - cam.x) / k;
      const py = (y: number) => (y - o.top - cam.y) / k;
      return c.renderer!.spatialIndex().queryRect(px(left), py(top), px(right), py(bottom)).length;
    },
    labels() {
      const r = c.renderer as (typeof c.renderer & { recordLabels?: boolean; lastLabels?: unknown[] }) | null;
      if (!r || !('recordLabels' in r)) return [];
      if (!r.recordLabels) {
        r.recordLabels = true;
        r.staticChanged();
        r.flush();
      }
      const o = canvasOffset();
      return (r.lastLabels as { kind: string; text: string; x: number; y: number; px: number; w: number }[]).map(
        (l) => ({
          ...l,
          x: l.x + o.left,
          y: l.y + o.top,
        }),
      );
    },
    flush: () => c.renderer?.flush(),
    stats: () => ({ ...c.renderer?.stats }),
    timings: () => ({ ...c.loader.timings }),
    applyDelta: (msg) => c.live.handleDelta(msg),
    version: () => c.sync?.version ?? 0,
    hitTestBench(n) {
      const index = c.renderer!.spatialIndex();
      const b = c.store.bounds;
      const xs = new Float64Array(n);
      const ys = new Float64Array(n);
      // Half the probes on seat centres (hits), half anywhere (mostly misses).
      for (let k = 0; k < n; k++) {
        if (k % 2 === 0 && c.store.count > 0) {
          const i = Math.floor(Math.random() * c.store.count);
          xs[k] = c.store.x[i]!;
          ys[k] = c.store.y[i]!;
        } else {
          xs[k] = b.minX + Math.random() * (b.maxX - b.minX);
          ys[k] = b.minY + Math.random() * (b.maxY - b.minY);
        }
      }
      let sink = 0;
      for (let k = 0; k < Math.min(n, 10000); k++) sink += index.hitTest(xs[k]!, ys[k]!);
      const t0 = performance.now();
      for (let k = 0; k < n; k++) sink += index.hitTest(xs[k]!, ys[k]!);
      const ns = ((performance.now() - t0) * 1e6) / n;
      (window as { __sink?: number }).__sink = sink;
      return ns;
    },
    firstFrame: () => c.loader.firstFrame,
    benchPath(kind, durationMs) {
      const r = c.renderer!;
      const fit = c.camera.fit!;
      const b = c.store.bounds;
      const canvases = Array.from(r.stage.container().querySelectorAll('canvas'));
      const raster = () => {
        for (const cv of canvases) cv.getContext('2d')!.getImageData(0, 0, 1, 1);
      };
      const cx0 = (b.minX + b.maxX) / 2;
      const cy0 = (b.minY + b.maxY) / 2;
      const w = b.maxX - b.minX;
      const h = b.maxY - b.minY;
      const frames: number[] = [];
      const intervals: number[] = [];
      return new Promise((resolve) => {
        const start = performance.now();
        let last = start;
        const step = (now: number) => {
          const t = (now - start) / 1000;
          // panzoom: 0.5x..3x of fit, centre wandering over the middle of the venue.
          // overview: 0.5x..1x of fit, sweeping across the whole venue.
          const rel =
            kind === 'panzoom' ? 1.75 - 1.25 * Math.cos(t * Math.PI * 1.3) : 0.75 - 0.25 * Math.cos(t * Math.PI * 2);
          const amp = kind === 'panzoom' ? 0.3 : 0.45;
          const cx = cx0 + amp * w * Math.sin(t * 2.1);
          const cy = cy0 + amp * h * Math.sin(t * 1.7 + 0.6);
          const t0 = performance.now();
          hook.setView(rel, cx, cy);
          r.flush();
          raster();
          frames.push(performance.now() - t0);
          intervals.push(now - last);
          last = now;
          if (now - start < durationMs) requestAnimationFrame(step);
          else {
            c.camera.set(fit);
            resolve({ frames, intervals: intervals.slice(1) });
          }
        };
        requestAnimationFrame(step);
      });
    },
    async benchLive(n, relativeScale = 1) {
      const r = c.renderer!;
      if (c.camera.fit) c.camera.set(c.camera.fit);
      // Zoomed in: centred on the seats (a bowl's centre is its stage).
      if (relativeScale !== 1) {
        const k = Math.floor(c.store.count * 0.37);
        hook.setView(relativeScale, c.store.x[k], c.store.y[k]);
      }
      r.flush();
      const st = c.store;
      const cam = c.camera.current!;
      const pool: number[] = [];
      // Seats on screen (away from the edges), so every change can be seen.
      for (let i = 0; i < st.count; i++) {
        if (st.status[i] !== 1) continue;
        const sx = st.x[i]! * cam.scale + cam.x;
        const sy = st.y[i]! * cam.scale + cam.y;
        if (sx > 4 && sy > 4 && sx < cam.viewportWidth - 4 && sy < cam.viewportHeight - 4) pool.push(i);
      }
      for (let k = pool.length - 1; k > 0; k--) {
        const j = Math.floor(Math.random() * (k + 1));
        [pool[k], pool[j]] = [pool[j]!, pool[k]!];
      }
      const picks = pool.slice(0, n);
      const v = c.sync.version;
      const rows = picks.map(
        (i) =>
          [st.sectionId[i]!, st.groupId[i]!, st.coordX[i]!, st.coordY[i]!, -1, st.ticketGroup[i]!, 5] as [
            number,
            number,
            number,
            number,
            number,
            number,
            number,
          ],
      );
      const canvases = Array.from(r.stage.container().querySelectorAll('canvas'));
      const seatLayer = canvases[0]!;
      const ratio = seatLayer.width / seatLayer.getBoundingClientRect().width;
      const sample = () => {
        const data = seatLayer.getContext('2d')!.getImageData(0, 0, seatLayer.width, seatLayer.height).data;
        // A 3×3 neighbourhood per seat: zoomed out a seat is ~1 px, blended across its neighbours.
        return picks.map((i) => {
          const p = r.seatOnScreen(i);
          let sum = 0;
          for (let dy = -1; dy <= 1; dy++) {
            for (let dx = -1; dx <= 1; dx++) {
              const o = ((Math.round(p.y * ratio) + dy) * seatLayer.width + Math.round(p.x * ratio) + dx) * 4;
              sum = (sum * 31 + (data[o]! << 16) + (data[o + 1]! << 8) + data[o + 2]!) % 2147483647;
            }
          }
          return sum;
        });
      };
      const before = sample();
      await new Promise((res) => setTimeout(res, 50));
      const t0 = performance.now();
      c.live.handleDelta({ presentationId: c.presentation.id, fromVersion: v, toVersion: v + 1, rows });
      r.flush();
      for (const cv of canvases) cv.getContext('2d')!.getImageData(0, 0, 1, 1);
      const ms = performance.now() - t0;
      // Sanity: the pixels at the changed seats did change (at overview zoom a seat is ~1 px, blended with its neighbours).
      const after = sample();
      const moved = after.filter((v2, k) => v2 !== before[k]).length;
      const grey = moved >= picks.length * 0.8;
      // Put the seats back (untimed) so the next run starts from the same map.
      c.live.handleDelta({
        presentationId: c.presentation.id,
        fromVersion: v + 1,
        toVersion: v + 2,
        rows: rows.map((row) => [row[0], row[1], row[2], row[3], row[4], row[5], 1] as typeof row),
      });
      r.flush();
      return { ms, changed: picks.length, pixelOk: grey, pixelsChanged: moved };
    },
    benchPick(n) {
      const r = c.renderer!;
      const cam = c.camera.current!;
      let sink = 0;
      const t0 = performance.now();
      for (let k = 0; k < n; k++)
        sink += r.seatAt(Math.random() * cam.viewportWidth, Math.random() * cam.viewportHeight, 0);
      (window as { __sink?: number }).__sink = sink;
      return (performance.now() - t0) / n;
    },
  };
  window.__seatmap = hook;
  return () => {
    if (window.__seatmap === hook) delete window.__seatmap;
  };
}
