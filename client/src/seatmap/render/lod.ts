/**
 * Rendering decisions that depend only on numbers (kept pure so they are unit
 * tested): how big a seat is on screen, which detail level to draw, and
 * whether a section comes from its cached bitmap or is drawn as vectors.
 */

/** Below this many CSS pixels per seat, sections are drawn from cached bitmaps. */
export const BITMAP_MAX_SEAT_PX = 10;
/** Row labels appear from this seat size (CSS px). */
export const ROW_LABEL_MIN_PX = 9;
/** Glyphs appear from this seat size (device px in the target surface). */
export const GLYPH_MIN_PX = 7;
/** A cached section bitmap never exceeds this many device pixels per side. */
export const MAX_BITMAP_SIDE = 4096;

export type RenderMode = 'bitmap' | 'vector';

export function seatPixels(scale: number, typicalSeatSize: number): number {
  return scale * typicalSeatSize;
}

/** Bitmap mode while seats are small; 15% hysteresis so a zoom resting at the threshold does not flip modes. */
export function renderModeFor(seatPx: number, previous?: RenderMode): RenderMode {
  const threshold =
    previous === 'bitmap'
      ? BITMAP_MAX_SEAT_PX * 1.15
      : previous === 'vector'
        ? BITMAP_MAX_SEAT_PX * 0.85
        : BITMAP_MAX_SEAT_PX;
  return seatPx < threshold ? 'bitmap' : 'vector';
}

/**
 * Device pixels per plan unit for a section bitmap: the next power of two at
 * or above what the screen needs (so a bitmap is only ever shrunk, at most 2×,
 * which keeps it sharp), limited so the bitmap stays within MAX_BITMAP_SIDE.
 * Returns 0 when even that limit is too coarse (< 60% of what is needed): draw
 * that section as vectors instead.
 */
export function bitmapScaleFor(
  needed: number,
  sectionWidth: number,
  sectionHeight: number,
  maxSide = MAX_BITMAP_SIDE,
): number {
  if (!(needed > 0)) return 0;
  const bucket = 2 ** Math.ceil(Math.log2(needed) - 1e-9);
  const side = Math.max(sectionWidth, sectionHeight, 1e-9);
  const cap = maxSide / side;
  if (bucket <= cap) return bucket;
  return cap >= needed * 0.6 ? cap : 0;
}

/** Device pixels a bitmap of these bounds would take at `scale`. */
export function bitmapPixels(width: number, height: number, scale: number, pad = 2): number {
  return (Math.ceil(width * scale) + 2 * pad) * (Math.ceil(height * scale) + 2 * pad);
}

/**
 * Pixel ratio cap. Canvas cost grows with the square of the ratio; on a
 * weak device (few cores, little memory) a 3× phone screen renders 9× the
 * pixels of 1× for a barely visible gain. Strong devices get up to 2.
 */
export function cappedPixelRatio(
  devicePixelRatio: number,
  cores: number | undefined,
  memoryGb: number | undefined,
): number {
  const dpr = devicePixelRatio > 0 ? devicePixelRatio : 1;
  const weak = (cores !== undefined && cores <= 4) || (memoryGb !== undefined && memoryGb <= 4);
  return Math.min(dpr, weak ? 1.5 : 2);
}

/** Section-label font size (CSS px) for a section `sectionPx` wide on screen; 0 = too small to label. */
export function sectionLabelPx(sectionPx: number, large = false): number {
  const base = large ? 16 : 13;
  if (sectionPx < 28) return 0;
  return Math.min(base + 4, Math.max(large ? 12 : 10, sectionPx / 8));
}
