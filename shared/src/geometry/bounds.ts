/**
 * Axis-aligned bounds in plan units. Mutable on purpose: builders extend one
 * object per section in a tight loop instead of allocating per seat.
 */
export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Empty bounds: min = +Infinity, max = -Infinity, so the first extend sets them. */
export function emptyBounds(): Bounds {
  return { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
}

export function isEmptyBounds(b: Bounds): boolean {
  return !(b.minX <= b.maxX && b.minY <= b.maxY);
}

export function extendBounds(b: Bounds, x: number, y: number): Bounds {
  if (x < b.minX) b.minX = x;
  if (x > b.maxX) b.maxX = x;
  if (y < b.minY) b.minY = y;
  if (y > b.maxY) b.maxY = y;
  return b;
}

export function unionBounds(into: Bounds, other: Bounds): Bounds {
  if (isEmptyBounds(other)) return into;
  extendBounds(into, other.minX, other.minY);
  extendBounds(into, other.maxX, other.maxY);
  return into;
}

/** Closed-interval overlap test (touching edges count as overlapping). */
export function boundsIntersect(a: Bounds, b: Bounds): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

export function boundsWidth(b: Bounds): number {
  return isEmptyBounds(b) ? 0 : b.maxX - b.minX;
}

export function boundsHeight(b: Bounds): number {
  return isEmptyBounds(b) ? 0 : b.maxY - b.minY;
}
