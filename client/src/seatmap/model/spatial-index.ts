import type { SeatStore } from './seat-store';

// Module-level aliases for Math functions used in per-seat loops: inside Node's vm
// contexts (jest) every global lookup like `Math.abs` costs ~0.5 µs, which would
// swamp the loops we measure; in browsers the aliases cost nothing either way.
const { abs, floor, max, min, sqrt, ceil } = Math;

/**
 * Uniform grid over the seats, for pointer hit-testing, rubber-band selection,
 * culling and "nearest seat" (touch tolerance, keyboard fallbacks).
 *
 * Why a grid and not a quadtree/R-tree: seats are near-uniform in size and
 * dense, which is the grid's best case — a lookup is one division and one
 * bucket, with no tree walk and no pointer chasing. Why each seat goes into
 * every cell its rotated bounding box touches (not just its centre's cell):
 * a hit test then only ever reads the single cell under the pointer, however
 * large or rotated the seat, so it stays O(1) even with beds and tables mixed in.
 * Buckets are stored CSR-style (one offsets array + one entries array) so the
 * whole index is two typed arrays, built in two linear passes.
 *
 * Queries read geometry straight from the store's arrays; rebuild the index if
 * the store is rebuilt (statuses changing does not matter).
 */
export type RectQueryMode = 'overlap' | 'centre';

export interface SpatialIndexOptions {
  /** Grid cell size in plan units. Default: 1.5 × store.typicalSeatSize. */
  cellSize?: number;
}

/** Upper bound on cells per seat so a sparse plan with tiny seats cannot allocate a huge grid. */
const MAX_CELLS_PER_SEAT = 4;
const MIN_CELL_BUDGET = 4096;

export class SpatialIndex {
  readonly cellSize: number;
  readonly cols: number;
  readonly rows: number;
  readonly originX: number;
  readonly originY: number;
  private readonly inv: number;
  /** Bucket c holds entries[cellStart[c] .. cellStart[c+1]), seat indices ascending. */
  private readonly cellStart: Uint32Array;
  private readonly entries: Int32Array;
  /** Half extents of each seat's rotated bounding box. */
  private readonly extX: Float32Array;
  private readonly extY: Float32Array;
  /** First grid column/row each seat's bounding box covers (de-duplicates overlap queries). */
  private readonly cellX0: Int32Array;
  private readonly cellY0: Int32Array;
  /**
   * Hit-test geometry interleaved per seat: [x, y, cos, sin, halfW, halfH] at 6·i.
   * The store keeps these in six separate arrays; testing one candidate would
   * then touch six cache lines, here it touches one (random-access hit tests
   * over 100k seats are memory-latency bound, not arithmetic bound).
   */
  private readonly geom: Float32Array;

  constructor(
    private readonly store: SeatStore,
    options: SpatialIndexOptions = {},
  ) {
    const n = store.count;
    const { x, y, halfW, halfH, cos, sin } = store;
    this.geom = new Float32Array(n * 6);
    for (let i = 0, o = 0; i < n; i++, o += 6) {
      this.geom[o] = x[i]!;
      this.geom[o + 1] = y[i]!;
      this.geom[o + 2] = cos[i]!;
      this.geom[o + 3] = sin[i]!;
      this.geom[o + 4] = halfW[i]!;
      this.geom[o + 5] = halfH[i]!;
    }
    this.extX = new Float32Array(n);
    this.extY = new Float32Array(n);

    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < n; i++) {
      const ac = abs(cos[i]!);
      const as = abs(sin[i]!);
      const hw = halfW[i]!;
      const hh = halfH[i]!;
      // Padded by a hair so float rounding can never leave a seat's edge outside its cells.
      const ex = (ac * hw + as * hh) * (1 + 1e-6) + 1e-9;
      const ey = (as * hw + ac * hh) * (1 + 1e-6) + 1e-9;
      this.extX[i] = ex;
      this.extY[i] = ey;
      const cx = x[i]!;
      const cy = y[i]!;
      if (cx - ex < minX) minX = cx - ex;
      if (cy - ey < minY) minY = cy - ey;
      if (cx + ex > maxX) maxX = cx + ex;
      if (cy + ey > maxY) maxY = cy + ey;
    }
    if (n === 0) {
      minX = minY = 0;
      maxX = maxY = 1;
    }

    const width = max(maxX - minX, 1e-9);
    const height = max(maxY - minY, 1e-9);
    // ~1.5 seats per cell: measured at 100k seats, smaller cells mean fewer candidates
    // per lookup (each seat then spans ~2-4 cells), larger cells mean longer scans.
    let cell = options.cellSize ?? store.typicalSeatSize * 1.5;
    if (!(cell > 0)) cell = max(width, height);
    const budget = max(MIN_CELL_BUDGET, n * MAX_CELLS_PER_SEAT);
    if ((width / cell + 1) * (height / cell + 1) > budget) cell = sqrt((width * height) / budget) * 1.01 + 1e-9;

    this.cellSize = cell;
    this.inv = 1 / cell;
    this.originX = minX;
    this.originY = minY;
    this.cols = max(1, floor(width * this.inv) + 1);
    this.rows = max(1, floor(height * this.inv) + 1);

    const cells = this.cols * this.rows;
    const counts = new Uint32Array(cells + 1);
    this.cellX0 = new Int32Array(n);
    this.cellY0 = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const c0 = this.col(x[i]! - this.extX[i]!);
      const c1 = this.col(x[i]! + this.extX[i]!);
      const r0 = this.row(y[i]! - this.extY[i]!);
      const r1 = this.row(y[i]! + this.extY[i]!);
      this.cellX0[i] = c0;
      this.cellY0[i] = r0;
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) counts[r * this.cols + c + 1]!++;
    }
    for (let c = 0; c < cells; c++) counts[c + 1]! += counts[c]!;
    this.cellStart = counts;
    this.entries = new Int32Array(counts[cells]!);
    const fill = counts.slice(0, cells);
    for (let i = 0; i < n; i++) {
      const c0 = this.cellX0[i]!;
      const r0 = this.cellY0[i]!;
      const c1 = this.col(x[i]! + this.extX[i]!);
      const r1 = this.row(y[i]! + this.extY[i]!);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) this.entries[fill[r * this.cols + c]!++] = i;
    }
  }

  /** Average number of seat entries per non-empty cell (diagnostics; tune cellSize with it). */
  get entriesPerCell(): number {
    let nonEmpty = 0;
    for (let c = 0; c < this.cols * this.rows; c++) if (this.cellStart[c + 1]! > this.cellStart[c]!) nonEmpty++;
    return nonEmpty === 0 ? 0 : this.entries.length / nonEmpty;
  }

  /** Clamped grid column of a plan x. */
  private col(px: number): number {
    const c = floor((px - this.originX) * this.inv);
    return c < 0 ? 0 : c >= this.cols ? this.cols - 1 : c;
  }

  private row(py: number): number {
    const r = floor((py - this.originY) * this.inv);
    return r < 0 ? 0 : r >= this.rows ? this.rows - 1 : r;
  }

  /** Exact point-in-rotated-rectangle test for seat i. */
  contains(i: number, px: number, py: number): boolean {
    const g = this.geom;
    const o = i * 6;
    const dx = px - g[o]!;
    const dy = py - g[o + 1]!;
    const c = g[o + 2]!;
    const n = g[o + 3]!;
    // Rotate the offset back into the seat's frame.
    const u = dx * c + dy * n;
    const v = dy * c - dx * n;
    return (u < 0 ? -u : u) <= g[o + 4]! && (v < 0 ? -v : v) <= g[o + 5]!;
  }

  /**
   * The seat under plan point (px, py), or -1. Where seats overlap, the one
   * drawn last (highest index) wins, matching what the user sees on top.
   */
  hitTest(px: number, py: number): number {
    const c = floor((px - this.originX) * this.inv);
    const r = floor((py - this.originY) * this.inv);
    if (c < 0 || r < 0 || c >= this.cols || r >= this.rows) return -1;
    const cell = r * this.cols + c;
    const start = this.cellStart[cell]!;
    for (let k = this.cellStart[cell + 1]! - 1; k >= start; k--) {
      const i = this.entries[k]!;
      if (this.contains(i, px, py)) return i;
    }
    return -1;
  }

  /**
   * Seats in the rectangle, written into `out` (no allocation); returns how many
   * matched, which may exceed out.length (only the first out.length are written).
   * 'overlap': the seat's rotated bounding box touches the rectangle (culling).
   * 'centre': the seat's centre lies inside it (rubber-band selection).
   * Each seat is reported once; order is by grid cell, not by index.
   */
  queryRectInto(
    out: Int32Array | number[],
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    mode: RectQueryMode = 'overlap',
  ): number {
    if (!(minX <= maxX && minY <= maxY)) return 0;
    const s = this.store;
    const gx0 = floor((minX - this.originX) * this.inv);
    const gy0 = floor((minY - this.originY) * this.inv);
    const gx1 = floor((maxX - this.originX) * this.inv);
    const gy1 = floor((maxY - this.originY) * this.inv);
    if (gx1 < 0 || gy1 < 0 || gx0 >= this.cols || gy0 >= this.rows) return 0;
    const c0 = max(0, gx0);
    const r0 = max(0, gy0);
    const c1 = min(this.cols - 1, gx1);
    const r1 = min(this.rows - 1, gy1);
    const cap = out.length;
    const grow = Array.isArray(out);
    let count = 0;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const cell = r * this.cols + c;
        const end = this.cellStart[cell + 1]!;
        for (let k = this.cellStart[cell]!; k < end; k++) {
          const i = this.entries[k]!;
          const sx = s.x[i]!;
          const sy = s.y[i]!;
          if (mode === 'centre') {
            if (sx < minX || sx > maxX || sy < minY || sy > maxY) continue;
            // A centre inside the rectangle lies in exactly one of the visited cells: report it there.
            if (this.col(sx) !== c || this.row(sy) !== r) continue;
          } else {
            const ex = this.extX[i]!;
            const ey = this.extY[i]!;
            if (sx + ex < minX || sx - ex > maxX || sy + ey < minY || sy - ey > maxY) continue;
            // Report in the first visited cell the seat's box covers.
            const fc = this.cellX0[i]! > c0 ? this.cellX0[i]! : c0;
            const fr = this.cellY0[i]! > r0 ? this.cellY0[i]! : r0;
            if (fc !== c || fr !== r) continue;
          }
          if (grow || count < cap) out[count] = i;
          count++;
        }
      }
    }
    return count;
  }

  /** Allocating convenience form of queryRectInto. */
  queryRect(minX: number, minY: number, maxX: number, maxY: number, mode: RectQueryMode = 'overlap'): number[] {
    const out: number[] = [];
    this.queryRectInto(out, minX, minY, maxX, maxY, mode);
    return out;
  }

  /**
   * The seat whose centre is nearest to (px, py) within maxDist (inclusive), or -1.
   * Ties go to the lower index. Searches outward ring by ring and stops as soon
   * as no unvisited cell can hold anything closer.
   */
  nearest(px: number, py: number, maxDist: number = Infinity, accept?: (i: number) => boolean): number {
    if (this.store.count === 0 || !(maxDist >= 0)) return -1;
    const s = this.store;
    const pc = floor((px - this.originX) * this.inv);
    const pr = floor((py - this.originY) * this.inv);
    const farthestCell = max(abs(pc), abs(this.cols - 1 - pc), abs(pr), abs(this.rows - 1 - pr));
    const kMax = min(farthestCell, ceil(maxDist * this.inv) + 1);
    const maxD2 = maxDist * maxDist;
    let best = -1;
    let bestD2 = Infinity;

    const visit = (c: number, r: number) => {
      if (c < 0 || r < 0 || c >= this.cols || r >= this.rows) return;
      const cell = r * this.cols + c;
      const end = this.cellStart[cell + 1]!;
      for (let k = this.cellStart[cell]!; k < end; k++) {
        const i = this.entries[k]!;
        const dx = s.x[i]! - px;
        const dy = s.y[i]! - py;
        const d2 = dx * dx + dy * dy;
        if (d2 > maxD2 || d2 > bestD2 || (d2 === bestD2 && i >= best)) continue;
        if (accept && !accept(i)) continue;
        best = i;
        bestD2 = d2;
      }
    };

    for (let k = 0; k <= kMax; k++) {
      if (k === 0) visit(pc, pr);
      else {
        const ca = max(pc - k, 0);
        const cb = min(pc + k, this.cols - 1);
        for (let c = ca; c <= cb; c++) {
          visit(c, pr - k);
          visit(c, pr + k);
        }
        const ra = max(pr - k + 1, 0);
        const rb = min(pr + k - 1, this.rows - 1);
        for (let r = ra; r <= rb; r++) {
          visit(pc - k, r);
          visit(pc + k, r);
        }
      }
      // Any seat whose centre sits in a ring beyond k is farther than k cells away.
      const reach = k * this.cellSize;
      if (best >= 0 && bestD2 <= reach * reach) break;
    }
    return best;
  }
}

/**
 * The section under plan point (x, y), or -1: its outline polygon when it has
 * one, else its rotated box. This is how general-admission sections (which
 * have no seats in the grid) are clicked; for reserved sections it can drive
 * hover outlines. Linear in the number of sections (tens to a few hundred),
 * with a bounds check first; the last matching section (drawn on top) wins.
 */
export function hitSection(store: SeatStore, x: number, y: number): number {
  for (let s = store.sections.length - 1; s >= 0; s--) {
    const section = store.sections[s]!;
    const b = section.bounds;
    if (x < b.minX || x > b.maxX || y < b.minY || y > b.maxY) continue;
    const polygon: readonly (readonly [number, number])[] =
      section.outline ?? section.corners.map((p) => [p.x, p.y] as const);
    if (pointInPolygon(polygon, x, y)) return s;
  }
  return -1;
}

/** Even-odd rule point-in-polygon (works for concave outlines). */
export function pointInPolygon(polygon: readonly (readonly [number, number])[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
