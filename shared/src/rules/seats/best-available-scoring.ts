/** A point in plan units. */
export interface PlanPoint {
  x: number;
  y: number;
}

/** The fields candidates are ranked by; both row blocks and split blocks carry them. */
export interface RankedBlock {
  /** Distance from the block centre (mean of its seat centres) to the focal point. */
  distance: number;
  /** Row index of the block, or of its front row when split. */
  rowIndex: number;
  /** x of the block's first seat; only breaks remaining ties so results are stable. */
  firstX: number;
}

// Local references: these run once per candidate block, and global lookups are
// slow in sandboxed contexts (jest's vm, SSR sandboxes).
const { abs, hypot, max } = Math;

// Mirror-image blocks are equally good, but their centres come out of different
// float sums and may differ in the last bit; treat that as a tie.
const DISTANCE_TOLERANCE = 1e-9;

export function distanceToFocalPoint(centre: PlanPoint, focalPoint: PlanPoint): number {
  return hypot(centre.x - focalPoint.x, centre.y - focalPoint.y);
}

/** Nearer to the focal point first; ties go to the lower row index, then the lower x. */
export function compareRankedBlocks(a: RankedBlock, b: RankedBlock): number {
  const scale = max(1, abs(a.distance), abs(b.distance));
  if (abs(a.distance - b.distance) > DISTANCE_TOLERANCE * scale) return a.distance - b.distance;
  return a.rowIndex - b.rowIndex || a.firstX - b.firstX;
}

/**
 * Inserts `candidate` into `best` (kept sorted, at most `max` long) if it ranks
 * high enough. Keeping only the top few while sweeping keeps best-available
 * linear in the number of seats instead of sorting every possible block.
 */
export function keepBest<C extends RankedBlock>(best: C[], candidate: C, max: number): void {
  if (best.length >= max && compareRankedBlocks(candidate, best[best.length - 1]!) >= 0) return;
  let at = best.length;
  while (at > 0 && compareRankedBlocks(candidate, best[at - 1]!) < 0) at--;
  best.splice(at, 0, candidate);
  if (best.length > max) best.pop();
}
