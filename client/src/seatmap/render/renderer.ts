import Konva from 'konva';
import { SeatBatches } from '../model/batches';
import { DirtySections } from '../model/dirty';
import type { SeatSelection } from '../model/selection';
import { ScreenHitTester, sectionAtScreen } from '../model/hit-test';
import { SpatialIndex } from '../model/spatial-index';
import type { StatusSync } from '../model/status-sync';
import type { ApiDecorLabel, Bounds } from '@hotline/shared';
import { planToScreen, visiblePlanRect, type Camera } from '../model/viewport';
import { BitmapCache } from './bitmap-cache';
import { drawDecor } from './decor';
import { DotAtlas, DOT_PLOT_MAX_PX, packColour } from './dot-atlas';
import { glyphPath } from './glyphs';
import { bitmapScaleFor, renderModeFor, seatPixels, type RenderMode } from './lod';
import { drawGlyph, paintFloor, paintSeats, patchSeats, sectionPolygon, seatOutlinePath } from './painter';
import { Paint } from './palette';
import { refreshClass, type SceneData } from './scene';
import { layoutLabels, SEAT_NUMBER_MIN_PX, SEAT_NUMBER_MIN_PX_LARGE } from './label-layout';
import { labelPainter, type DrawnLabel } from './label-paint';
import { textWidth } from './text';

/**
 * The canvas side of the seat map (Konva). No React in here: the component
 * mounts it once and then talks to it imperatively.
 *
 * Layers:
 *  - static: one Konva.Shape per SECTION (never per seat) whose sceneFunc draws
 *    that section's seats from the typed arrays, one path per colour, or, when
 *    zoomed out, one drawImage of the section's cached bitmap; then one shape
 *    that draws every label in screen space. Not listening: no hit canvas.
 *  - overlay: one shape for what changes with the pointer — selected seats,
 *    hover, keyboard focus, "just taken" flashes, the rubber band. Selecting
 *    a seat redraws only this small layer.
 * Zoom and pan set the Konva stage's transform directly and draw on the next
 * animation frame; React state is not involved. Hit-testing inverts the
 * camera and asks the model's SpatialIndex (no Konva hit graph).
 */
export interface RendererOptions {
  scene: SceneData;
  pixelRatio: number;
  /** Box office: bigger labels. */
  largeLabels: boolean;
  /** Section names in the UI language. */
  sectionName: (s: number) => string;
  /** The stage or screen label in the UI language (asked each frame: a language change redraws it). */
  stageLabel: () => string | null;
  /** A decor text or shape label in the UI language (asked each frame); absent: the Hebrew. */
  decorLabel?: (label: ApiDecorLabel) => string;
  /** GA area caption: "120 left" / "Sold out". */
  gaCaption: (s: number) => string;
  /** Reserved section with no seat left: its overview label says so (a caption under the name). */
  soldOutCaption?: (s: number) => string;
  /** Device pixels of section bitmaps kept in memory. */
  bitmapBudget: number;
}

export interface OverlaySources {
  selection: SeatSelection | null;
  sync: StatusSync | null;
  /** Places this visitor holds per GA section. */
  gaHeld: (s: number) => number;
}

export interface RubberBand {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /**
   * What the block will take, in screen coordinates: four corners (a box turned with its section) or two points (a
   * run of one row). Absent: the screen rectangle itself.
   */
  outline?: readonly { x: number; y: number }[];
}

export interface FrameStats {
  /** Milliseconds the last frame took (JS + canvas calls). */
  lastFrameMs: number;
  mode: RenderMode;
  bitmapPixels: number;
  frames: number;
}

/** What the controller needs from a seat layer (the real renderer, or the benchmark's naive baseline). */
export interface SeatLayer {
  readonly stage: Konva.Stage;
  readonly stats: FrameStats;
  camera: Camera;
  hover: number;
  hoverSection: number;
  focus: number;
  rubber: RubberBand | null;
  /** Seats the buyer's filter points out (accessible seats, a price cap): ringed on the overlay. */
  highlight: Int32Array | null;
  /** Changing an order: the order's own seats, marked "your seat" on the overlay. */
  marked: Int32Array | null;
  /** CSS px at the bottom of the map covered by the phone's bar: row names are not pinned under it. */
  bottomInset: number;
  onFrame: ((stats: FrameStats) => void) | null;
  setSources(sources: OverlaySources): void;
  setCamera(cam: Camera): void;
  resize(width: number, height: number): void;
  statusChanged(indices: ArrayLike<number>): void;
  staticChanged(): void;
  overlayChanged(): void;
  repaintAll(): void;
  spatialIndex(): SpatialIndex;
  seatAt(sx: number, sy: number, tolerancePx?: number): number;
  sectionAt(sx: number, sy: number): number;
  seatOnScreen(i: number): { x: number; y: number };
  flush(): void;
  destroy(): void;
}

/** The camera has rested this long at a new zoom: build that zoom's dot atlas. */
const ATLAS_SETTLE_MS = 150;

interface SeatMarkLook {
  fill: string;
  ring: string;
  mark: string;
  glyph: Path2D;
  /** The glyph's size as a share of the seat's smaller side. */
  size: number;
}

/**
 * A seat drawn over the plan in a state of its own (selected, or the order's own seat being changed): filled, ringed and
 * marked with a glyph; a seat under 7 px on screen becomes a dot of at least 10 px so it can still be seen.
 */
function markSeat(
  ctx: CanvasRenderingContext2D,
  scene: SceneData,
  i: number,
  k: number,
  seatPx: number,
  look: SeatMarkLook,
): void {
  const st = scene.store;
  ctx.beginPath();
  if (seatPx < 7) ctx.arc(st.x[i]!, st.y[i]!, Math.max(st.halfW[i]!, 5 / k), 0, Math.PI * 2);
  else seatOutlinePath(ctx, scene, i, 0);
  ctx.fillStyle = look.fill;
  ctx.fill();
  ctx.lineWidth = seatPx < 7 ? 2 / k : Math.max(2 / k, st.typicalSeatSize * 0.08);
  ctx.strokeStyle = look.ring;
  ctx.stroke();
  if (seatPx < 7) return;
  drawGlyph(ctx, look.glyph, st.x[i]!, st.y[i]!, Math.min(st.halfW[i]!, st.halfH[i]!) * 2 * look.size, 0, look.mark);
}

const intersects = (a: Bounds, b: Bounds) =>
  a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

export class SeatMapRenderer implements SeatLayer {
  readonly stage: Konva.Stage;
  readonly scene: SceneData;
  readonly batches: SeatBatches;
  readonly stats: FrameStats = { lastFrameMs: 0, mode: 'bitmap', bitmapPixels: 0, frames: 0 };
  camera: Camera;
  hover = -1;
  hoverSection = -1;
  focus = -1;
  rubber: RubberBand | null = null;
  highlight: Int32Array | null = null;
  marked: Int32Array | null = null;
  bottomInset = 0;
  /** Tests (window.__seatmap.labels()): keep the last frame's labels in `lastLabels`. */
  recordLabels = false;
  /** w: the text's measured width (CSS px), so a test can tell what a label covers. */
  lastLabels: DrawnLabel[] = [];
  /** Called after each frame is on the canvas (bench, tests). */
  onFrame: ((stats: FrameStats) => void) | null = null;

  private readonly staticLayer: Konva.Layer;
  private readonly overlayLayer: Konva.Layer;
  private readonly cache: BitmapCache;
  private readonly batchDirty: DirtySections;
  private readonly pendingPatch: Map<number, number[]> = new Map();
  private readonly queue = new Set<number>();
  private index: SpatialIndex | null = null;
  private raf = 0;
  private cameraDirty = true;
  private staticDirty = true;
  private overlayDirty = true;
  private view: Bounds = { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  private mode: RenderMode = 'bitmap';
  private destroyed = false;
  private neighbourBuf = new Int32Array(64);
  private sources: OverlaySources = { selection: null, sync: null, gaHeld: () => 0 };
  /** Zoomed far out: every section's bitmap in one dot atlas (see dot-atlas.ts). */
  private atlas: DotAtlas | null = null;
  /** The previous zoom bucket's atlas, kept while both fit the pixel budget: zooming back is free. */
  private spareAtlas: DotAtlas | null = null;
  /** A bucket whose atlas is built on the next frame: the camera has rested at it (see chooseAtlas). */
  private atlasDue = 0;
  private atlasTimer: ReturnType<typeof setTimeout> | null = null;
  private useAtlas = false;
  private wasFlashing = false;

  constructor(
    container: HTMLDivElement,
    camera: Camera,
    private readonly opts: RendererOptions,
  ) {
    this.scene = opts.scene;
    this.camera = camera;
    const store = this.scene.store;
    // Grouped lazily: zoomed out, a big venue is drawn from bitmaps and needs no batches yet.
    this.batches = new SeatBatches(store, (i) => this.scene.cls[i]!, 64, { deferBuild: true });
    this.batchDirty = new DirtySections(store.sections.length);
    this.batchDirty.markAll();
    this.cache = new BitmapCache(store.sections.length, opts.bitmapBudget);

    Konva.pixelRatio = opts.pixelRatio;
    this.stage = new Konva.Stage({
      container,
      width: camera.viewportWidth,
      height: camera.viewportHeight,
      listening: false,
    });
    this.staticLayer = new Konva.Layer({ listening: false, imageSmoothingEnabled: true });
    this.overlayLayer = new Konva.Layer({ listening: false });
    this.stage.add(this.staticLayer, this.overlayLayer);

    const decor = this.scene.plan.Decor;
    if (decor && (decor.shapes.length || decor.texts.length)) {
      // Under the stage and the seats: one shape for all of it.
      this.staticLayer.add(
        new Konva.Shape({
          listening: false,
          perfectDrawEnabled: false,
          sceneFunc: (c) =>
            drawDecor(c._context, decor, {
              label: this.opts.decorLabel ?? ((l) => l.he),
              ink: this.scene.palette.rowLabel,
              px: this.camera.scale * this.opts.pixelRatio,
              pixelRatio: this.opts.pixelRatio,
            }),
        }),
      );
    }
    if (this.scene.plan.Stage) {
      this.staticLayer.add(
        new Konva.Shape({
          listening: false,
          perfectDrawEnabled: false,
          sceneFunc: (c) => this.drawStageMarker(c._context),
        }),
      );
    }
    for (let s = 0; s < store.sections.length; s++) {
      this.staticLayer.add(
        new Konva.Shape({
          listening: false,
          perfectDrawEnabled: false,
          sceneFunc: (c) => this.drawSection(c._context, s),
        }),
      );
    }
    this.staticLayer.add(
      new Konva.Shape({ listening: false, perfectDrawEnabled: false, sceneFunc: (c) => this.drawLabels(c._context) }),
    );
    this.overlayLayer.add(
      new Konva.Shape({ listening: false, perfectDrawEnabled: false, sceneFunc: (c) => this.drawOverlay(c._context) }),
    );
    this.requestFrame();
  }

  /* ------------------------------------------------------------ public API */

  setSources(sources: OverlaySources): void {
    this.sources = sources;
    this.overlayChanged();
  }

  setCamera(cam: Camera): void {
    this.camera = cam;
    this.cameraDirty = true;
    this.requestFrame();
  }

  resize(width: number, height: number): void {
    this.stage.size({ width, height });
    this.camera = { ...this.camera, viewportWidth: width, viewportHeight: height };
    this.cameraDirty = true;
    this.requestFrame();
  }

  /** Seats whose status changed (status-sync's changedIndices): recolour, patch bitmaps, redraw. */
  statusChanged(indices: ArrayLike<number>): void {
    const st = this.scene.store;
    for (let k = 0; k < indices.length; k++) {
      const i = indices[k]!;
      if (!refreshClass(this.scene, i)) continue;
      const s = st.sectionIndex[i]!;
      this.batchDirty.mark(s);
      let list = this.pendingPatch.get(s);
      if (!list) this.pendingPatch.set(s, (list = []));
      list.push(i);
    }
    this.staticDirty = true;
    this.overlayDirty = true;
    this.requestFrame();
  }

  /** GA counts or anything drawn in the static layer changed (not seats). */
  staticChanged(): void {
    this.staticDirty = true;
    this.requestFrame();
  }

  /** Colours changed (ticket groups arrived, layout switched): repaint everything. */
  repaintAll(): void {
    for (let i = 0; i < this.scene.store.count; i++) refreshClass(this.scene, i);
    this.batchDirty.markAll();
    this.cache.clear();
    this.atlas = null;
    this.spareAtlas = null;
    this.cameraDirty = true;
    this.pendingPatch.clear();
    this.staticDirty = true;
    this.overlayDirty = true;
    this.requestFrame();
  }

  overlayChanged(): void {
    this.overlayDirty = true;
    this.requestFrame();
  }

  /** The spatial index, built on first use (about 20-40 ms at 100k seats). */
  spatialIndex(): SpatialIndex {
    if (!this.index) this.index = new SpatialIndex(this.scene.store);
    return this.index;
  }

  hasIndex(): boolean {
    return this.index !== null;
  }

  /**
   * The seat under CSS point (sx, sy) of the canvas, or -1. With `tolerancePx`
   * (touch), the nearest seat centre within that many screen pixels counts too.
   */
  seatAt(sx: number, sy: number, tolerancePx = 0): number {
    return this.hits.seatAt(this.spatialIndex(), this.camera, sx, sy, tolerancePx);
  }

  private readonly hits = new ScreenHitTester();

  /** The section under CSS point (sx, sy), or -1. */
  sectionAt(sx: number, sy: number): number {
    return sectionAtScreen(this.scene.store, this.camera, sx, sy);
  }

  /** Seat i's centre in canvas CSS pixels. */
  seatOnScreen(i: number): { x: number; y: number } {
    return planToScreen(this.camera, this.scene.store.x[i]!, this.scene.store.y[i]!);
  }

  /** Draws synchronously now (benchmarks: the pixels are on the canvas when this returns). */
  flush(): void {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
    this.frame();
  }

  destroy(): void {
    this.destroyed = true;
    if (this.raf) cancelAnimationFrame(this.raf);
    if (this.atlasTimer) clearTimeout(this.atlasTimer);
    this.cache.clear();
    this.stage.destroy();
  }

  /* ------------------------------------------------------------ frame loop */

  requestFrame(): void {
    if (this.raf || this.destroyed) return;
    this.raf = requestAnimationFrame(() => {
      this.raf = 0;
      this.frame();
    });
  }

  private frame(): void {
    if (this.destroyed) return;
    const t0 = performance.now();
    const cam = this.camera;
    const st = this.scene.store;
    if (this.cameraDirty) {
      this.stage.scale({ x: cam.scale, y: cam.scale });
      this.stage.position({ x: cam.x, y: cam.y });
      this.view = visiblePlanRect(cam, 0);
      this.mode = renderModeFor(seatPixels(cam.scale, st.typicalSeatSize), this.mode);
      this.stats.mode = this.mode;
    }
    if (this.cameraDirty) this.chooseAtlas();
    this.applyPatches();

    // Bitmaps at the wrong scale for this zoom are re-rendered a few per frame,
    // nearest-to-needed first; until then the old one is drawn stretched.
    if (this.useAtlas) this.queue.clear();
    if (this.mode === 'bitmap' && this.queue.size > 0) {
      const budget = 6;
      for (const s of this.queue) {
        this.queue.delete(s);
        const sec = st.sections[s]!;
        if (!intersects(sec.bounds, this.view)) continue;
        const want = this.wantedScale(s);
        const have = this.cache.peek(s);
        if (want > 0 && (!have || have.scale !== want)) this.renderBitmap(s, want);
        if (performance.now() - t0 > budget) break;
      }
      this.staticDirty = true;
    }

    if (this.cameraDirty || this.staticDirty) this.staticLayer.draw();
    const flashing = this.sources.sync ? this.sources.sync.recentlyTaken().length > 0 : false;
    // One more overlay draw after the last flash fades, or its faint last frame would stay on screen.
    if (this.cameraDirty || this.overlayDirty || flashing || this.wasFlashing) this.overlayLayer.draw();
    this.wasFlashing = flashing;
    this.cameraDirty = false;
    this.staticDirty = false;
    this.overlayDirty = false;
    this.stats.lastFrameMs = performance.now() - t0;
    this.stats.bitmapPixels =
      this.cache.pixelsUsed + (this.atlas?.pixelCount ?? 0) + (this.spareAtlas?.pixelCount ?? 0);
    this.stats.frames++;
    if ((this.mode === 'bitmap' && this.queue.size > 0) || flashing) this.requestFrame();
    this.onFrame?.(this.stats);
  }

  /**
   * Dot range (seats of a few device pixels): the atlas for this zoom's power-of-two scale. Building one takes
   * 50-250 ms at 100k seats on a 2560x1440 screen, far over a frame, so while the camera moves on to the next bucket
   * the atlas we have is drawn stretched (one bucket, 2x, either way) and the right one is built once the camera has
   * rested for ATLAS_SETTLE_MS; the previous bucket's atlas is kept, so zooming back and forth builds nothing.
   * The first frame, or a jump of more than one bucket (a reset, a section zoom's target), builds at once.
   */
  private chooseAtlas(): void {
    this.useAtlas = false;
    if (this.mode !== 'bitmap') return;
    const bucket = 2 ** Math.ceil(Math.log2(this.camera.scale * this.opts.pixelRatio) - 1e-9);
    if (this.scene.store.typicalSeatSize * bucket >= DOT_PLOT_MAX_PX) return;
    if (this.atlas?.scale !== bucket) {
      const ratio = this.atlas ? Math.max(this.atlas.scale / bucket, bucket / this.atlas.scale) : Infinity;
      if (this.spareAtlas?.scale === bucket) [this.atlas, this.spareAtlas] = [this.spareAtlas, this.atlas];
      else if (ratio <= 2 && this.atlasDue !== bucket) this.atlasAfterRest(bucket);
      else this.buildAtlas(bucket);
    }
    this.useAtlas = this.atlas !== null;
  }

  private buildAtlas(bucket: number): void {
    this.atlasDue = 0;
    // Atlas pixels share the bitmap budget; beyond it, sections fall back to their own canvases.
    const next = DotAtlas.build(this.scene, bucket, this.packedColours());
    if (!next || next.pixelCount > this.opts.bitmapBudget) return;
    const keep = this.atlas && this.atlas.pixelCount + next.pixelCount <= this.opts.bitmapBudget;
    this.spareAtlas = keep ? this.atlas : null;
    this.atlas = next;
  }

  private atlasAfterRest(bucket: number): void {
    if (this.atlasTimer) clearTimeout(this.atlasTimer);
    this.atlasTimer = setTimeout(() => {
      this.atlasTimer = null;
      this.atlasDue = bucket;
      this.cameraDirty = true;
      this.requestFrame();
    }, ATLAS_SETTLE_MS);
  }

  private applyPatches(): void {
    if (this.pendingPatch.size === 0) return;
    const st = this.scene.store;
    this.spareAtlas = null; // would be stale
    if (this.atlas) {
      const all: number[] = [];
      for (const list of this.pendingPatch.values()) for (const i of list) all.push(i);
      const index = this.index;
      this.atlas.replot(all, index ? (i) => this.neighbours(index, i) : null, this.packedColours());
    }
    for (const [s, list] of this.pendingPatch) {
      const bm = this.cache.peek(s);
      if (!bm) continue;
      const sec = st.sections[s]!;
      // Many changes (or no index yet): repainting the section is cheaper than patching.
      if (!this.index || list.length > (sec.seatEnd - sec.seatStart) * 0.25) {
        this.cache.invalidate(s);
        continue;
      }
      const index = this.index;
      patchSeats(bm.ctx, this.scene, s, list, (i) => this.neighbours(index, i), bm.scale);
    }
    this.pendingPatch.clear();
  }

  private neighbours(index: SpatialIndex, i: number): Int32Array {
    const st = this.scene.store;
    const r = (st.halfW[i]! + st.halfH[i]!) * 1.2;
    let n = index.queryRectInto(this.neighbourBuf, st.x[i]! - r, st.y[i]! - r, st.x[i]! + r, st.y[i]! + r);
    if (n > this.neighbourBuf.length) {
      this.neighbourBuf = new Int32Array(n * 2);
      n = index.queryRectInto(this.neighbourBuf, st.x[i]! - r, st.y[i]! - r, st.x[i]! + r, st.y[i]! + r);
    }
    // Draw in index order so overlaps stack as in a full repaint.
    return this.neighbourBuf.subarray(0, n).sort();
  }

  private wantedScale(s: number): number {
    const b = this.scene.store.sections[s]!.bounds;
    return bitmapScaleFor(this.camera.scale * this.opts.pixelRatio, b.maxX - b.minX, b.maxY - b.minY);
  }

  /** Rebuilds colour batches of every section whose statuses changed, when one of them is about to be drawn. */
  private ensureBatch(s: number): void {
    if (this.batchDirty.has(s)) this.batches.update(this.batchDirty);
  }

  private renderBitmap(s: number, scale: number) {
    this.ensureBatch(s);
    return this.cache.render(this.scene, s, scale, (ctx) => {
      paintFloor(ctx, this.scene, s, scale);
      paintSeats(ctx, this.scene, this.batches, s, { px: scale, view: null });
    });
  }

  private packed: Uint32Array | null = null;
  private packedFor: string[] | null = null;

  /** Class colours as packed pixels, for dot plotting (rebuilt when the palette changes). */
  private packedColours(): Uint32Array {
    if (!this.packed || this.packedFor !== this.scene.colours) {
      this.packed = Uint32Array.from(this.scene.colours, (c) => packColour(c ?? '#808080'));
      this.packedFor = this.scene.colours;
    }
    return this.packed;
  }

  /* ------------------------------------------------------------ painters (Konva sceneFuncs) */

  private drawStageMarker(ctx: CanvasRenderingContext2D): void {
    const stage = this.scene.plan.Stage!;
    const r = Math.min(stage.width, stage.height) * 0.18;
    ctx.beginPath();
    ctx.roundRect(stage.x, stage.y, stage.width, stage.height, r);
    ctx.fillStyle = this.scene.palette.stageFill;
    ctx.fill();
  }

  private drawSection(ctx: CanvasRenderingContext2D, s: number): void {
    const st = this.scene.store;
    const sec = st.sections[s]!;
    if (!intersects(sec.bounds, this.view)) return;
    const px = this.camera.scale * this.opts.pixelRatio;
    if (!sec.isReserved) {
      this.drawGaArea(ctx, s, px);
      return;
    }
    if (this.useAtlas && this.atlas!.has(s)) {
      this.atlas!.draw(ctx, s);
      return;
    }
    if (this.mode === 'bitmap') {
      const want = this.wantedScale(s);
      if (want > 0) {
        let bm = this.cache.get(s);
        if (!bm && this.atlas?.has(s) && this.atlas.scale * 2 >= want) {
          // Just zoomed past the dot range: the atlas stands in (at most 2x stretched) until this bitmap's turn.
          this.atlas.draw(ctx, s);
          this.queue.add(s);
          return;
        }
        if (!bm) bm = this.renderBitmap(s, want);
        else if (bm.scale !== want) this.queue.add(s);
        ctx.drawImage(bm.canvas, bm.x, bm.y, bm.w, bm.h);
        return;
      }
    }
    this.ensureBatch(s);
    paintFloor(ctx, this.scene, s, px);
    const numbersFrom = this.opts.largeLabels ? SEAT_NUMBER_MIN_PX_LARGE : SEAT_NUMBER_MIN_PX;
    const numbers = seatPixels(this.camera.scale, st.typicalSeatSize) >= numbersFrom;
    paintSeats(ctx, this.scene, this.batches, s, { px, view: this.view, numbers });
  }

  private drawGaArea(ctx: CanvasRenderingContext2D, s: number, px: number): void {
    const scene = this.scene;
    const sync = this.sources.sync;
    const remaining = sync ? sync.gaRemaining(s) : null;
    const soldOut = scene.store.sections[s]!.isSoldOut || remaining === 0;
    const zoneId = scene.store.sections[s]!.zoneId;
    const z = zoneId === null ? -1 : scene.zoneIds.indexOf(zoneId);
    const fill = soldOut || z < 0 ? scene.palette.unavailable : scene.colours[Paint.AvailableBase + z]!;
    sectionPolygon(ctx, scene, s);
    ctx.globalAlpha = soldOut ? 0.45 : 0.22;
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.globalAlpha = 1;
    ctx.lineWidth = 2 / px;
    ctx.setLineDash(soldOut ? [] : [6 / px, 4 / px]);
    ctx.strokeStyle = fill;
    ctx.stroke();
    ctx.setLineDash([]);
  }

  /** Every label, in screen space: section names, row names, seat numbers, GA captions, stage (label-layout.ts). */
  private drawLabels(ctx: CanvasRenderingContext2D): void {
    const pr = this.opts.pixelRatio;
    ctx.save();
    ctx.setTransform(pr, 0, 0, pr, 0, 0);
    const scene = this.scene;
    const selection = this.sources.selection;
    const opts = this.opts;
    const stage = scene.plan.Stage;
    const index = this.index;
    const record: SeatMapRenderer['lastLabels'] | null = this.recordLabels ? [] : null;
    if (record) this.lastLabels = record;
    layoutLabels(
      {
        store: scene.store,
        camera: this.camera,
        view: this.view,
        large: opts.largeLabels,
        stage: stage ?? null,
        stageLabel: opts.stageLabel(),
        sectionName: opts.sectionName,
        gaCaption: opts.gaCaption,
        soldOutCaption: (s) => opts.soldOutCaption?.(s) ?? '',
        gaHeld: this.sources.gaHeld,
        // Feature seats keep their number too (their glyph moves to a corner badge at this zoom, painter.ts).
        showsNumber: (i) => scene.cls[i]! >= Paint.AvailableBase && !(selection?.has(i) ?? false),
        measure: (text, px, weight) => textWidth(ctx, text, px, weight),
        seatsIn: index ? (x0, y0, x1, y1) => index.queryRectInto(this.neighbourBuf, x0, y0, x1, y1) > 0 : undefined,
        bottomInset: this.bottomInset,
      },
      labelPainter(ctx, scene, record),
    );
    ctx.restore();
  }

  private drawOverlay(ctx: CanvasRenderingContext2D): void {
    const scene = this.scene;
    const st = scene.store;
    const pal = scene.palette;
    const k = this.camera.scale;
    const seatPx = seatPixels(k, st.typicalSeatSize);
    const selection = this.sources.selection;
    const check = glyphPath('check');

    // Hovered GA area.
    if (this.hoverSection >= 0 && !st.sections[this.hoverSection]!.isReserved) {
      sectionPolygon(ctx, scene, this.hoverSection);
      ctx.lineWidth = 3 / k;
      ctx.strokeStyle = pal.hoverRing;
      ctx.stroke();
    }

    // Seats someone else just took: a red pulse that fades out.
    const sync = this.sources.sync;
    if (sync) {
      const now = Date.now();
      for (const i of sync.recentlyTaken(now)) {
        if (selection?.has(i)) continue;
        const a = sync.flashAlpha(i, now);
        const r = Math.max((st.halfW[i]! + st.halfH[i]!) * 0.5, 5 / k) * (1 + (1 - a) * 1.2);
        ctx.globalAlpha = a;
        ctx.beginPath();
        ctx.arc(st.x[i]!, st.y[i]!, r, 0, Math.PI * 2);
        ctx.lineWidth = 2.5 / k;
        ctx.strokeStyle = pal.flash;
        ctx.stroke();
        ctx.globalAlpha = a * 0.55;
        ctx.fillStyle = pal.flash;
        ctx.fill();
      }
      ctx.globalAlpha = 1;
    }

    // Filter matches (accessible seats, a price cap): one ring each, one stroke for all, visible at any zoom.
    if (this.highlight && this.highlight.length > 0) {
      ctx.beginPath();
      for (const i of this.highlight) {
        const r = Math.max((st.halfW[i]! + st.halfH[i]!) * 0.75, 4 / k);
        ctx.moveTo(st.x[i]! + r, st.y[i]!);
        ctx.arc(st.x[i]!, st.y[i]!, r, 0, Math.PI * 2);
      }
      ctx.lineWidth = Math.max(2 / k, st.typicalSeatSize * 0.12);
      ctx.strokeStyle = pal.highlightRing;
      ctx.stroke();
    }

    // Changing an order: the order's own seats, filled with a person mark and a ring (taken seats are drawn inset
    // underneath, so the mark is drawn full size on top).
    if (this.marked && this.marked.length > 0) {
      const look = {
        fill: pal.yours,
        ring: pal.yoursRing,
        mark: pal.yoursMark,
        glyph: glyphPath('person'),
        size: 0.74,
      };
      for (const i of this.marked) markSeat(ctx, scene, i, k, seatPx, look);
    }

    // Selected seats: solid, a check mark and a ring.
    if (selection && selection.size > 0) {
      const look = { fill: pal.selected, ring: pal.selectedRing, mark: pal.selectedMark, glyph: check, size: 0.78 };
      for (const i of selection.indices()) markSeat(ctx, scene, i, k, seatPx, look);
    }

    if (this.hover >= 0 && this.hover !== this.focus) {
      seatOutlinePath(ctx, scene, this.hover, 1.5 / k);
      ctx.lineWidth = 2.5 / k;
      ctx.strokeStyle = pal.hoverRing;
      ctx.stroke();
    }

    // Keyboard focus: a light and a dark ring, never smaller than 12 px across.
    if (this.focus >= 0 && this.focus < st.count) {
      const i = this.focus;
      const grow = Math.max(3 / k, (6 / k - st.halfW[i]!) * (seatPx < 12 ? 1 : 0));
      seatOutlinePath(ctx, scene, i, grow);
      ctx.lineWidth = 6 / k;
      ctx.strokeStyle = pal.focusOuter;
      ctx.stroke();
      ctx.lineWidth = 3 / k;
      ctx.strokeStyle = pal.focusInner;
      ctx.stroke();
    }

    if (this.rubber) {
      const pr = this.opts.pixelRatio;
      const r = this.rubber;
      ctx.save();
      ctx.setTransform(pr, 0, 0, pr, 0, 0);
      const outline = r.outline ?? [
        { x: r.x0, y: r.y0 },
        { x: r.x1, y: r.y0 },
        { x: r.x1, y: r.y1 },
        { x: r.x0, y: r.y1 },
      ];
      ctx.beginPath();
      outline.forEach((p, k) => (k === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
      if (outline.length > 2) {
        ctx.closePath();
        ctx.fillStyle = 'rgba(14,35,64,0.10)';
        ctx.fill();
        ctx.setLineDash([6, 4]);
        ctx.lineWidth = 1.5;
      } else {
        // A run along one row: a broad stroke through its seats.
        ctx.lineCap = 'round';
        ctx.lineWidth = 10;
        ctx.strokeStyle = 'rgba(14,35,64,0.18)';
        ctx.stroke();
        ctx.setLineDash([6, 4]);
        ctx.lineWidth = 1.5;
      }
      ctx.strokeStyle = pal.hoverRing;
      ctx.stroke();
      ctx.restore();
    }
  }
}
