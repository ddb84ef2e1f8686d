import { BITMAP_PAD } from './bitmap-cache';
import { paintFloor, INSET } from './painter';
import { isInsetClass, Paint } from './palette';
import type { SceneData } from './scene';

/**
 * Section bitmaps for the most zoomed-out views, where a seat is only a few
 * device pixels: a "dot".
 *
 * Two things make the plain per-section canvases slow there, measured in
 * headless Chromium at 100k seats: the canvas rasteriser spends most of the
 * time on sub-pixel anti-aliased rectangles, and every fresh canvas costs
 * ~0.5 ms to allocate and first touch. So all sections' bitmaps share ONE
 * canvas (an atlas: each section owns a rectangle of it), floors are drawn
 * once as paths, and the seats are plotted straight into the pixel memory —
 * a few Uint32 stores per seat — and put back in one call. A status change
 * re-plots that seat's pixels and puts back the touched rectangle.
 * Each section is still its own bitmap: drawn with one drawImage of its
 * rectangle, culled on its own.
 */

/** Below this many device pixels per seat, zoomed-out sections come from the dot atlas. */
export const DOT_PLOT_MAX_PX = 3.5;

/** #rrggbb -> packed RGBA as a little-endian Uint32 pixel (alpha 255). */
export function packColour(hex: string): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  const v = m ? parseInt(m[1]!, 16) : 0x808080;
  const r = (v >> 16) & 255;
  const g = (v >> 8) & 255;
  const b = v & 255;
  return ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
}

export interface PixelRect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Integer pixel rectangle [x0, x1) × [y0, y1) a seat centred at (cx, cy) covers: at least one pixel, clipped to `clip`. */
export function dotFootprint(
  cx: number,
  cy: number,
  hx: number,
  hy: number,
  clip: PixelRect,
  out: PixelRect,
): PixelRect {
  const x0 = Math.round(cx - hx);
  let x1 = Math.round(cx + hx);
  const y0 = Math.round(cy - hy);
  let y1 = Math.round(cy + hy);
  if (x1 <= x0) x1 = x0 + 1;
  if (y1 <= y0) y1 = y0 + 1;
  out.x0 = x0 < clip.x0 ? clip.x0 : x0;
  out.y0 = y0 < clip.y0 ? clip.y0 : y0;
  out.x1 = x1 > clip.x1 ? clip.x1 : x1;
  out.y1 = y1 > clip.y1 ? clip.y1 : y1;
  return out;
}

export interface ShelfItem {
  id: number;
  w: number;
  h: number;
}

/**
 * Shelf packing: tallest first, left to right, a new shelf when a row is full.
 * Returns positions by item id and the atlas size, or null if it exceeds maxSide.
 */
export function packShelves(
  items: readonly ShelfItem[],
  maxSide: number,
): { x: Int32Array; y: Int32Array; width: number; height: number } | null {
  const n = items.reduce((m, it) => Math.max(m, it.id + 1), 0);
  const x = new Int32Array(n).fill(-1);
  const y = new Int32Array(n).fill(-1);
  if (items.length === 0) return { x, y, width: 1, height: 1 };
  let area = 0;
  let widest = 0;
  for (const it of items) {
    area += it.w * it.h;
    widest = Math.max(widest, it.w);
  }
  const width = Math.min(maxSide, Math.max(widest, Math.ceil(Math.sqrt(area) * 1.2)));
  if (widest > width) return null;
  const order = [...items].sort((a, b) => b.h - a.h || a.id - b.id);
  let cx = 0;
  let cy = 0;
  let shelf = 0;
  for (const it of order) {
    if (cx + it.w > width) {
      cy += shelf;
      cx = 0;
      shelf = 0;
    }
    x[it.id] = cx;
    y[it.id] = cy;
    cx += it.w;
    shelf = Math.max(shelf, it.h);
  }
  const height = cy + shelf;
  return height > maxSide ? null : { x, y, width, height };
}

const box: PixelRect = { x0: 0, y0: 0, x1: 0, y1: 0 };
const clip: PixelRect = { x0: 0, y0: 0, x1: 0, y1: 0 };

export class DotAtlas {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  private readonly image: ImageData;
  private readonly pixels: Uint32Array;
  private readonly floor: Uint32Array;
  /** Per section: rectangle in the atlas (px), -1 = not in the atlas. */
  private readonly rx: Int32Array;
  private readonly ry: Int32Array;
  private readonly rw: Int32Array;
  private readonly rh: Int32Array;

  private constructor(
    private readonly scene: SceneData,
    readonly scale: number,
    layout: { x: Int32Array; y: Int32Array; width: number; height: number },
    sizes: { w: Int32Array; h: Int32Array },
    packed: Uint32Array,
  ) {
    const st = scene.store;
    this.rx = layout.x;
    this.ry = layout.y;
    this.rw = sizes.w;
    this.rh = sizes.h;
    this.canvas = document.createElement('canvas');
    this.canvas.width = layout.width;
    this.canvas.height = layout.height;
    this.ctx = this.canvas.getContext('2d', { willReadFrequently: false })!;
    for (let s = 0; s < st.sections.length; s++) {
      if (this.rx[s]! < 0) continue;
      const b = st.sections[s]!.bounds;
      this.ctx.setTransform(
        scale,
        0,
        0,
        scale,
        this.rx[s]! + BITMAP_PAD - b.minX * scale,
        this.ry[s]! + BITMAP_PAD - b.minY * scale,
      );
      paintFloor(this.ctx, scene, s, scale);
    }
    this.ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.image = this.ctx.getImageData(0, 0, layout.width, layout.height);
    this.pixels = new Uint32Array(this.image.data.buffer);
    this.floor = this.pixels.slice();
    this.plotAll(packed);
    this.ctx.putImageData(this.image, 0, 0);
  }

  /**
   * The first plot of every seat: plot() with the per-section constants
   * hoisted, as ONE loop over all seats (sections are contiguous in the
   * store), so the JIT optimises it once early instead of per section.
   */
  private plotAll(packed: Uint32Array): void {
    const st = this.scene.store;
    const { x, y, cos, sin, halfW, halfH, sectionIndex } = st;
    const cls = this.scene.cls;
    const px = this.pixels;
    const stride = this.canvas.width;
    const k = this.scale;
    const inset = INSET * k;
    let s = -1;
    let cx0 = 0;
    let cy0 = 0;
    let cx1 = 0;
    let cy1 = 0;
    let ox = 0;
    let oy = 0;
    let skip = true;
    for (let i = 0; i < st.count; i++) {
      if (sectionIndex[i] !== s) {
        s = sectionIndex[i]!;
        skip = this.rx[s]! < 0;
        const b = st.sections[s]!.bounds;
        cx0 = this.rx[s]!;
        cy0 = this.ry[s]!;
        cx1 = cx0 + this.rw[s]!;
        cy1 = cy0 + this.rh[s]!;
        ox = cx0 + BITMAP_PAD - b.minX * k;
        oy = cy0 + BITMAP_PAD - b.minY * k;
      }
      if (skip) continue;
      const c = cls[i]!;
      const shrink = c === Paint.Unavailable || c === Paint.Blocked ? inset : k;
      const ac = cos[i]! < 0 ? -cos[i]! : cos[i]!;
      const as = sin[i]! < 0 ? -sin[i]! : sin[i]!;
      const hw = (ac * halfW[i]! + as * halfH[i]!) * shrink;
      const hh = (as * halfW[i]! + ac * halfH[i]!) * shrink;
      const cx = ox + x[i]! * k;
      const cy = oy + y[i]! * k;
      let xa = Math.round(cx - hw);
      let xb = Math.round(cx + hw);
      let ya = Math.round(cy - hh);
      let yb = Math.round(cy + hh);
      if (xb <= xa) xb = xa + 1;
      if (yb <= ya) yb = ya + 1;
      if (xa < cx0) xa = cx0;
      if (ya < cy0) ya = cy0;
      if (xb > cx1) xb = cx1;
      if (yb > cy1) yb = cy1;
      const colour = packed[c]!;
      for (let yy = ya; yy < yb; yy++) {
        const row = yy * stride;
        for (let xx = xa; xx < xb; xx++) px[row + xx] = colour;
      }
    }
  }

  /** An atlas of every reserved section with seats at `scale` device px per plan unit, or null if it would be too big. */
  static build(scene: SceneData, scale: number, packed: Uint32Array, maxSide = 4096): DotAtlas | null {
    const st = scene.store;
    const items: ShelfItem[] = [];
    const w = new Int32Array(st.sections.length);
    const h = new Int32Array(st.sections.length);
    for (const sec of st.sections) {
      if (!sec.isReserved || sec.seatEnd === sec.seatStart) continue;
      const b = sec.bounds;
      w[sec.index] = Math.ceil((b.maxX - b.minX) * scale) + 2 * BITMAP_PAD;
      h[sec.index] = Math.ceil((b.maxY - b.minY) * scale) + 2 * BITMAP_PAD;
      items.push({ id: sec.index, w: w[sec.index]!, h: h[sec.index]! });
    }
    const layout = packShelves(items, maxSide);
    if (!layout) return null;
    const full = {
      x: new Int32Array(st.sections.length).fill(-1),
      y: new Int32Array(st.sections.length).fill(-1),
      width: layout.width,
      height: layout.height,
    };
    full.x.set(layout.x.subarray(0, Math.min(layout.x.length, full.x.length)));
    full.y.set(layout.y.subarray(0, Math.min(layout.y.length, full.y.length)));
    return new DotAtlas(scene, scale, full, { w, h }, packed);
  }

  has(s: number): boolean {
    return this.rx[s]! >= 0;
  }

  /** Draws section s's rectangle at its place on the plan (the context is in plan units). */
  draw(ctx: CanvasRenderingContext2D, s: number): void {
    const b = this.scene.store.sections[s]!.bounds;
    const k = this.scale;
    ctx.drawImage(
      this.canvas,
      this.rx[s]!,
      this.ry[s]!,
      this.rw[s]!,
      this.rh[s]!,
      b.minX - BITMAP_PAD / k,
      b.minY - BITMAP_PAD / k,
      this.rw[s]! / k,
      this.rh[s]! / k,
    );
  }

  /** Pixels of the atlas (device px). */
  get pixelCount(): number {
    return this.canvas.width * this.canvas.height;
  }

  private plot(i: number, packed: Uint32Array, restoreFloor: boolean): void {
    const st = this.scene.store;
    const s = st.sectionIndex[i]!;
    const b = st.sections[s]!.bounds;
    const k = this.scale;
    const stride = this.canvas.width;
    clip.x0 = this.rx[s]!;
    clip.y0 = this.ry[s]!;
    clip.x1 = clip.x0 + this.rw[s]!;
    clip.y1 = clip.y0 + this.rh[s]!;
    const cx = clip.x0 + BITMAP_PAD + (st.x[i]! - b.minX) * k;
    const cy = clip.y0 + BITMAP_PAD + (st.y[i]! - b.minY) * k;
    // A dot is tiny: its rotated box is close enough to its axis-aligned extent.
    const ac = Math.abs(st.cos[i]!);
    const as = Math.abs(st.sin[i]!);
    const hw = (ac * st.halfW[i]! + as * st.halfH[i]!) * k;
    const hh = (as * st.halfW[i]! + ac * st.halfH[i]!) * k;
    if (restoreFloor) {
      dotFootprint(cx, cy, hw, hh, clip, box);
      for (let y = box.y0; y < box.y1; y++)
        this.pixels.set(this.floor.subarray(y * stride + box.x0, y * stride + box.x1), y * stride + box.x0);
    }
    const c = this.scene.cls[i]!;
    const shrink = isInsetClass(c) ? INSET : 1;
    dotFootprint(cx, cy, hw * shrink, hh * shrink, clip, box);
    const colour = packed[c]!;
    const px = this.pixels;
    for (let y = box.y0; y < box.y1; y++) {
      const row = y * stride;
      for (let x = box.x0; x < box.x1; x++) px[row + x] = colour;
    }
  }

  /** Status changes: re-plot those seats (and neighbours whose pixels a restore may touch), put back the touched rectangle. */
  replot(changed: ArrayLike<number>, neighbours: ((i: number) => ArrayLike<number>) | null, packed: Uint32Array): void {
    const st = this.scene.store;
    const k = this.scale;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let n = 0; n < changed.length; n++) {
      const i = changed[n]!;
      const s = st.sectionIndex[i]!;
      if (this.rx[s]! < 0) continue;
      this.plot(i, packed, true);
      if (neighbours) {
        const near = neighbours(i);
        for (let m = 0; m < near.length; m++)
          if (near[m] !== i && st.sectionIndex[near[m]!] === s) this.plot(near[m]!, packed, false);
      }
      const b = st.sections[s]!.bounds;
      const cx = this.rx[s]! + BITMAP_PAD + (st.x[i]! - b.minX) * k;
      const cy = this.ry[s]! + BITMAP_PAD + (st.y[i]! - b.minY) * k;
      const r = (st.halfW[i]! + st.halfH[i]!) * k + 1;
      if (cx - r < x0) x0 = cx - r;
      if (cy - r < y0) y0 = cy - r;
      if (cx + r > x1) x1 = cx + r;
      if (cy + r > y1) y1 = cy + r;
    }
    const ix0 = Math.max(0, Math.floor(x0));
    const iy0 = Math.max(0, Math.floor(y0));
    const ix1 = Math.min(this.canvas.width, Math.ceil(x1));
    const iy1 = Math.min(this.canvas.height, Math.ceil(y1));
    if (ix1 > ix0 && iy1 > iy0) this.ctx.putImageData(this.image, 0, 0, ix0, iy0, ix1 - ix0, iy1 - iy0);
  }
}
