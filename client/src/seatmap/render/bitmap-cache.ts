import type { SceneData } from './scene';
import { bitmapPixels } from './lod';

/**
 * One offscreen canvas per section, holding its floor and seats drawn at a
 * fixed scale. Zoomed out, a frame is then one drawImage per visible section
 * instead of tens of thousands of seat paths. Bitmaps are kept under a pixel
 * budget, least recently drawn first out.
 */
export interface SectionBitmap {
  canvas: HTMLCanvasElement;
  ctx: CanvasRenderingContext2D;
  /** Device pixels per plan unit. */
  scale: number;
  /** Plan position of the canvas's top-left pixel, and its size in plan units. */
  x: number;
  y: number;
  w: number;
  h: number;
  pixels: number;
  lastUsed: number;
}

export const BITMAP_PAD = 2;

export class BitmapCache {
  private readonly entries: (SectionBitmap | null)[];
  private used = 0;
  private clock = 0;
  /** Canvases of evicted entries, reused to spare allocations. */
  private readonly spare: HTMLCanvasElement[] = [];

  constructor(
    sectionCount: number,
    readonly budgetPixels: number,
  ) {
    this.entries = new Array<SectionBitmap | null>(sectionCount).fill(null);
  }

  get(s: number): SectionBitmap | null {
    const e = this.entries[s] ?? null;
    if (e) e.lastUsed = ++this.clock;
    return e;
  }

  peek(s: number): SectionBitmap | null {
    return this.entries[s] ?? null;
  }

  get pixelsUsed(): number {
    return this.used;
  }

  /** Drops a section's bitmap (its content is stale and a patch would cost more than a repaint). */
  invalidate(s: number): void {
    const e = this.entries[s];
    if (!e) return;
    this.used -= e.pixels;
    this.entries[s] = null;
    if (this.spare.length < 8) this.spare.push(e.canvas);
  }

  /** Every bitmap held, by section (a caller that rebuilds its scene carries the unchanged ones over: `adopt`). */
  entriesBySection(): readonly (SectionBitmap | null)[] {
    return this.entries;
  }

  /**
   * Takes a bitmap drawn for another cache's section whose content is the same (the designer's document changed in
   * another section): it is kept instead of drawn again.
   */
  adopt(s: number, entry: SectionBitmap): void {
    this.invalidate(s);
    this.evictFor(entry.pixels, s);
    entry.lastUsed = ++this.clock;
    this.entries[s] = entry;
    this.used += entry.pixels;
  }

  clear(): void {
    for (let s = 0; s < this.entries.length; s++) this.invalidate(s);
  }

  /**
   * A fresh canvas for section s at `scale`, transform set to plan units;
   * `paint` draws into it. Evicts least recently used bitmaps to stay in budget.
   */
  render(scene: SceneData, s: number, scale: number, paint: (ctx: CanvasRenderingContext2D) => void): SectionBitmap {
    this.invalidate(s);
    const b = scene.store.sections[s]!.bounds;
    const bw = Math.max(b.maxX - b.minX, 1e-6);
    const bh = Math.max(b.maxY - b.minY, 1e-6);
    const width = Math.ceil(bw * scale) + 2 * BITMAP_PAD;
    const height = Math.ceil(bh * scale) + 2 * BITMAP_PAD;
    const pixels = bitmapPixels(bw, bh, scale, BITMAP_PAD);
    this.evictFor(pixels, s);
    const canvas = this.spare.pop() ?? document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d', { alpha: true })!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, width, height);
    ctx.setTransform(scale, 0, 0, scale, BITMAP_PAD - b.minX * scale, BITMAP_PAD - b.minY * scale);
    paint(ctx);
    const entry: SectionBitmap = {
      canvas,
      ctx,
      scale,
      x: b.minX - BITMAP_PAD / scale,
      y: b.minY - BITMAP_PAD / scale,
      w: width / scale,
      h: height / scale,
      pixels,
      lastUsed: ++this.clock,
    };
    this.entries[s] = entry;
    this.used += pixels;
    return entry;
  }

  private evictFor(pixels: number, keep: number): void {
    while (this.used + pixels > this.budgetPixels) {
      let oldest = -1;
      let oldestUse = Infinity;
      for (let k = 0; k < this.entries.length; k++) {
        const e = this.entries[k];
        if (e && k !== keep && e.lastUsed < oldestUse) {
          oldest = k;
          oldestUse = e.lastUsed;
        }
      }
      if (oldest < 0) return;
      this.invalidate(oldest);
    }
  }
}
