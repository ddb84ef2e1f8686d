import type { Point } from './doc';

/** Seats laid out by the block tool: positions and the row each belongs to (0 = the row nearest the stage). */
export interface LaidSeat {
  x: number;
  y: number;
  row: number;
  /** Index in its row, from the left as drawn. */
  col: number;
  rotate: number;
}

export interface BlockOptions {
  rows: number;
  seatsPerRow: number;
  /** 0 = straight rows; 1 = the row's ends drop by one row pitch (the middle is nearest the stage). */
  curvature: number;
  /** Every second row shifted by half a seat (seats see between the heads in front). */
  stagger: boolean;
}

/** A block of rows filling the box between two corners of a drag. */
export function layBlock(a: Point, b: Point, o: BlockOptions): LaidSeat[] {
  const minX = Math.min(a.x, b.x);
  const minY = Math.min(a.y, b.y);
  const w = Math.abs(b.x - a.x);
  const h = Math.abs(b.y - a.y);
  const rows = Math.max(1, Math.floor(o.rows));
  const per = Math.max(1, Math.floor(o.seatsPerRow));
  const pitchX = per > 1 ? w / (per - (o.stagger ? 0.5 : 1)) : 0;
  const pitchY = rows > 1 ? h / (rows - 1 + o.curvature) : 0;
  const out: LaidSeat[] = [];
  for (let r = 0; r < rows; r++) {
    const shift = o.stagger && r % 2 === 1 ? pitchX / 2 : 0;
    for (let c = 0; c < per; c++) {
      const u = per > 1 ? (2 * c) / (per - 1) - 1 : 0;
      const drop = o.curvature * pitchY * u * u;
      const slope = (2 * o.curvature * pitchY * u * 2) / Math.max(1e-9, (per - 1) * pitchX || 1);
      out.push({
        x: round(minX + shift + c * pitchX),
        y: round(minY + r * pitchY + drop),
        row: r,
        col: c,
        rotate: round((Math.atan(slope) * 180) / Math.PI),
      });
    }
  }
  return out;
}

/** Seats on concentric arcs around `centre` (an arena or amphitheatre sector), facing the centre. */
export function layArc(
  centre: Point,
  outer: Point,
  o: { rows: number; seatsPerRow: number; spanDegrees: number; innerRatio: number },
): LaidSeat[] {
  const rOuter = Math.hypot(outer.x - centre.x, outer.y - centre.y);
  const rInner = rOuter * o.innerRatio;
  const mid = Math.atan2(outer.y - centre.y, outer.x - centre.x);
  const span = (o.spanDegrees * Math.PI) / 180;
  const rows = Math.max(1, Math.floor(o.rows));
  const per = Math.max(1, Math.floor(o.seatsPerRow));
  const out: LaidSeat[] = [];
  for (let r = 0; r < rows; r++) {
    const radius = rows > 1 ? rInner + ((rOuter - rInner) * r) / (rows - 1) : rOuter;
    for (let c = 0; c < per; c++) {
      const t = per > 1 ? c / (per - 1) - 0.5 : 0;
      const angle = mid + t * span;
      out.push({
        x: round(centre.x + radius * Math.cos(angle)),
        y: round(centre.y + radius * Math.sin(angle)),
        row: r,
        col: c,
        rotate: round((angle * 180) / Math.PI + 90 + 180),
      });
    }
  }
  return out;
}

/** The outline of an annular sector (for the arc tool's section). */
export function arcOutline(
  centre: Point,
  outer: Point,
  spanDegrees: number,
  innerRatio: number,
  margin: number,
): Point[] {
  const rOuter = Math.hypot(outer.x - centre.x, outer.y - centre.y) + margin;
  const rInner = Math.max(0, Math.hypot(outer.x - centre.x, outer.y - centre.y) * innerRatio - margin);
  const mid = Math.atan2(outer.y - centre.y, outer.x - centre.x);
  const span = (spanDegrees * Math.PI) / 180 + (2 * margin) / Math.max(1, rOuter);
  const steps = 12;
  const pts: Point[] = [];
  for (let k = 0; k <= steps; k++) {
    const a = mid - span / 2 + (span * k) / steps;
    pts.push({ x: round(centre.x + rOuter * Math.cos(a)), y: round(centre.y + rOuter * Math.sin(a)) });
  }
  for (let k = steps; k >= 0; k--) {
    const a = mid - span / 2 + (span * k) / steps;
    pts.push({ x: round(centre.x + rInner * Math.cos(a)), y: round(centre.y + rInner * Math.sin(a)) });
  }
  return pts;
}

export function rectOutline(a: Point, b: Point): Point[] {
  const x0 = Math.min(a.x, b.x);
  const y0 = Math.min(a.y, b.y);
  const x1 = Math.max(a.x, b.x);
  const y1 = Math.max(a.y, b.y);
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
}

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function boundsOf(points: Iterable<Point>, pad = 0): Box | null {
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
  if (minX === Infinity) return null;
  return { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
}

export function rotateAbout(p: Point, c: Point, degrees: number): Point {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const dx = p.x - c.x;
  const dy = p.y - c.y;
  return { x: round(c.x + dx * cos - dy * sin), y: round(c.y + dx * sin + dy * cos) };
}

export function pointInPolygon(p: Point, poly: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Plan coordinates kept to 1/100 unit: files stay short and undo restores exactly what was there. */
export const round = (n: number) => Math.round(n * 100) / 100;
