import Konva from 'konva';
import { visiblePlanRect } from '../../seatmap/model/viewport';
import type { Editor } from './editor/editor';
import type { Language, Point } from './editor/doc';
import { drawMarks, drawOverlay, drawPlan, drawSeatLayer, LIGHT, planLayerKey, type View } from './render';
import { DesignerSeatLayer } from './seat-layer';

/** How long the last frame took and how many were drawn (the benchmark reads them; the screen does not). */
export interface DesignerFrameStats {
  lastFrameMs: number;
  frames: number;
  /** Frames that drew the plan layer (the rest drew only the overlay). */
  planFrames: number;
}

/**
 * The editing canvas on the storefront renderer's pattern (seatmap/render/renderer.ts): a Konva stage with a plan
 * layer and an overlay layer, a fixed handful of shapes whatever the plan's size (the sheet and sections, ALL the
 * seats through the storefront's seat drawer, the marks and names; the overlay) and never a node per seat. The stage's
 * transform is the camera; each shape's sceneFunc draws in plan units. Not listening: the editor hit-tests itself.
 *
 * One draw per animation frame after any change. The plan layer is drawn only when what it shows changed (the
 * document, the camera, a drag, the language: planLayerKey): selecting, hovering the cursor or drawing a rubber band
 * draws the overlay alone. Its seats are the storefront's cached section bitmaps (seat-layer.ts): a pan draws each
 * visible section's bitmap where it now is, and bitmaps are drawn again only at another zoom level or for the
 * sections an edit changed.
 */
export class DesignerStage {
  readonly stage: Konva.Stage;
  readonly stats: DesignerFrameStats = { lastFrameMs: 0, frames: 0, planFrames: 0 };
  private readonly planLayer: Konva.Layer;
  private readonly overlayLayer: Konva.Layer;
  private raf = 0;
  private drawnKey = '';
  private destroyed = false;
  private readonly off: () => void;
  /** The seats and labels by the storefront's seat store, painter, bitmap cache and label layout. */
  readonly seats: DesignerSeatLayer;
  private frameStart = 0;

  constructor(
    container: HTMLDivElement,
    private readonly editor: Editor,
    private lang: Language,
    private readonly cursor: () => Point | null,
    private readonly pixelRatio: number,
  ) {
    Konva.pixelRatio = pixelRatio;
    this.seats = new DesignerSeatLayer(editor, pixelRatio, () => this.request());
    const cam = editor.camera;
    this.stage = new Konva.Stage({ container, width: cam.viewportWidth, height: cam.viewportHeight, listening: false });
    this.planLayer = new Konva.Layer({ listening: false });
    this.overlayLayer = new Konva.Layer({ listening: false });
    this.stage.add(this.planLayer, this.overlayLayer);
    const shape = (draw: (ctx: CanvasRenderingContext2D, v: View) => void) =>
      new Konva.Shape({ listening: false, perfectDrawEnabled: false, sceneFunc: (c) => draw(c._context, this.view()) });
    this.planLayer.add(shape(drawPlan), shape(drawSeatLayer), shape(drawMarks));
    this.overlayLayer.add(shape((ctx, v) => drawOverlay(ctx, v, this.cursor())));
    this.off = editor.subscribe(() => this.request());
    this.request();
  }

  setLanguage(lang: Language): void {
    this.lang = lang;
    this.request();
  }

  resize(width: number, height: number): void {
    this.stage.size({ width, height });
    this.request();
  }

  request(): void {
    if (this.raf || this.destroyed) return;
    this.raf = requestAnimationFrame(() => {
      this.raf = 0;
      this.frame();
    });
  }

  /** Draws now (the benchmark: the pixels are on the canvases when this returns). */
  flush(): void {
    if (this.raf) cancelAnimationFrame(this.raf);
    this.raf = 0;
    this.frame();
  }

  destroy(): void {
    this.destroyed = true;
    this.off();
    this.seats.destroy();
    if (this.raf) cancelAnimationFrame(this.raf);
    this.stage.destroy();
  }

  private view(): View {
    const cam = this.editor.camera;
    return {
      editor: this.editor,
      lang: this.lang,
      px: cam.scale * this.pixelRatio,
      unit: 1 / cam.scale,
      view: visiblePlanRect(cam, 16),
      theme: LIGHT,
      seats: this.seats,
      frameStart: this.frameStart,
    };
  }

  private frame(): void {
    if (this.destroyed) return;
    const t0 = performance.now();
    this.frameStart = t0;
    const cam = this.editor.camera;
    this.stage.scale({ x: cam.scale, y: cam.scale });
    this.stage.position({ x: cam.x, y: cam.y });
    const key = planLayerKey(this.editor, this.lang);
    // Drawn again when what it shows changed, or when the last draw left section bitmaps of a new zoom level to draw.
    if (key !== this.drawnKey || this.seats.pending) {
      this.drawnKey = key;
      this.planLayer.draw();
      this.stats.planFrames++;
      if (this.seats.pending) this.request();
    }
    this.overlayLayer.draw();
    this.stats.frames++;
    this.stats.lastFrameMs = performance.now() - t0;
  }
}
