/**
 * Canvas text helpers. Labels are drawn in SCREEN space (upright, crisp, at a
 * real font size) at positions mapped from the plan, so rotated sections keep
 * readable labels and the venue itself is never mirrored in right-to-left
 * languages — only each label's own text direction follows its script.
 */
const RTL_CHARS = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

export function textDirection(text: string): CanvasDirection {
  return RTL_CHARS.test(text) ? 'rtl' : 'ltr';
}

export const FONT_FAMILY = 'system-ui, "Segoe UI", Arial, "Noto Sans Hebrew", "Noto Sans Arabic", sans-serif';

export function font(px: number, weight = 600): string {
  return `${weight} ${Math.round(px * 10) / 10}px ${FONT_FAMILY}`;
}

/** Centred text with a halo so it reads on any background. */
export function haloText(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  px: number,
  colour: string,
  halo: string,
  weight = 700,
): void {
  ctx.font = font(px, weight);
  ctx.direction = textDirection(text);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, px * 0.28);
  ctx.strokeStyle = halo;
  ctx.strokeText(text, x, y);
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
}

export function plainText(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  px: number,
  colour: string,
  weight = 600,
): void {
  ctx.font = font(px, weight);
  ctx.direction = textDirection(text);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
}

/** Text on a rounded plate (row names pinned to the map's edge, read over seats). */
export function pinnedText(
  ctx: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  px: number,
  colour: string,
  plate: string,
  weight = 600,
): void {
  ctx.font = font(px, weight);
  const w = ctx.measureText(text).width + px * 0.7;
  const h = px * 1.25;
  ctx.beginPath();
  ctx.roundRect(x - w / 2, y - h / 2, w, h, h / 2);
  // Opaque, with a thin rim in the text colour: it reads as a tag over the seats, not as a seat number.
  ctx.fillStyle = plate;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = colour;
  ctx.stroke();
  plainText(ctx, text, x, y, px, colour, weight);
}

/**
 * A label as lines, then shorter forms of it, for small sections:
 * "Lower tier 101" -> ["Lower tier 101"], ["Lower tier", "101"], ["101"] (the part with digits);
 * "Golden ring" -> ["Golden ring"], ["Golden", "ring"].
 */
export function labelCandidates(text: string): string[][] {
  const out: string[][] = [[text]];
  const words = text.trim().split(/\s+/);
  if (words.length > 1) {
    // Two lines, split where the halves are closest in length.
    let best = 1;
    let bestDiff = Infinity;
    for (let k = 1; k < words.length; k++) {
      const diff = Math.abs(words.slice(0, k).join(' ').length - words.slice(k).join(' ').length);
      if (diff < bestDiff) {
        bestDiff = diff;
        best = k;
      }
    }
    out.push([words.slice(0, best).join(' '), words.slice(best).join(' ')]);
    const numeric = words.filter((w) => /\d/.test(w));
    if (numeric.length) out.push([numeric.join(' ')]);
  }
  return out;
}

const widths = new Map<string, number>();

/**
 * Text width at `px`, measured once per text at 100 px and scaled (text
 * width is proportional to font size to well under a pixel at label sizes).
 * measureText shapes text each call; labels are re-placed every frame.
 */
export function textWidth(ctx: CanvasRenderingContext2D, text: string, px: number, weight = 700): number {
  const key = `${weight}|${text}`;
  let w = widths.get(key);
  if (w === undefined) {
    const prev = ctx.font;
    ctx.font = font(100, weight);
    w = ctx.measureText(text).width;
    ctx.font = prev;
    if (widths.size > 5000) widths.clear();
    widths.set(key, w);
  }
  return (w * px) / 100;
}

/**
 * Renders a little text in every script the labels use, off screen. The first
 * text a page draws pays for font matching and fallback (tens of ms for Hebrew
 * and Arabic); doing it while the seat plan downloads keeps that cost off the
 * first frame.
 */
export function warmTextRendering(): void {
  if (typeof document === 'undefined') return;
  const canvas = document.createElement('canvas');
  canvas.width = 4;
  canvas.height = 4;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  for (const weight of [600, 700, 800]) {
    ctx.font = font(13, weight);
    for (const dir of ['rtl', 'ltr'] as const) {
      ctx.direction = dir;
      ctx.fillText('אולם שורה 12 Row Seat ₪ قاعة Ряд ✓', 0, 2);
      ctx.strokeText('אבג 1', 0, 2);
    }
  }
}
