/**
 * Geometry of the decorative shapes (`DesignerShape`, the format's `decor.shapes`): where one is drawn, whether a point
 * is on it, and where it goes when a selection is moved, turned or mirrored. A shape's `rotate` turns it about the
 * centre of its points' box (as the format says), so these work on the shape as drawn, not on its stored points.
 */
import type { PlanPoint } from '../format';
import type { DesignerShape } from './model';
import { boundsOf, pointInPolygon } from './shape';

type Shape = Pick<DesignerShape, 'kind' | 'points' | 'rotate'>;

const round = (n: number) => Math.round(n * 100) / 100;

function turnAbout(p: PlanPoint, c: PlanPoint, degrees: number): PlanPoint {
  if (!degrees) return { x: p.x, y: p.y };
  const a = (degrees * Math.PI) / 180;
  const dx = p.x - c.x;
  const dy = p.y - c.y;
  return { x: c.x + dx * Math.cos(a) - dy * Math.sin(a), y: c.y + dx * Math.sin(a) + dy * Math.cos(a) };
}

/** The centre of the shape's points' box: what `rotate` turns it about. */
export function decorCentre(shape: Shape): PlanPoint {
  const b = boundsOf(shape.points);
  return { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
}

/** The corners of the shape's box as drawn (turned by its rotation): what selects, fits and snaps it. */
export function decorBox(shape: Shape): PlanPoint[] {
  const b = boundsOf(shape.points);
  const c = decorCentre(shape);
  return [
    { x: b.minX, y: b.minY },
    { x: b.maxX, y: b.minY },
    { x: b.maxX, y: b.maxY },
    { x: b.minX, y: b.maxY },
  ].map((p) => turnAbout(p, c, shape.rotate));
}

function distanceToSegment(p: PlanPoint, a: PlanPoint, b: PlanPoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len)) : 0;
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** Whether `p` is on the shape as drawn: inside a rect, ellipse or polygon, or within `tolerance` of a line. */
export function decorHit(shape: Shape, p: PlanPoint, tolerance: number): boolean {
  if (shape.points.length < 2) return false;
  const c = decorCentre(shape);
  const q = turnAbout(p, c, -shape.rotate);
  const b = boundsOf(shape.points);
  const t = tolerance;
  switch (shape.kind) {
    case 'rect':
      return q.x >= b.minX - t && q.x <= b.maxX + t && q.y >= b.minY - t && q.y <= b.maxY + t;
    case 'ellipse': {
      const rx = (b.maxX - b.minX) / 2 + t;
      const ry = (b.maxY - b.minY) / 2 + t;
      return ((q.x - c.x) / rx) ** 2 + ((q.y - c.y) / ry) ** 2 <= 1;
    }
    case 'polygon':
      if (pointInPolygon(q.x, q.y, shape.points)) return true;
      return shape.points.some((a, i) => distanceToSegment(q, a, shape.points[(i + 1) % shape.points.length]!) <= t);
    case 'line':
      return shape.points.some((a, i) => i > 0 && distanceToSegment(q, shape.points[i - 1]!, a) <= t);
  }
}

/**
 * The shape after a selection it belongs to was mapped by `f` (a move, or a turn by `turn` degrees, or a mirror, about
 * some centre). A rectangle or ellipse keeps its size: its centre goes where `f` takes it and its rotation turns (or
 * flips, mirrored). A line or polygon turned or mirrored has its rotation worked into its points first, so the drawn
 * shape lands exactly where `f` takes it. Coordinates kept to 1/100 unit, angles to [0, 360).
 */
export function moveDecor<T extends Shape>(shape: T, f: (p: PlanPoint) => PlanPoint, turn = 0, mirror = false): T {
  const angle = (a: number) => round(((a % 360) + 360) % 360);
  const pt = (p: PlanPoint) => ({ x: round(p.x), y: round(p.y) });
  if (shape.kind === 'rect' || shape.kind === 'ellipse') {
    const c = decorCentre(shape);
    const to = f(c);
    const dx = to.x - c.x;
    const dy = to.y - c.y;
    const rotate = mirror ? -shape.rotate : shape.rotate + turn;
    return { ...shape, points: shape.points.map((p) => pt({ x: p.x + dx, y: p.y + dy })), rotate: angle(rotate) };
  }
  if (!turn && !mirror) return { ...shape, points: shape.points.map((p) => pt(f(p))) };
  const c = decorCentre(shape);
  return { ...shape, points: shape.points.map((p) => pt(f(turnAbout(p, c, shape.rotate)))), rotate: 0 };
}
