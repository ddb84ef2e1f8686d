import type { DesignerShape } from '@hotline/seatmaps/designer';
import type { Language } from './editor/doc';

/**
 * The plan's decorative shapes (pillars, bars, aisles, exits; the format's `decor.shapes`), drawn under the sections so
 * an imported or earlier plan's decor is seen while editing. Rotation is about the centre of the shape's points' box.
 */
export function renderDecor(
  ctx: CanvasRenderingContext2D,
  shapes: readonly DesignerShape[],
  lang: Language,
  px: number,
  textColour: string,
): void {
  for (const s of shapes) {
    if (s.points.length < 2) continue;
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
    ctx.lineWidth = 1.5 * px;
    ctx.strokeStyle = s.stroke ?? textColour;
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
