import type { SeatDeltaMessage } from '@hotline/shared';
import type { SeatMapController } from './controller';
import { seatIndexOf } from './model/seat-store';
import { screenToPlan } from './model/viewport';

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
  isSelected(sectionId: number, x: number, y: number): boolean;
  focusedSeat(): { sectionId: number; x: number; y: number } | null;
  /** Moves the camera: scale relative to fit, centre in plan units (default: keep). */
  setView(relativeScale: number, cx?: number, cy?: number): void;
  planBounds(): { minX: number; minY: number; maxX: number; maxY: number };
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
    scale: () => c.camera?.scale ?? 0,
    fitScale: () => c.fit?.scale ?? 0,
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
      const cam = c.camera;
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
    seatStatus(sectionId, x, y) {
      const i = seatIndexOf(c.store, sectionId, x, y);
      return i < 0 ? -1 : c.store.status[i]!;
    },
    isSelected(sectionId, x, y) {
      const i = seatIndexOf(c.store, sectionId, x, y);
      return i >= 0 && c.selection.has(i);
    },
    focusedSeat() {
      const i = c.ui.getState().focus;
      if (i < 0) return null;
      return { sectionId: c.store.sectionId[i]!, x: c.store.coordX[i]!, y: c.store.coordY[i]! };
    },
    setView(relativeScale, cx, cy) {
      const cam = c.camera;
      if (!cam || !c.fit) return;
      const scale = c.fit.scale * relativeScale;
      const centre = cx === undefined || cy === undefined ? screenToPlan(cam, cam.viewportWidth / 2, cam.viewportHeight / 2) : { x: cx, y: cy };
      c.stopAnimation();
      c.setCamera({ ...cam, scale, x: cam.viewportWidth / 2 - centre.x * scale, y: cam.viewportHeight / 2 - centre.y * scale });
    },
    planBounds: () => ({ ...c.store.bounds }),
    flush: () => c.renderer?.flush(),
    stats: () => ({ ...c.renderer?.stats }),
    timings: () => ({ ...c.timings }),
    applyDelta: (msg) => c.handleDelta(msg),
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
    firstFrame: () => c.firstFrame,
  };
  window.__seatmap = hook;
  return () => {
    if (window.__seatmap === hook) delete window.__seatmap;
  };
}
