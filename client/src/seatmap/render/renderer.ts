import Konva from 'konva';
import { SeatBatches } from '../model/batches';
import { DirtySections } from '../model/dirty';
import type { SeatSelection } from '../model/selection';
import { ScreenHitTester, sectionAtScreen } from '../model/hit-test';
import { SpatialIndex } from '../model/spatial-index';
import type { StatusSync } from '../model/status-sync';
import type { Bounds } from '@hotline/shared';
import { planToScreen, visiblePlanRect, type Camera } from '../model/viewport';
import { BitmapCache } from './bitmap-cache';
import { DotAtlas, DOT_PLOT_MAX_PX, packColour } from './dot-atlas';
import { glyphPath } from './glyphs';
import { bitmapScaleFor, renderModeFor, ROW_LABEL_MIN_PX, sectionLabelPx, seatPixels, type RenderMode } from './lod';
import { drawGlyph, paintFloor, paintSeats, patchSeats, sectionPolygon, seatOutlinePath } from './painter';
import { Paint } from './palette';
import { refreshClass, type SceneData } from './scene';
import { haloText, labelCandidates, plainText, textWidth } from './text';

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
  stageLabel: string | null;
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
}

export interface FrameStats {
  /** Milliseconds the last frame took (JS + canvas calls). */
  lastFrameMs: number;
  mode: RenderMode;
  bitmapPixels: number;
  frames: number;
}

/**
 * Horizontal room for a label inside a section, in plan units: the box width
 * when the box is (nearly) upright, else its smaller side.
 */
function labelRoom(sec: { corners: readonly { x: number; y: number }[]; transform: readonly number[] }): number {
  const c = sec.corners;
  if (c.length < 4) return Infinity;
  const w = Math.hypot(c[1]!.x - c[0]!.x, c[1]!.y - c[0]!.y);
  const h = Math.hypot(c[3]!.x - c[0]!.x, c[3]!.y - c[0]!.y);
  return Math.abs(sec.transform[0]!) > 0.95 ? w : Math.min(w, h);
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
    this.stats.bitmapPixels = this.cache.pixelsUsed + (this.atlas?.pixelCount ?? 0);
    this.stats.frames++;
    if ((this.mode === 'bitmap' && this.queue.size > 0) || flashing) this.requestFrame();
    this.onFrame?.(this.stats);
  }

  /** Dot range (seats of a few device pixels): make sure the atlas matches this zoom's power-of-two scale. */
  private chooseAtlas(): void {
    this.useAtlas = false;
    if (this.mode !== 'bitmap') return;
    const bucket = 2 ** Math.ceil(Math.log2(this.camera.scale * this.opts.pixelRatio) - 1e-9);
    if (this.scene.store.typicalSeatSize * bucket >= DOT_PLOT_MAX_PX) return;
    if (!this.atlas || this.atlas.scale !== bucket) {
      // Atlas pixels share the bitmap budget; beyond it, sections fall back to their own canvases.
      const next = DotAtlas.build(this.scene, bucket, this.packedColours());
      this.atlas = next && next.pixelCount <= this.opts.bitmapBudget ? next : null;
    }
    this.useAtlas = this.atlas !== null && this.atlas.scale === bucket;
  }

  private applyPatches(): void {
    if (this.pendingPatch.size === 0) return;
    const st = this.scene.store;
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
        if (!bm) bm = this.renderBitmap(s, want);
        else if (bm.scale !== want) this.queue.add(s);
        ctx.drawImage(bm.canvas, bm.x, bm.y, bm.w, bm.h);
        return;
      }
    }
    this.ensureBatch(s);
    paintFloor(ctx, this.scene, s, px);
    paintSeats(ctx, this.scene, this.batches, s, { px, view: this.view });
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

  /** Every label, in screen space: section names, row names, seat numbers, GA captions, stage. */
  private drawLabels(ctx: CanvasRenderingContext2D): void {
    const pr = this.opts.pixelRatio;
    ctx.save();
    ctx.setTransform(pr, 0, 0, pr, 0, 0);
    const cam = this.camera;
    const scene = this.scene;
    const st = scene.store;
    const pal = scene.palette;
    const large = this.opts.largeLabels;
    const seatPx = seatPixels(cam.scale, st.typicalSeatSize);
    const k = cam.scale;
    const toX = (x: number) => x * k + cam.x;
    const toY = (y: number) => y * k + cam.y;

    // Overview labels must fit their section and not collide with each other (or the stage label).
    const placed: number[] = [];
    const stage = scene.plan.Stage;
    if (stage && this.opts.stageLabel) {
      const w = stage.width * k;
      const h = stage.height * k;
      const size = Math.min(large ? 20 : 16, Math.max(11, (w / Math.max(4, this.opts.stageLabel.length)) * 0.9));
      const cx = toX(stage.x + stage.width / 2);
      if (w > 30) {
        // Inside the marker when it is tall enough, else just below it.
        const inside = Math.min(size, h * 0.72);
        const tw = textWidth(ctx, this.opts.stageLabel, inside >= 10 ? inside : size, 700);
        if (inside >= 10) {
          const cy = toY(stage.y + stage.height / 2);
          plainText(ctx, this.opts.stageLabel, cx, cy, inside, pal.stageText, 700);
          placed.push(cx - tw / 2 - 3, cy - inside, cx + tw / 2 + 3, cy + inside);
        } else {
          const cy = toY(stage.y + stage.height) + size * 0.9;
          haloText(ctx, this.opts.stageLabel, cx, cy, size, pal.sectionLabel, pal.labelHalo, 700);
          placed.push(cx - tw / 2 - 3, cy - size * 0.7, cx + tw / 2 + 3, cy + size * 0.7);
        }
      }
    }

    const rowLabels = seatPx >= (large ? ROW_LABEL_MIN_PX * 0.8 : ROW_LABEL_MIN_PX);
    /** The first form of `text` (see labelCandidates) that fits maxWidth and no placed label; its lines, or null. */
    const place = (
      text: string,
      cx: number,
      cy: number,
      size: number,
      maxWidth: number,
      maxHeight = Infinity,
    ): string[] | null => {
      for (const lines of labelCandidates(text)) {
        let w = 0;
        for (const line of lines) w = Math.max(w, textWidth(ctx, line, size, 700));
        const h = lines.length * size * 1.15;
        if (w > maxWidth || h > maxHeight) continue;
        const x0 = cx - w / 2 - 3;
        const x1 = cx + w / 2 + 3;
        const y0 = cy - h / 2 - 1;
        const y1 = cy + h / 2 + 1;
        let clash = false;
        for (let q = 0; q < placed.length; q += 4) {
          if (x0 < placed[q + 2]! && placed[q]! < x1 && y0 < placed[q + 3]! && placed[q + 1]! < y1) {
            clash = true;
            break;
          }
        }
        if (clash) return null;
        placed.push(x0, y0, x1, y1);
        return lines;
      }
      return null;
    };
    const drawLines = (lines: string[], cx: number, cy: number, size: number) => {
      const step = size * 1.15;
      const top = cy - ((lines.length - 1) * step) / 2;
      lines.forEach((line, k) => haloText(ctx, line, cx, top + k * step, size, pal.sectionLabel, pal.labelHalo));
    };

    for (let s = 0; s < st.sections.length; s++) {
      const sec = st.sections[s]!;
      if (!intersects(sec.bounds, this.view)) continue;
      const b = sec.bounds;
      const wPx = (b.maxX - b.minX) * k;
      const name = this.opts.sectionName(s);
      const t = sec.transform;
      const narrow = Math.min(labelRoom(sec), b.maxX - b.minX) * k;
      if (!sec.isReserved) {
        const size = sectionLabelPx(wPx, large);
        if (size > 0) {
          const cx = toX((b.minX + b.maxX) / 2);
          const cy = toY((b.minY + b.maxY) / 2);
          const tall = (b.maxY - b.minY) * k;
          const label = place(name, cx, cy, size, narrow * 0.92, tall * 0.6);
          if (label) {
            const captionPx = size * 0.82;
            const nameH = label.length * size * 1.15;
            const caption = this.opts.gaCaption(s);
            const showCaption =
              caption !== '' &&
              textWidth(ctx, caption, captionPx, 600) <= narrow * 0.92 &&
              nameH + captionPx * 1.3 <= tall * 0.8;
            const nameY = showCaption ? cy - captionPx * 0.65 : cy;
            drawLines(label, cx, nameY, size);
            if (showCaption)
              haloText(
                ctx,
                caption,
                cx,
                nameY + nameH / 2 + captionPx * 0.65,
                captionPx,
                pal.sectionLabel,
                pal.labelHalo,
                600,
              );
            const held = this.sources.gaHeld(s);
            if (held > 0)
              haloText(
                ctx,
                `✓ ${held}`,
                cx,
                nameY + nameH / 2 + captionPx * 2,
                size * 0.9,
                pal.selected,
                pal.labelHalo,
                800,
              );
          }
        }
        continue;
      }
      if (!rowLabels) {
        const size = sectionLabelPx(wPx, large);
        if (size > 0) {
          const cx = toX((b.minX + b.maxX) / 2);
          const cy = toY((b.minY + b.maxY) / 2);
          const caption = this.opts.soldOutCaption?.(s) ?? '';
          const label = place(name, cx, cy, size, narrow * 0.95, (b.maxY - b.minY) * k * 0.9);
          if (label && caption !== '') {
            // Sold out: the name and a caption under it, both in the "taken" grey so the section reads as closed.
            const captionPx = size * 0.82;
            const nameH = label.length * size * 1.15;
            const nameY = cy - captionPx * 0.65;
            label.forEach((line, k2) =>
              haloText(
                ctx,
                line,
                cx,
                nameY - ((label.length - 1) * size * 1.15) / 2 + k2 * size * 1.15,
                size,
                pal.unavailable,
                pal.labelHalo,
              ),
            );
            haloText(
              ctx,
              caption,
              cx,
              nameY + nameH / 2 + captionPx * 0.65,
              captionPx,
              pal.unavailable,
              pal.labelHalo,
              700,
            );
          } else if (label) drawLines(label, cx, cy, size);
        }
        continue;
      }
      // Zoomed in: the section name above its first row, row names at both ends of every row.
      const typ = st.typicalSeatSize;
      const rowPx = Math.min(large ? 17 : 14, Math.max(large ? 11 : 9, seatPx * 0.5));
      let topY = Infinity;
      let sumX = 0;
      let nX = 0;
      for (let r = sec.rowStart; r < sec.rowEnd; r++) {
        const row = st.rows[r]!;
        const first = row.start;
        const last = row.end - 1;
        topY = Math.min(topY, row.localY);
        sumX += (st.localX[first]! + st.localX[last]!) / 2;
        nX++;
        const ly = row.localY;
        for (const [lx] of [
          [st.localX[first]! - st.halfW[first]! - typ * 0.55],
          [st.localX[last]! + st.halfW[last]! + typ * 0.55],
        ] as const) {
          const px = t[0] * lx + t[2] * ly + t[4];
          const py = t[1] * lx + t[3] * ly + t[5];
          if (
            px < this.view.minX - typ ||
            px > this.view.maxX + typ ||
            py < this.view.minY - typ ||
            py > this.view.maxY + typ
          )
            continue;
          plainText(ctx, row.name, toX(px), toY(py), rowPx, pal.rowLabel, 600);
        }
      }
      if (nX > 0) {
        const lx = sumX / nX;
        const ly = topY - typ * 1.3;
        const size = Math.min(large ? 20 : 16, Math.max(11, seatPx * 0.6));
        const nx = toX(t[0] * lx + t[2] * ly + t[4]);
        const ny = toY(t[1] * lx + t[3] * ly + t[5]);
        const label = place(name, nx, ny, size, Infinity);
        if (label) drawLines(label, nx, ny, size);
      }
      // Seat numbers inside available seats once they are big enough to read.
      if (seatPx >= (large ? 16 : 18)) {
        const numPx = Math.min(large ? 15 : 13, seatPx * 0.42);
        ctx.font = `600 ${numPx}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.direction = 'ltr';
        const selection = this.sources.selection;
        for (let i = sec.seatStart; i < sec.seatEnd; i++) {
          const c = scene.cls[i]!;
          if (c < Paint.AvailableBase || scene.glyphId[i]! >= 0 || selection?.has(i)) continue;
          const x = st.x[i]!;
          const y = st.y[i]!;
          if (x < this.view.minX || x > this.view.maxX || y < this.view.minY || y > this.view.maxY) continue;
          ctx.fillStyle = scene.inks[c]!;
          ctx.fillText(st.seatName[i]!, toX(x), toY(y) + 0.5);
        }
      }
    }
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

    // Selected seats: solid, a check mark and a ring; tiny seats get a visible marker.
    if (selection && selection.size > 0) {
      for (const i of selection.indices()) {
        if (seatPx < 7) {
          ctx.beginPath();
          ctx.arc(st.x[i]!, st.y[i]!, Math.max(st.halfW[i]!, 5 / k), 0, Math.PI * 2);
          ctx.fillStyle = pal.selected;
          ctx.fill();
          ctx.lineWidth = 2 / k;
          ctx.strokeStyle = pal.selectedRing;
          ctx.stroke();
          continue;
        }
        seatOutlinePath(ctx, scene, i, 0);
        ctx.fillStyle = pal.selected;
        ctx.fill();
        ctx.lineWidth = Math.max(2 / k, st.typicalSeatSize * 0.08);
        ctx.strokeStyle = pal.selectedRing;
        ctx.stroke();
        const size = Math.min(st.halfW[i]!, st.halfH[i]!) * 2 * 0.78;
        drawGlyph(ctx, check, st.x[i]!, st.y[i]!, size, 0, pal.selectedMark);
      }
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
      const x = Math.min(r.x0, r.x1);
      const y = Math.min(r.y0, r.y1);
      ctx.fillStyle = 'rgba(14,35,64,0.10)';
      ctx.fillRect(x, y, Math.abs(r.x1 - r.x0), Math.abs(r.y1 - r.y0));
      ctx.setLineDash([6, 4]);
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = pal.hoverRing;
      ctx.strokeRect(x, y, Math.abs(r.x1 - r.x0), Math.abs(r.y1 - r.y0));
      ctx.restore();
    }
  }
}
