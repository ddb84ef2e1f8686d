/**
 * (XCoordinate, YCoordinate) -> seat index within one section.
 *
 * Why not a Map<string, number> keyed by seatKey: building 100,000 template
 * strings and hashing them costs ~50 ms on a mid-range machine — half the
 * whole model's budget — and every status row would pay a string build +
 * hash again. Seat coordinates inside a section are small dense integers
 * (column, row), so a flat Int32Array over the section's coordinate rectangle
 * gives a lookup of two subtractions and one load. Sections whose coordinates
 * are sparse fall back to a Map. (Coordinates are stored as Int32, so they are
 * integers by construction.)
 */
const MAX_TABLE_OVERHEAD = 4; // table cells allowed per seat before falling back to a Map

export class SectionSeatLookup {
  private readonly minX: number;
  private readonly minY: number;
  private readonly width: number;
  private readonly height: number;
  private readonly table: Int32Array | null;
  private readonly map: Map<string, number> | null;

  /**
   * Index over seats [start, end) of the store's coordinate arrays. Returns the
   * lookup and the seats whose coordinates repeat an earlier seat's (bad data:
   * the caller drops them and rebuilds).
   */
  static build(
    coordX: Int32Array,
    coordY: Int32Array,
    start: number,
    end: number,
  ): { lookup: SectionSeatLookup; duplicates: number[] } {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = start; i < end; i++) {
      const x = coordX[i]!;
      const y = coordY[i]!;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    const lookup = new SectionSeatLookup(minX, minY, maxX, maxY, end - start);
    const duplicates: number[] = [];
    for (let i = start; i < end; i++) if (!lookup.add(coordX[i]!, coordY[i]!, i)) duplicates.push(i);
    return { lookup, duplicates };
  }

  /** An empty lookup sized for integer coordinates in [minX, maxX] x [minY, maxY]. */
  constructor(minX: number, minY: number, maxX: number, maxY: number, count: number) {
    const n = count;
    this.minX = minX;
    this.minY = minY;
    this.width = n === 0 ? 0 : maxX - minX + 1;
    this.height = n === 0 ? 0 : maxY - minY + 1;
    const area = this.width * this.height;
    if (area <= (n * MAX_TABLE_OVERHEAD > 64 ? n * MAX_TABLE_OVERHEAD : 64)) {
      this.table = new Int32Array(area).fill(-1);
      this.map = null;
    } else {
      this.table = null;
      this.map = new Map();
    }
  }

  get(x: number, y: number): number {
    if (this.table) {
      const cx = x - this.minX;
      const cy = y - this.minY;
      // Out-of-range or fractional coordinates are not seats.
      if (cx < 0 || cy < 0 || cx >= this.width || cy >= this.height || (cx | 0) !== cx || (cy | 0) !== cy) return -1;
      return this.table[cy * this.width + cx]!;
    }
    return this.map!.get(`${x}:${y}`) ?? -1;
  }

  /** Stores the seat unless the coordinates are taken; returns false for a duplicate. */
  add(x: number, y: number, index: number): boolean {
    if (this.table) {
      const slot = (y - this.minY) * this.width + (x - this.minX);
      if (this.table[slot] !== -1) return false;
      this.table[slot] = index;
      return true;
    }
    const key = `${x}:${y}`;
    if (this.map!.has(key)) return false;
    this.map!.set(key, index);
    return true;
  }
}
