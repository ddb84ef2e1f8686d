import { boundsOf as modelBounds, type Box } from '@hotline/seatmaps/designer';
import type { Point } from './doc';

export type { Box };

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

/** The model's bounds, or null for nothing (the canvas fits an empty plan to its size). */
export function boundsOf(points: Iterable<Point>, pad = 0): Box | null {
  const list = [...points];
  if (!list.length) return null;
  const b = modelBounds(list);
  return { minX: b.minX - pad, minY: b.minY - pad, maxX: b.maxX + pad, maxY: b.maxY + pad };
}

export function rotateAbout(p: Point, c: Point, degrees: number): Point {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const dx = p.x - c.x;
  const dy = p.y - c.y;
  return { x: round(c.x + dx * cos - dy * sin), y: round(c.y + dx * sin + dy * cos) };
}

/** Plan coordinates kept to 1/100 unit: files stay short and undo restores exactly what was there. */
export const round = (n: number) => Math.round(n * 100) / 100;
