import type { ApiDecorLabel, ApiDecorShape, ApiSeatplanDecor } from '@hotline/shared';
import { font, textDirection } from './text';

/**
 * The plan's decor (ApiSeatplan.Decor: shapes such as a bar or a sound desk, texts such as "Exit"), painted in plan
 * units by one sceneFunc under the stage and the sections: a handful of paths, nothing per seat. Texts and shape
 * labels are part of the drawing (they grow and shrink with the map, like the hall itself), upright in the plan's
 * frame, each in its own script's direction, so the map reads the same in right-to-left and left-to-right pages.
 */
export interface DecorPaint {
  /** The label in the page's language. */
  label: (label: ApiDecorLabel) => string;
  /** Outline and text colour where a shape has none of its own. */
  ink: string;
  /** Device pixels per plan unit (camera scale × pixel ratio): below a readable size, words are left out. */
  px: number;
  pixelRatio: number;
}

/** Words smaller than this on screen (CSS px) are specks, not text. */
const MIN_TEXT_PX = 6;

export function drawDecor(ctx: CanvasRenderingContext2D, decor: ApiSeatplanDecor, paint: DecorPaint): void {
  for (const shape of decor.shapes) drawShape(ctx, shape, paint);
  for (const t of decor.texts) {
    const text = paint.label(t.text);
    if (!text || (t.fontSize * paint.px) / paint.pixelRatio < MIN_TEXT_PX) continue;
    ctx.save();
    ctx.translate(t.x, t.y);
    if (t.rotate) ctx.rotate((t.rotate * Math.PI) / 180);
    word(ctx, text, t.fontSize, paint.ink);
    ctx.restore();
  }
}

function drawShape(ctx: CanvasRenderingContext2D, s: ApiDecorShape, paint: DecorPaint): void {
  if (s.points.length < 2) return;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of s.points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  // The format turns a shape about the centre of its points' box.
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  ctx.save();
  ctx.translate(cx, cy);
  if (s.rotate) ctx.rotate((s.rotate * Math.PI) / 180);
  ctx.beginPath();
  if (s.kind === 'rect') ctx.rect(x0 - cx, y0 - cy, x1 - x0, y1 - y0);
  else if (s.kind === 'ellipse') ctx.ellipse(0, 0, (x1 - x0) / 2, (y1 - y0) / 2, 0, 0, Math.PI * 2);
  else {
    s.points.forEach(([x, y], i) => (i ? ctx.lineTo(x - cx, y - cy) : ctx.moveTo(x - cx, y - cy)));
    if (s.kind === 'polygon') ctx.closePath();
  }
  if (s.fill && s.kind !== 'line') {
    ctx.fillStyle = s.fill;
    ctx.fill();
  }
  // A hairline that stays visible at any zoom: 1.5 screen px.
  ctx.lineWidth = (1.5 * paint.pixelRatio) / paint.px;
  ctx.strokeStyle = s.stroke ?? paint.ink;
  ctx.stroke();
  const label = s.label ? paint.label(s.label) : '';
  if (label) {
    // As large as the shape's box allows (a rough width per character), never larger than the box is tall.
    const size = Math.min((y1 - y0) * 0.45, ((x1 - x0) * 0.9) / Math.max(3, label.length * 0.6));
    if ((size * paint.px) / paint.pixelRatio >= MIN_TEXT_PX) word(ctx, label, size, paint.ink);
  }
  ctx.restore();
}

function word(ctx: CanvasRenderingContext2D, text: string, size: number, ink: string): void {
  ctx.font = font(size, 600);
  ctx.direction = textDirection(text);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = ink;
  ctx.fillText(text, 0, 0);
}
