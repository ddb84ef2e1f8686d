import type { Box } from './geometry';

/** A line the moved thing lines up with, shown while dragging. */
export interface Guide {
  axis: 'x' | 'y';
  at: number;
}

export interface Snapped {
  dx: number;
  dy: number;
  guides: Guide[];
}

const edgesX = (b: Box) => [b.minX, (b.minX + b.maxX) / 2, b.maxX];
const edgesY = (b: Box) => [b.minY, (b.minY + b.maxY) / 2, b.maxY];

/**
 * Snaps a move of `moving` by (dx, dy): to another box's edge or centre when one is within `threshold` plan units
 * (a guide is drawn there), else to the grid step. Each axis on its own.
 */
export function snapMove(
  moving: Box,
  dx: number,
  dy: number,
  others: readonly Box[],
  threshold: number,
  grid: number,
): Snapped {
  const guides: Guide[] = [];
  const axis = (d: number, own: number[], theirs: (b: Box) => number[], name: 'x' | 'y'): number => {
    let best: { d: number; at: number } | null = null;
    for (const o of others)
      for (const t of theirs(o))
        for (const e of own) {
          const delta = t - (e + d);
          if (Math.abs(delta) <= threshold && (!best || Math.abs(delta) < Math.abs(best.d - d)))
            best = { d: d + delta, at: t };
        }
    if (best) {
      guides.push({ axis: name, at: best.at });
      return best.d;
    }
    return grid > 0 ? snapToGrid(own[0]! + d, grid) - own[0]! : d;
  };
  return { dx: axis(dx, edgesX(moving), edgesX, 'x'), dy: axis(dy, edgesY(moving), edgesY, 'y'), guides };
}

export function snapToGrid(v: number, grid: number): number {
  return grid > 0 ? Math.round(v / grid) * grid : v;
}
