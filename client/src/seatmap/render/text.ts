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
export function haloText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, px: number, colour: string, halo: string, weight = 700): void {
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

export function plainText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, px: number, colour: string, weight = 600): void {
  ctx.font = font(px, weight);
  ctx.direction = textDirection(text);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
}

/** A label, then shorter forms of it: "Lower tier 101" -> "101" (the part with digits), for small sections. */
export function labelCandidates(text: string): string[] {
  const out = [text];
  const words = text.trim().split(/\s+/);
  if (words.length > 1) {
    const numeric = words.filter((w) => /\d/.test(w));
    const short = numeric.length ? numeric.join(' ') : words[words.length - 1]!;
    if (short !== text) out.push(short);
  }
  return out;
}
