/**
 * Snapping while dragging: to the grid, and to alignment guides with other items (a seat lining up with the seats
 * of the next row). A guide beats the grid on its axis; the nearest guide within the tolerance wins.
 */
import type { PlanPoint } from '../format';

export interface Guide {
  /** 'x': a vertical line at x = `at`; 'y': a horizontal line at y = `at`. */
  axis: 'x' | 'y';
  at: number;
  /** Where to draw it: from the dragged point to the item it lines up with (the other coordinate). */
  from: number;
  to: number;
}

export interface SnapResult {
  point: PlanPoint;
  guides: Guide[];
}

export function snapToGrid(p: PlanPoint, grid: number): PlanPoint {
  if (!(grid > 0)) return { x: p.x, y: p.y };
  return { x: Math.round(p.x / grid) * grid, y: Math.round(p.y / grid) * grid };
}

/**
 * Snaps `p` to whichever of `others` line up with it within `tolerance` (plan units; divide screen pixels by the
 * zoom), on each axis apart; else to the grid (when given). Returns the snapped point and the guide lines to draw.
 */
export function snapPoint(
  p: PlanPoint,
  others: readonly PlanPoint[],
  options: { tolerance: number; grid?: number },
): SnapResult {
  let bestX: number | null = null;
  let bestY: number | null = null;
  let dxBest = options.tolerance;
  let dyBest = options.tolerance;
  for (const o of others) {
    const dx = Math.abs(o.x - p.x);
    const dy = Math.abs(o.y - p.y);
    if (dx <= dxBest) {
      dxBest = dx;
      bestX = o.x;
    }
    if (dy <= dyBest) {
      dyBest = dy;
      bestY = o.y;
    }
  }
  const grid = options.grid ? snapToGrid(p, options.grid) : p;
  const point = { x: bestX ?? grid.x, y: bestY ?? grid.y };
  const guides: Guide[] = [];
  if (bestX !== null)
    guides.push(
      guideLine(
        'x',
        bestX,
        point.y,
        others,
        (o) => o.x,
        (o) => o.y,
      ),
    );
  if (bestY !== null)
    guides.push(
      guideLine(
        'y',
        bestY,
        point.x,
        others,
        (o) => o.y,
        (o) => o.x,
      ),
    );
  return { point, guides };
}

/** A guide spanning the dragged point and every item on the line. */
function guideLine(
  axis: 'x' | 'y',
  at: number,
  own: number,
  others: readonly PlanPoint[],
  along: (o: PlanPoint) => number,
  across: (o: PlanPoint) => number,
): Guide {
  let from = own;
  let to = own;
  for (const o of others) {
    if (along(o) !== at) continue;
    const c = across(o);
    if (c < from) from = c;
    if (c > to) to = c;
  }
  return { axis, at, from, to };
}

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A box's edges and centre lines crossed: the nine points another box lines up with. */
export function boxPoints(b: Box): PlanPoint[] {
  const xs = [b.minX, (b.minX + b.maxX) / 2, b.maxX];
  const ys = [b.minY, (b.minY + b.maxY) / 2, b.maxY];
  return xs.flatMap((x) => ys.map((y) => ({ x, y })));
}

/**
 * Snaps a move of the box `moving` by `delta`: an edge or the centre of the moved box lines up with an edge or the
 * centre of one of `others` within `tolerance` (a guide is drawn there), each axis apart, the smallest correction
 * winning; an axis that lines up with nothing moves its top-left corner to the grid (when given).
 */
export function snapBox(
  moving: Box,
  delta: PlanPoint,
  others: readonly Box[],
  options: { tolerance: number; grid?: number },
): { delta: PlanPoint; guides: Guide[] } {
  const targets = others.flatMap(boxPoints);
  let bestX: { d: number; guide: Guide } | null = null;
  let bestY: { d: number; guide: Guide } | null = null;
  for (const own of boxPoints(moving)) {
    const moved = { x: own.x + delta.x, y: own.y + delta.y };
    const { point, guides } = snapPoint(moved, targets, { tolerance: options.tolerance });
    for (const guide of guides) {
      const d = guide.axis === 'x' ? point.x - moved.x : point.y - moved.y;
      if (guide.axis === 'x' && (!bestX || Math.abs(d) < Math.abs(bestX.d))) bestX = { d, guide };
      if (guide.axis === 'y' && (!bestY || Math.abs(d) < Math.abs(bestY.d))) bestY = { d, guide };
    }
  }
  const corner = snapToGrid({ x: moving.minX + delta.x, y: moving.minY + delta.y }, options.grid ?? 0);
  return {
    delta: {
      x: bestX ? delta.x + bestX.d : corner.x - moving.minX,
      y: bestY ? delta.y + bestY.d : corner.y - moving.minY,
    },
    guides: [bestX?.guide, bestY?.guide].filter((g): g is Guide => g !== undefined),
  };
}
