import type { DecorShape, Language, Point } from './editor/doc';

/**
 * The plan's decorative shapes (pillars, bars, aisles, exits; the format's `decor.shapes`), drawn under the sections so
 * staff draw them over a traced floor plan and see them while placing seats. Rotation is about the centre of the shape's
 * points' box. `moved(id)`: the drag offset a selected shape is drawn at while dragged; `selected` ones are outlined.
 */
export function renderDecor(
  ctx: CanvasRenderingContext2D,
  shapes: Iterable<DecorShape>,
  lang: Language,
  px: number,
  colours: { text: string; selected: string },
  selected: (id: string) => boolean = () => false,
  moved: (id: string) => Point | null = () => null,
): void {
  for (const shape of shapes) {
    if (shape.points.length < 2) continue;
    const off = moved(shape.id);
    const s = off ? { ...shape, points: shape.points.map((p) => ({ x: p.x + off.x, y: p.y + off.y })) } : shape;
    const textColour = colours.text;
    const xs = s.points.map((p) => p.x);
    const ys = s.points.map((p) => p.y);
    const x0 = Math.min(...xs);
    const y0 = Math.min(...ys);
    const x1 = Math.max(...xs);
    const y1 = Math.max(...ys);
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate((s.rotate * Math.PI) / 180);
    ctx.beginPath();
    if (s.kind === 'rect') ctx.rect(x0 - cx, y0 - cy, x1 - x0, y1 - y0);
    else if (s.kind === 'ellipse') ctx.ellipse(0, 0, (x1 - x0) / 2, (y1 - y0) / 2, 0, 0, Math.PI * 2);
    else {
      s.points.forEach((p, i) => (i ? ctx.lineTo(p.x - cx, p.y - cy) : ctx.moveTo(p.x - cx, p.y - cy)));
      if (s.kind === 'polygon') ctx.closePath();
    }
    if (s.fill && s.kind !== 'line') {
      ctx.fillStyle = s.fill;
      ctx.fill();
    }
    const isSelected = selected(s.id);
    ctx.lineWidth = (isSelected ? 3 : 1.5) * px;
    ctx.strokeStyle = isSelected ? colours.selected : (s.stroke ?? textColour);
    ctx.stroke();
    const label = s.label && (s.label[lang] || s.label.en);
    if (label) {
      ctx.font = `${12 * px}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = textColour;
      ctx.fillText(label, 0, 0);
    }
    ctx.restore();
  }
}
