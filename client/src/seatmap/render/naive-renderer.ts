import Konva from 'konva';
import type { SeatSelection } from '../model/selection';
import { SpatialIndex } from '../model/spatial-index';
import { hitSection } from '../model/spatial-index';
import { planToScreen, type Camera } from '../model/viewport';
import { INSET } from './painter';
import { isInsetClass } from './palette';
import type { FrameStats, OverlaySources, RubberBand, SeatLayer } from './renderer';
import { refreshClass, type SceneData } from './scene';

/**
 * BENCHMARK BASELINE ONLY (?test&renderer=naive): the textbook approach — one
 * Konva.Rect per seat in a listening layer, Konva's own hit graph for
 * picking, Konva's batchDraw for redraws. It exists so load-tests/
 * seatmap.bench.mjs can measure the real renderer against it in the same run
 * on the same page. Never used by the product.
 */
export class NaiveSeatLayer implements SeatLayer {
  readonly stage: Konva.Stage;
  readonly stats: FrameStats = { lastFrameMs: 0, mode: 'vector', bitmapPixels: 0, frames: 0 };
  camera: Camera;
  hover = -1;
  hoverSection = -1;
  highlight: Int32Array | null = null;
  marked: Int32Array | null = null;
  bottomInset = 0;
  focus = -1;
  rubber: RubberBand | null = null;
  onFrame: ((stats: FrameStats) => void) | null = null;
  private readonly layer: Konva.Layer;
  private readonly rects: Konva.Rect[] = [];
  private readonly byNode = new Map<Konva.Node, number>();
  private index: SpatialIndex | null = null;
  private selection: SeatSelection | null = null;

  constructor(
    container: HTMLDivElement,
    camera: Camera,
    private readonly scene: SceneData,
    pixelRatio: number,
  ) {
    this.camera = camera;
    Konva.pixelRatio = pixelRatio;
    this.stage = new Konva.Stage({ container, width: camera.viewportWidth, height: camera.viewportHeight });
    this.layer = new Konva.Layer();
    this.stage.add(this.layer);
    const st = scene.store;
    for (let i = 0; i < st.count; i++) {
      const c = scene.cls[i]!;
      const k = isInsetClass(c) ? INSET : 1;
      const w = st.halfW[i]! * 2 * k;
      const h = st.halfH[i]! * 2 * k;
      const rect = new Konva.Rect({
        x: st.x[i]!,
        y: st.y[i]!,
        width: w,
        height: h,
        offsetX: w / 2,
        offsetY: h / 2,
        rotation: st.rotation[i]!,
        cornerRadius: Math.min(w, h) * 0.3,
        fill: scene.colours[c],
      });
      this.rects.push(rect);
      this.byNode.set(rect, i);
      this.layer.add(rect);
    }
    this.layer.on('draw', () => {
      this.stats.frames++;
      this.onFrame?.(this.stats);
    });
    this.applyCamera();
  }

  private applyCamera(): void {
    this.stage.scale({ x: this.camera.scale, y: this.camera.scale });
    this.stage.position({ x: this.camera.x, y: this.camera.y });
    this.layer.batchDraw();
  }

  setSources(sources: OverlaySources): void {
    this.selection = sources.selection;
  }

  setCamera(cam: Camera): void {
    this.camera = cam;
    this.applyCamera();
  }

  resize(width: number, height: number): void {
    this.stage.size({ width, height });
    this.camera = { ...this.camera, viewportWidth: width, viewportHeight: height };
    this.applyCamera();
  }

  statusChanged(indices: ArrayLike<number>): void {
    for (let k = 0; k < indices.length; k++) {
      const i = indices[k]!;
      if (refreshClass(this.scene, i)) this.rects[i]!.fill(this.scene.colours[this.scene.cls[i]!]!);
    }
    this.layer.batchDraw();
  }

  staticChanged(): void {
    this.layer.batchDraw();
  }

  overlayChanged(): void {
    const sel = this.selection;
    if (sel) for (const i of sel.indices()) this.rects[i]!.fill(this.scene.palette.selected);
    this.layer.batchDraw();
  }

  repaintAll(): void {
    for (let i = 0; i < this.rects.length; i++) {
      refreshClass(this.scene, i);
      this.rects[i]!.fill(this.scene.colours[this.scene.cls[i]!]!);
    }
    this.layer.batchDraw();
  }

  spatialIndex(): SpatialIndex {
    if (!this.index) this.index = new SpatialIndex(this.scene.store);
    return this.index;
  }

  /** Konva's own picking: the hit canvas under the point. */
  seatAt(sx: number, sy: number): number {
    const node = this.stage.getIntersection({ x: sx, y: sy });
    return node ? (this.byNode.get(node) ?? -1) : -1;
  }

  sectionAt(sx: number, sy: number): number {
    const p = { x: (sx - this.camera.x) / this.camera.scale, y: (sy - this.camera.y) / this.camera.scale };
    return hitSection(this.scene.store, p.x, p.y);
  }

  seatOnScreen(i: number): { x: number; y: number } {
    return planToScreen(this.camera, this.scene.store.x[i]!, this.scene.store.y[i]!);
  }

  flush(): void {
    const t0 = performance.now();
    this.layer.draw();
    this.stats.lastFrameMs = performance.now() - t0;
  }

  destroy(): void {
    this.stage.destroy();
  }
}
