import type { SeatStore } from './seat-store';

/**
 * Arrow-key navigation between seats (accessibility: the map must be usable
 * without a pointer).
 *
 * Directions are SCREEN directions. Inside a section they are mapped onto the
 * section's own axes: in a section rotated 90° the rows run down the screen, so
 * ArrowDown walks along the row; in a section rotated 180° ArrowRight walks to
 * lower seat positions. Without this a rotated balcony would feel inverted.
 *
 * Order of fallbacks for a key press:
 *  1. along the row: the next seat in the row (rows are index ranges in the store);
 *     at the row end, a row at the same height further that way (side-by-side blocks);
 *  2. across rows: the nearest seat by section-local x in the next row level
 *     (rows whose centre heights differ by less than half a seat are one level);
 *  3. otherwise the nearest seat in the neighbouring section in that screen direction.
 * Every step honours `accept` (e.g. "only available seats"). Returns -1 when
 * there is nowhere to go; callers keep the current focus then.
 */
export type NavDirection = 'left' | 'right' | 'up' | 'down';
type Accept = ((i: number) => boolean) | undefined;

const SCREEN_VECTORS: Record<NavDirection, readonly [number, number]> = {
  left: [-1, 0],
  right: [1, 0],
  up: [0, -1],
  down: [0, 1],
};

const ok = (accept: Accept, i: number) => !accept || accept(i);

/** Seat i ± steps along its row, skipping unaccepted seats; -1 past the row end. dir +1 = increasing section-local x. */
export function nextInRow(store: SeatStore, i: number, dir: 1 | -1, accept?: Accept): number {
  const row = store.rows[store.rowOf[i]!]!;
  for (let j = i + dir; j >= row.start && j < row.end; j += dir) if (ok(accept, j)) return j;
  return -1;
}

function levelTolerance(store: SeatStore): number {
  return store.typicalSeatSize * 0.5;
}

/** Nearest accepted seat by local x within a row, or -1. Ties go to the lower index. */
function nearestInRowByX(store: SeatStore, rowIndex: number, lx: number, accept: Accept, side: 0 | 1 | -1 = 0): number {
  const row = store.rows[rowIndex]!;
  let best = -1;
  let bestD = Infinity;
  for (let j = row.start; j < row.end; j++) {
    const dx = store.localX[j]! - lx;
    if ((side === 1 && dx <= 0) || (side === -1 && dx >= 0)) continue;
    const d = Math.abs(dx);
    if (d < bestD && ok(accept, j)) {
      best = j;
      bestD = d;
    }
  }
  return best;
}

/**
 * At a row end: a seat in another row of the same section at the same level,
 * further in direction dir (section-local x). -1 when none.
 */
export function sameLevelSeat(store: SeatStore, i: number, dir: 1 | -1, accept?: Accept): number {
  const r = store.rowOf[i]!;
  const section = store.sections[store.sectionIndex[i]!]!;
  const ry = store.rows[r]!.localY;
  const tol = levelTolerance(store);
  let best = -1;
  let bestD = Infinity;
  for (let k = section.rowStart; k < section.rowEnd; k++) {
    if (k === r || Math.abs(store.rows[k]!.localY - ry) > tol) continue;
    const j = nearestInRowByX(store, k, store.localX[i]!, accept, dir);
    if (j < 0) continue;
    const d = Math.abs(store.localX[j]! - store.localX[i]!);
    if (d < bestD) {
      best = j;
      bestD = d;
    }
  }
  return best;
}

/**
 * The seat nearest by section-local x in the next row level of the same section
 * (dir +1 = increasing local y, i.e. further from the top of the box). Skips
 * levels with no accepted seat. -1 when the section has no further row.
 */
export function adjacentRowSeat(store: SeatStore, i: number, dir: 1 | -1, accept?: Accept): number {
  const section = store.sections[store.sectionIndex[i]!]!;
  const tol = levelTolerance(store);
  const lx = store.localX[i]!;
  let levelY = store.rows[store.rowOf[i]!]!.localY;
  // Rows are sorted by localY, so levels can be walked in order.
  for (;;) {
    let nextY = dir === 1 ? Infinity : -Infinity;
    for (let k = section.rowStart; k < section.rowEnd; k++) {
      const y = store.rows[k]!.localY;
      if (dir === 1 ? y > levelY + tol && y < nextY : y < levelY - tol && y > nextY) nextY = y;
    }
    if (!Number.isFinite(nextY)) return -1;
    let best = -1;
    let bestD = Infinity;
    for (let k = section.rowStart; k < section.rowEnd; k++) {
      const y = store.rows[k]!.localY;
      if (Math.abs(y - nextY) > tol) continue;
      const j = nearestInRowByX(store, k, lx, accept);
      if (j >= 0 && Math.abs(store.localX[j]! - lx) < bestD) {
        best = j;
        bestD = Math.abs(store.localX[j]! - lx);
      }
    }
    if (best >= 0) return best;
    // The next level starts beyond this one (rows within tol of nextY belonged to it).
    levelY = nextY;
  }
}

/**
 * The best seat in another section in screen direction `direction` from seat i:
 * sections are ranked by distance along the direction plus twice the sideways
 * offset (so "down" prefers the section right below over one diagonally
 * closer), then the entry seat is the accepted seat nearest to seat i.
 */
export function neighbourSectionSeat(store: SeatStore, i: number, direction: NavDirection, accept?: Accept): number {
  const [vx, vy] = SCREEN_VECTORS[direction];
  const px = store.x[i]!;
  const py = store.y[i]!;
  const own = store.sectionIndex[i]!;
  const ranked: { s: number; score: number }[] = [];
  for (const section of store.sections) {
    if (section.index === own || section.seatEnd === section.seatStart) continue;
    const b = section.bounds;
    const cx = (b.minX + b.maxX) / 2;
    const cy = (b.minY + b.maxY) / 2;
    if ((cx - px) * vx + (cy - py) * vy <= 0) continue;
    // Gap to the section box along the direction, and sideways offset outside its extent.
    const along = vx !== 0 ? (vx > 0 ? b.minX - px : px - b.maxX) : vy > 0 ? b.minY - py : py - b.maxY;
    const side = vx !== 0 ? Math.max(0, b.minY - py, py - b.maxY) : Math.max(0, b.minX - px, px - b.maxX);
    ranked.push({ s: section.index, score: Math.max(0, along) + 2 * side });
  }
  ranked.sort((a, b) => a.score - b.score || a.s - b.s);
  for (const { s } of ranked) {
    const section = store.sections[s]!;
    let best = -1;
    let bestD2 = Infinity;
    for (let j = section.seatStart; j < section.seatEnd; j++) {
      const dx = store.x[j]! - px;
      const dy = store.y[j]! - py;
      const d2 = dx * dx + dy * dy;
      if (d2 < bestD2 && ok(accept, j)) {
        best = j;
        bestD2 = d2;
      }
    }
    if (best >= 0) return best;
  }
  return -1;
}

/** How a screen direction maps onto seat i's section: along its rows or across them, and which way. */
export function sectionAxisFor(
  store: SeatStore,
  i: number,
  direction: NavDirection,
): { axis: 'row' | 'across'; dir: 1 | -1 } {
  const [vx, vy] = SCREEN_VECTORS[direction];
  const t = store.sections[store.sectionIndex[i]!]!.transform;
  // Screen images of the section's local x and y axes are the matrix columns.
  const alongRow = vx * t[0] + vy * t[1];
  const acrossRows = vx * t[2] + vy * t[3];
  if (Math.abs(alongRow) >= Math.abs(acrossRows) - 1e-9) return { axis: 'row', dir: alongRow >= 0 ? 1 : -1 };
  return { axis: 'across', dir: acrossRows >= 0 ? 1 : -1 };
}

/** One arrow-key step from seat i. Returns the seat to focus, or -1. */
export function navigate(store: SeatStore, i: number, direction: NavDirection, accept?: Accept): number {
  if (i < 0 || i >= store.count) return firstSeat(store, accept);
  const { axis, dir } = sectionAxisFor(store, i, direction);
  let j = axis === 'row' ? nextInRow(store, i, dir, accept) : adjacentRowSeat(store, i, dir, accept);
  if (j < 0 && axis === 'row') j = sameLevelSeat(store, i, dir, accept);
  if (j < 0) j = neighbourSectionSeat(store, i, direction, accept);
  return j;
}

/** Where keyboard focus enters the map: the first accepted seat in store order (first section, top row, leftmost). */
export function firstSeat(store: SeatStore, accept?: Accept): number {
  for (let j = 0; j < store.count; j++) if (ok(accept, j)) return j;
  return -1;
}
