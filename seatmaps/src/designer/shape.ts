/**
 * Outlines of the designer's section shapes as polygons in plan units: what the format stores as `outline`, what
 * "seat outside its section" tests against, and what the canvas draws.
 */
import type { PlanPoint } from '../format';
import type { SectionShape } from './model';

const { sin, cos, PI, ceil, max, min } = Math;

/** (x, y) turned `degrees` clockwise (y down) about (cx, cy). */
export function turn(x: number, y: number, cx: number, cy: number, degrees: number): PlanPoint {
  if (degrees === 0) return { x, y };
  const a = (degrees * PI) / 180;
  const c = cos(a);
  const s = sin(a);
  const dx = x - cx;
  const dy = y - cy;
  return { x: cx + dx * c - dy * s, y: cy + dx * s + dy * c };
}

/** The four corners of a rotated rectangle: top-left, top-right, bottom-right, bottom-left (before rotation). */
export function rectCorners(r: { x: number; y: number; width: number; height: number; rotate: number }): PlanPoint[] {
  const cx = r.x + r.width / 2;
  const cy = r.y + r.height / 2;
  return [
    turn(r.x, r.y, cx, cy, r.rotate),
    turn(r.x + r.width, r.y, cx, cy, r.rotate),
    turn(r.x + r.width, r.y + r.height, cx, cy, r.rotate),
    turn(r.x, r.y + r.height, cx, cy, r.rotate),
  ];
}

/**
 * A ring sector as a polygon: the outer arc from start to end, then the inner arc back. `segmentDegrees` is the
 * longest step along an arc; an inner radius of 0 gives a pie slice (one point at the centre).
 */
export function arcSectorOutline(
  arc: { cx: number; cy: number; innerRadius: number; outerRadius: number; startAngle: number; endAngle: number },
  segmentDegrees = 5,
): PlanPoint[] {
  const sweep = arc.endAngle - arc.startAngle;
  const steps = max(1, ceil(Math.abs(sweep) / segmentDegrees));
  const at = (radius: number, deg: number): PlanPoint => {
    const a = (deg * PI) / 180;
    return { x: arc.cx + radius * cos(a), y: arc.cy + radius * sin(a) };
  };
  const points: PlanPoint[] = [];
  for (let i = 0; i <= steps; i++) points.push(at(arc.outerRadius, arc.startAngle + (sweep * i) / steps));
  if (arc.innerRadius <= 0) points.push({ x: arc.cx, y: arc.cy });
  else for (let i = steps; i >= 0; i--) points.push(at(arc.innerRadius, arc.startAngle + (sweep * i) / steps));
  return points;
}

export function shapeOutline(shape: SectionShape): PlanPoint[] {
  switch (shape.type) {
    case 'rect':
      return rectCorners(shape);
    case 'polygon':
      return shape.points.map((p) => ({ x: p.x, y: p.y }));
    case 'arc':
      return arcSectorOutline(shape);
  }
}

/** Even-odd ray casting; points on an edge may fall either way, so callers allow a little slack. */
export function pointInPolygon(x: number, y: number, polygon: readonly PlanPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Distance from (x, y) to the nearest edge of the polygon. */
export function distanceToPolygonEdge(x: number, y: number, polygon: readonly PlanPoint[]): number {
  let best = Infinity;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[j]!;
    const b = polygon[i]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : max(0, min(1, ((x - a.x) * dx + (y - a.y) * dy) / len2));
    const ex = a.x + t * dx - x;
    const ey = a.y + t * dy - y;
    best = min(best, Math.sqrt(ex * ex + ey * ey));
  }
  return best;
}

/** Axis-aligned bounds of some points. */
export function boundsOf(points: readonly PlanPoint[]): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX, minY, maxX, maxY };
}
