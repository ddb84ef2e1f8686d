import type { DecorShape, Language, Point } from './editor/doc';

/**
 * The plan's decorative shapes (pillars, bars, aisles, exits; the format's `decor.shapes`), drawn under the sections so
 * staff draw them over a traced floor plan and see them while placing seats. Rotation is about the centre of the shape's
 * points' box. `moved(id)`: the drag offset a selected shape is drawn at while dragged. The selection is outlined on
 * the overlay (outlineDecor), so selecting a shape does not draw the plan again.
 */
export function renderDecor(
  ctx: CanvasRenderingContext2D,
  shapes: Iterable<DecorShape>,
  lang: Language,
  px: number,
  colours: { text: string },
  moved: (id: string) => Point | null = () => null,
): void {
  for (const shape of shapes) {
    if (shape.points.length < 2) continue;
    const s = at(shape, moved(shape.id));
    ctx.save();
    decorPath(ctx, s);
    if (s.fill && s.kind !== 'line') {
      ctx.fillStyle = s.fill;
      ctx.fill();
    }
    ctx.lineWidth = 1.5 * px;
    ctx.strokeStyle = s.stroke ?? colours.text;
    ctx.stroke();
    const label = s.label && (s.label[lang] || s.label.en);
    if (label) {
      ctx.font = `${12 * px}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = colours.text;
      ctx.fillText(label, 0, 0);
    }
    ctx.restore();
  }
}

/** A selected shape's outline in the selection colour (the overlay), where it is drawn (at the drag's offset). */
export function outlineDecor(
  ctx: CanvasRenderingContext2D,
  shape: DecorShape,
  px: number,
  colour: string,
  offset: Point | null,
): void {
  if (shape.points.length < 2) return;
  ctx.save();
  decorPath(ctx, at(shape, offset));
  ctx.lineWidth = 3 * px;
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.restore();
}

const at = (shape: DecorShape, off: Point | null): DecorShape =>
  off ? { ...shape, points: shape.points.map((p) => ({ x: p.x + off.x, y: p.y + off.y })) } : shape;

/** The shape's path, with the context moved to its centre and turned by its rotation (the caller saves/restores). */
function decorPath(ctx: CanvasRenderingContext2D, s: DecorShape): void {
  const xs = s.points.map((p) => p.x);
  const ys = s.points.map((p) => p.y);
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  const x1 = Math.max(...xs);
  const y1 = Math.max(...ys);
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  ctx.translate(cx, cy);
  ctx.rotate((s.rotate * Math.PI) / 180);
  ctx.beginPath();
  if (s.kind === 'rect') ctx.rect(x0 - cx, y0 - cy, x1 - x0, y1 - y0);
  else if (s.kind === 'ellipse') ctx.ellipse(0, 0, (x1 - x0) / 2, (y1 - y0) / 2, 0, 0, Math.PI * 2);
  else {
    s.points.forEach((p, i) => (i ? ctx.lineTo(p.x - cx, p.y - cy) : ctx.moveTo(p.x - cx, p.y - cy)));
    if (s.kind === 'polygon') ctx.closePath();
  }
}
