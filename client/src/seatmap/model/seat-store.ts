import {
  extendBounds,
  isEmptyBounds,
  seatKey,
  sectionCornersOnPlan,
  sectionTransform,
  type Affine,
  type ApiSeat,
  type ApiSeatplan,
  type Bounds,
  type ColumnarColumn,
  type ColumnarSeatplan,
  type Point,
  decodeSeatNames,
  isColumnarSeatplan,
} from '@hotline/shared';
import { featureMask } from './features';
import { SectionSeatLookup } from './seat-lookup';

// Module-level aliases for Math functions used in per-seat loops: inside Node's vm
// contexts (jest) every global lookup like `Math.abs` costs ~0.5 µs, which would
// swamp the loops we measure; in browsers the aliases cost nothing either way.
const { abs, min, floor, cos: cosOf, sin: sinOf } = Math;
const DEG = Math.PI / 180;

/**
 * The seat map as flat typed arrays ("struct of arrays"), one slot per seat.
 *
 * Why not one object per seat: at 100,000 seats, objects cost ~10x the memory,
 * scatter across the heap and make every per-frame loop (culling, batching,
 * hit-testing) chase pointers. Typed arrays are contiguous, GC-free and can be
 * handed to a worker later without copying.
 *
 * Seat order is deliberate: sections in API order, inside a section rows sorted
 * top-to-bottom (section-local y), inside a row seats sorted left-to-right
 * (section-local x). So a section is the index range [seatStart, seatEnd) and a
 * row is [start, end): "next seat in row" is i ± 1 and per-section loops need no
 * index lists.
 *
 * Only reserved sections contribute seats. General-admission sections
 * (IsReserved = false) are sections without seats here: you buy a quantity, not
 * a place, so they are drawn and hit as a box and counted in status-sync.
 */

/** Status before the first snapshot arrives. Not 1/2/3, so it reads as "unavailable". */
export const STATUS_UNKNOWN = 0;

export interface SectionInfo {
  index: number;
  id: number;
  name: string;
  nameEn: string;
  /** Russian and Arabic names where the plan has them; null shows the English. */
  nameRu: string | null;
  nameAr: string | null;
  isReserved: boolean;
  /** GA capacity; null for reserved sections. */
  capacity: number | null;
  /** Price zone of a GA section; null for reserved sections (their seats carry TicketGroupId). */
  zoneId: number | null;
  isSoldOut: boolean;
  /** Section-local -> plan matrix (for drawing the box / outline / labels). */
  transform: Affine;
  /** The rotated box on the plan, clockwise from top-left. */
  corners: Point[];
  outline: readonly [number, number][] | null;
  /** Bounds of the box, the outline and every seat's rotated rectangle. */
  bounds: Bounds;
  seatStart: number;
  seatEnd: number;
  rowStart: number;
  rowEnd: number;
}

export interface RowInfo {
  index: number;
  sectionIndex: number;
  groupId: number;
  name: string;
  /** Seat index range [start, end), ordered left to right in the section frame. */
  start: number;
  end: number;
  /** Mean section-local y of the row's seat centres (rows are sorted by it). */
  localY: number;
}

export interface SeatStore {
  readonly count: number;
  readonly planWidth: number;
  readonly planHeight: number;
  /** Seat centre on the plan (after section rotation). */
  readonly x: Float32Array;
  readonly y: Float32Array;
  /** Half width / half height in plan units (before rotation). */
  readonly halfW: Float32Array;
  readonly halfH: Float32Array;
  /** Total rotation in degrees (section + seat), Konva's unit. */
  readonly rotation: Float32Array;
  /** cos/sin of `rotation`, precomputed so hit tests do no trigonometry. */
  readonly cos: Float32Array;
  readonly sin: Float32Array;
  /** Seat centre in its section's local frame (rows and keyboard navigation use it). */
  readonly localX: Float32Array;
  readonly localY: Float32Array;
  readonly sectionIndex: Uint32Array;
  readonly sectionId: Int32Array;
  readonly groupId: Int32Array;
  /** XCoordinate / YCoordinate: the seat's identity inside its section. */
  readonly coordX: Int32Array;
  readonly coordY: Int32Array;
  readonly ticketGroup: Int32Array;
  /** Feature bitmask (see features.ts). */
  readonly features: Uint32Array;
  /** Dense, plan-wide index of the couch/bed the seat belongs to; -1 for none. */
  readonly togetherGroup: Int32Array;
  /** Members of together group g: togetherSeats[togetherStart[g] .. togetherStart[g+1]). */
  readonly togetherStart: Int32Array;
  readonly togetherSeats: Int32Array;
  /** Server status code per seat (SeatStatus), STATUS_UNKNOWN until a snapshot. Mutated by status-sync. */
  readonly status: Uint8Array;
  readonly rowOf: Int32Array;
  readonly seatName: string[];
  readonly rows: RowInfo[];
  readonly sections: SectionInfo[];
  readonly sectionIndexById: Map<number, number>;
  /** Per section index: (XCoordinate, YCoordinate) -> seat index. Use seatIndexOf(). */
  readonly sectionLookup: SectionSeatLookup[];
  /**
   * seatKey(sectionId, x, y) -> seat index, built on first access (string keys
   * cost ~50 ms at 100k seats; hot paths use seatIndexOf instead).
   */
  readonly indexByKey: Map<string, number>;
  /** Content bounds: all sections and the stage (what "fit to screen" should show). */
  readonly bounds: Bounds;
  /** Median seat size ((w + h) / 2, plan units): drives grid cell size, zoom limits and level of detail. */
  readonly typicalSeatSize: number;
  /** Seats dropped because another seat of the same section already had their coordinates. */
  readonly duplicateSeats: number;
}

type SeatStoreFields = Omit<SeatStore, 'indexByKey'>;

/**
 * Adds the lazily built seatKey map to the store object.
 *
 * Why defineProperty and not `get indexByKey()` in the object literal or a
 * class with Object.assign: V8 creates literals containing a getter, and
 * objects that get dozens of properties via Object.assign, in dictionary
 * (hash-table) mode — every `store.x[i]` in a hot loop then becomes a hash
 * lookup, which made hit tests ~5x slower. A plain literal plus one
 * defineProperty stays a fast object (checked with %HasFastProperties).
 */
function withKeyIndex(fields: SeatStoreFields): SeatStore {
  let index: Map<string, number> | null = null;
  Object.defineProperty(fields, 'indexByKey', {
    enumerable: true,
    get(): Map<string, number> {
      if (!index) {
        index = new Map();
        for (let k = 0; k < fields.count; k++)
          index.set(seatKey(fields.sectionId[k]!, fields.coordX[k]!, fields.coordY[k]!), k);
      }
      return index;
    },
  });
  return fields as SeatStore;
}

function countSeats(plan: ApiSeatplan | ColumnarSeatplan): number {
  let n = 0;
  for (const section of plan.sections) {
    if (!section.IsReserved) continue;
    for (const group of section.groups)
      for (const row of group.rows) n += 'count' in row ? row.count : row.seats.length;
  }
  return n;
}

/** Median of (w + h) / 2 over an evenly strided sample: cheap and robust to a few oversize seats (tables, beds). */
function typicalSize(halfW: Float32Array, halfH: Float32Array, count: number): number {
  if (count === 0) return 1;
  const samples = min(count, 2048);
  const step = count / samples;
  const sizes = new Float64Array(samples);
  for (let k = 0; k < samples; k++) {
    const i = floor(k * step);
    sizes[k] = halfW[i]! + halfH[i]!;
  }
  sizes.sort();
  const median = sizes[samples >> 1]!;
  return median > 0 ? median : 1;
}

/** A row as the API listed it, before sorting. */
interface ApiRowRange {
  groupId: number;
  name: string;
  start: number;
  end: number;
  localY: number;
  minLocalX: number;
}

/** The writable per-seat arrays while building (the store exposes them read-only afterwards). */
class Columns {
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly halfW: Float32Array;
  readonly halfH: Float32Array;
  readonly rotation: Float32Array;
  readonly cos: Float32Array;
  readonly sin: Float32Array;
  readonly localX: Float32Array;
  readonly localY: Float32Array;
  readonly sectionIndex: Uint32Array;
  readonly sectionId: Int32Array;
  readonly groupId: Int32Array;
  readonly coordX: Int32Array;
  readonly coordY: Int32Array;
  readonly ticketGroup: Int32Array;
  readonly features: Uint32Array;
  readonly togetherGroup: Int32Array;
  readonly rowOf: Int32Array;
  readonly seatName: string[];

  constructor(n: number) {
    this.x = new Float32Array(n);
    this.y = new Float32Array(n);
    this.halfW = new Float32Array(n);
    this.halfH = new Float32Array(n);
    this.rotation = new Float32Array(n);
    this.cos = new Float32Array(n);
    this.sin = new Float32Array(n);
    this.localX = new Float32Array(n);
    this.localY = new Float32Array(n);
    this.sectionIndex = new Uint32Array(n);
    this.sectionId = new Int32Array(n);
    this.groupId = new Int32Array(n);
    this.coordX = new Int32Array(n);
    this.coordY = new Int32Array(n);
    this.ticketGroup = new Int32Array(n);
    this.features = new Uint32Array(n);
    this.togetherGroup = new Int32Array(n).fill(-1);
    this.rowOf = new Int32Array(n);
    this.seatName = new Array<string>(n).fill('');
  }

  /** Reorders slice [start, start + order.length) so that new slot k holds old seat order[k]. rowOf is set later. */
  permute(start: number, order: readonly number[]): void {
    const n = order.length;
    const arrays = [
      this.x,
      this.y,
      this.halfW,
      this.halfH,
      this.rotation,
      this.cos,
      this.sin,
      this.localX,
      this.localY,
      this.sectionIndex,
      this.sectionId,
      this.groupId,
      this.coordX,
      this.coordY,
      this.ticketGroup,
      this.features,
      this.togetherGroup,
    ];
    for (const arr of arrays) {
      const old = arr.slice(start, start + n);
      for (let k = 0; k < n; k++) arr[start + k] = old[order[k]! - start]!;
    }
    const oldNames = this.seatName.slice(start, start + n);
    for (let k = 0; k < n; k++) this.seatName[start + k] = oldNames[order[k]! - start]!;
  }
}

/** Per-section constants for emitRow, plus the row statistics it reports back. */
interface SectionContext {
  s: number;
  id: number;
  /** Box width and height divided by 100 (percent -> plan units). */
  W: number;
  H: number;
  /** Section matrix. */
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
  rotation: number;
  togetherIds: Map<number, number>;
  togetherCount: number;
  lastRot: number;
  lastCos: number;
  lastSin: number;
  // Outputs of the last emitRow:
  sumLocalY: number;
  minLocalX: number;
  rowOrdered: boolean;
}

/**
 * Writes one API row's seats at index i; returns the next free index. Kept as
 * its own small function on purpose: it is the only per-seat code touching
 * the API objects, and a small hot function gets optimised by the JIT after a
 * few rows instead of waiting for on-stack replacement of the whole builder
 * (the first — and for a visitor the only — build is a cold one).
 */
function emitRow(cols: Columns, ctx: SectionContext, seats: readonly ApiSeat[], i: number): number {
  const { W, H, a, b, c, d, e, f } = ctx;
  let sumY = 0;
  let minLx = Infinity;
  let prevLx = -Infinity;
  let ordered = true;
  for (let k = 0; k < seats.length; k++) {
    const seat = seats[k]!;
    const w = seat.WidthPercent * W;
    const h = seat.HeightPercent * H;
    const lx = seat.XOffsetPercent * W + w / 2;
    const ly = seat.YOffsetPercent * H + h / 2;
    const rot = ctx.rotation + (seat.RotateAngle || 0);
    if (rot !== ctx.lastRot) {
      ctx.lastRot = rot;
      const rad = rot * DEG;
      ctx.lastCos = cosOf(rad);
      ctx.lastSin = sinOf(rad);
    }
    cols.x[i] = a * lx + c * ly + e;
    cols.y[i] = b * lx + d * ly + f;
    cols.halfW[i] = w / 2;
    cols.halfH[i] = h / 2;
    cols.rotation[i] = rot;
    cols.cos[i] = ctx.lastCos;
    cols.sin[i] = ctx.lastSin;
    cols.localX[i] = lx;
    cols.localY[i] = ly;
    cols.sectionIndex[i] = ctx.s;
    cols.sectionId[i] = ctx.id;
    cols.groupId[i] = seat.VenueSectionSeatGroupId;
    cols.coordX[i] = seat.XCoordinate;
    cols.coordY[i] = seat.YCoordinate;
    cols.ticketGroup[i] = seat.TicketGroupId;
    const codes = seat.features;
    cols.features[i] = codes.length === 0 ? 0 : featureMask(codes);
    cols.seatName[i] = seat.SeatName;
    const tid = seat.togetherId;
    if (tid !== null && tid !== undefined) {
      let g = ctx.togetherIds.get(tid);
      if (g === undefined) ctx.togetherIds.set(tid, (g = ctx.togetherCount++));
      cols.togetherGroup[i] = g;
    }
    sumY += ly;
    if (lx < minLx) minLx = lx;
    if (lx < prevLx) ordered = false;
    prevLx = lx;
    i++;
  }
  ctx.sumLocalY = sumY;
  ctx.minLocalX = minLx;
  ctx.rowOrdered = ordered;
  return i;
}

/** The columnar plan's seat columns, decoded to typed arrays once (run-length columns expanded). */
interface SeatColumns {
  x: Float64Array;
  y: Float64Array;
  xo: Float64Array;
  yo: Float64Array;
  w: Float64Array;
  h: Float64Array;
  rot: Float64Array;
  zone: Float64Array;
  f: Float64Array;
  /** NaN = no together group. */
  together: Float64Array;
  name: string[];
}

function decodeNumbers(column: ColumnarColumn<number | null>, count: number): Float64Array {
  const out = new Float64Array(count);
  if (Array.isArray(column)) {
    for (let k = 0; k < count; k++) {
      const v = column[k];
      out[k] = v === null || v === undefined ? NaN : v;
    }
    return out;
  }
  const rle = column.rle;
  let k = 0;
  for (let r = 0; r + 1 < rle.length; r += 2) {
    const v = rle[r];
    const end = Math.min(count, k + (rle[r + 1] as number));
    out.fill(v === null ? NaN : (v as number), k, end);
    k = end;
  }
  return out;
}

function decodeSeatColumns(plan: ColumnarSeatplan): SeatColumns {
  const s = plan.seats;
  const n = s.count;
  const x = decodeNumbers(s.x, n);
  return {
    x,
    y: decodeNumbers(s.y, n),
    xo: decodeNumbers(s.xo, n),
    yo: decodeNumbers(s.yo, n),
    w: decodeNumbers(s.w, n),
    h: decodeNumbers(s.h, n),
    rot: decodeNumbers(s.rot, n),
    zone: decodeNumbers(s.zone, n),
    f: decodeNumbers(s.f, n),
    together: decodeNumbers(s.together, n),
    name: decodeSeatNames(s, x),
  };
}

/**
 * emitRow for the columnar plan (GET /api/seats/seatplan?format=columnar):
 * the row's seats are entries [k, k + n) of every column. Same arithmetic,
 * no per-seat objects to touch.
 */
function emitRowColumnar(
  cols: Columns,
  ctx: SectionContext,
  src: SeatColumns,
  masks: Uint32Array,
  k: number,
  n: number,
  groupId: number,
  i: number,
): number {
  const { W, H, a, b, c, d, e, f } = ctx;
  const { x: sx, y: sy, xo, yo, w: sw, h: sh, rot: sr, zone, name, f: fs, together } = src;
  let sumY = 0;
  let minLx = Infinity;
  let prevLx = -Infinity;
  let ordered = true;
  for (let q = k; q < k + n; q++) {
    const w = sw[q]! * W;
    const h = sh[q]! * H;
    const lx = xo[q]! * W + w / 2;
    const ly = yo[q]! * H + h / 2;
    const rot = ctx.rotation + (sr[q] || 0);
    if (rot !== ctx.lastRot) {
      ctx.lastRot = rot;
      const rad = rot * DEG;
      ctx.lastCos = cosOf(rad);
      ctx.lastSin = sinOf(rad);
    }
    cols.x[i] = a * lx + c * ly + e;
    cols.y[i] = b * lx + d * ly + f;
    cols.halfW[i] = w / 2;
    cols.halfH[i] = h / 2;
    cols.rotation[i] = rot;
    cols.cos[i] = ctx.lastCos;
    cols.sin[i] = ctx.lastSin;
    cols.localX[i] = lx;
    cols.localY[i] = ly;
    cols.sectionIndex[i] = ctx.s;
    cols.sectionId[i] = ctx.id;
    cols.groupId[i] = groupId;
    cols.coordX[i] = sx[q]!;
    cols.coordY[i] = sy[q]!;
    cols.ticketGroup[i] = zone[q]!;
    cols.features[i] = masks[fs[q]!] ?? 0;
    cols.seatName[i] = name[q]!;
    const tid = together[q]!;
    if (tid === tid) {
      let g = ctx.togetherIds.get(tid);
      if (g === undefined) ctx.togetherIds.set(tid, (g = ctx.togetherCount++));
      cols.togetherGroup[i] = g;
    }
    sumY += ly;
    if (lx < minLx) minLx = lx;
    if (lx < prevLx) ordered = false;
    prevLx = lx;
    i++;
  }
  ctx.sumLocalY = sumY;
  ctx.minLocalX = minLx;
  ctx.rowOrdered = ordered;
  return i;
}

/** Bounds of the rotated rectangles of seats [start, end). */
function seatBounds(cols: Columns, start: number, end: number): Bounds {
  const { x, y, halfW, halfH, cos, sin } = cols;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let j = start; j < end; j++) {
    const ac = abs(cos[j]!);
    const as = abs(sin[j]!);
    const ex = ac * halfW[j]! + as * halfH[j]!;
    const ey = as * halfW[j]! + ac * halfH[j]!;
    const cx = x[j]!;
    const cy = y[j]!;
    if (cx - ex < minX) minX = cx - ex;
    if (cx + ex > maxX) maxX = cx + ex;
    if (cy - ey < minY) minY = cy - ey;
    if (cy + ey > maxY) maxY = cy + ey;
  }
  return { minX, minY, maxX, maxY };
}

/** Rare path: rows top-to-bottom (stable, so same-height blocks stay left-to-right), seats left-to-right. */
function sortSection(cols: Columns, sectionStart: number, apiRows: ApiRowRange[]): ApiRowRange[] {
  const byHeight = [...apiRows].sort((p, q) => p.localY - q.localY || p.minLocalX - q.minLocalX);
  const order: number[] = [];
  const sorted: ApiRowRange[] = [];
  for (const r of byHeight) {
    const seats: number[] = [];
    for (let j = r.start; j < r.end; j++) seats.push(j);
    seats.sort((p, q) => cols.localX[p]! - cols.localX[q]! || cols.coordX[p]! - cols.coordX[q]!);
    sorted.push({ ...r, start: sectionStart + order.length, end: sectionStart + order.length + seats.length });
    order.push(...seats);
  }
  cols.permute(sectionStart, order);
  return sorted;
}

/** Rare path: drops duplicate coordinates (bad data); returns the surviving rows and the new section end. */
function dropDuplicates(
  cols: Columns,
  sectionStart: number,
  rows: ApiRowRange[],
  duplicates: number[],
): { rows: ApiRowRange[]; end: number } {
  const drop = new Set(duplicates);
  const keep: number[] = [];
  const kept: ApiRowRange[] = [];
  for (const r of rows) {
    const start = sectionStart + keep.length;
    for (let j = r.start; j < r.end; j++) if (!drop.has(j)) keep.push(j);
    if (sectionStart + keep.length > start) kept.push({ ...r, start, end: sectionStart + keep.length });
  }
  cols.permute(sectionStart, keep);
  return { rows: kept, end: sectionStart + keep.length };
}

/**
 * Single pass over the API objects (they are the expensive part to touch: at
 * 100k seats they are tens of MB of scattered heap), writing straight into the
 * typed arrays in API order. Sorting rows/seats and dropping duplicate
 * coordinates then work on the section's contiguous slice, and only when the
 * API order was not already the drawing order (the common case needs neither).
 */
export function buildSeatStore(plan: ApiSeatplan | ColumnarSeatplan): SeatStore {
  const capacity = countSeats(plan);
  const columnar = isColumnarSeatplan(plan) ? plan : null;
  const masks = columnar
    ? Uint32Array.from(columnar.featureSets, (codes) => (codes.length === 0 ? 0 : featureMask(codes)))
    : new Uint32Array(0);
  const seatColumns = columnar ? decodeSeatColumns(columnar) : null;
  /** Next unread entry of the columnar seat columns. */
  let k = 0;
  const cols = new Columns(capacity);
  const rows: RowInfo[] = [];
  const sections: SectionInfo[] = [];
  const sectionIndexById = new Map<number, number>();
  const sectionLookup: SectionSeatLookup[] = [];
  const bounds: Bounds = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  let togetherCount = 0;
  let duplicateSeats = 0;

  let i = 0;
  for (const section of plan.sections) {
    const s = sections.length;
    const transform = sectionTransform(section);
    const corners = sectionCornersOnPlan(section);
    const sectionStart = i;
    if (!sectionIndexById.has(section.VenueSectionId)) sectionIndexById.set(section.VenueSectionId, s);

    // 1. Emit seats in API order, noting whether that already is row-major, left-to-right.
    let finalRows: ApiRowRange[] = [];
    let ordered = true;
    if (section.IsReserved) {
      const ctx: SectionContext = {
        s,
        id: section.VenueSectionId,
        W: section.Width / 100,
        H: section.Height / 100,
        a: transform[0],
        b: transform[1],
        c: transform[2],
        d: transform[3],
        e: transform[4],
        f: transform[5],
        rotation: section.RotateAngle || 0,
        togetherIds: new Map(),
        togetherCount,
        lastRot: NaN,
        lastCos: 1,
        lastSin: 0,
        sumLocalY: 0,
        minLocalX: 0,
        rowOrdered: true,
      };
      let prevRowY = -Infinity;
      for (const group of section.groups) {
        for (const row of group.rows) {
          const n = 'count' in row ? row.count : row.seats.length;
          if (n === 0) continue;
          const start = i;
          if (columnar) {
            i = emitRowColumnar(cols, ctx, seatColumns!, masks, k, n, group.VenueSectionSeatGroupId, i);
            k += n;
          } else i = emitRow(cols, ctx, (row as { seats: ApiSeat[] }).seats, i);
          const localY = ctx.sumLocalY / n;
          if (!ctx.rowOrdered || localY < prevRowY) ordered = false;
          prevRowY = localY;
          finalRows.push({
            groupId: group.VenueSectionSeatGroupId,
            name: row.RowName,
            start,
            end: i,
            localY,
            minLocalX: ctx.minLocalX,
          });
        }
      }
      togetherCount = ctx.togetherCount;
    } else if (columnar) {
      // Seats listed under a general-admission section are not places on the map; skip their columns.
      for (const group of section.groups) for (const row of group.rows) k += 'count' in row ? row.count : 0;
    }

    // 2. Drawing order, 3. coordinate lookup (duplicates dropped, first in drawing order wins).
    if (!ordered) finalRows = sortSection(cols, sectionStart, finalRows);
    let built = SectionSeatLookup.build(cols.coordX, cols.coordY, sectionStart, i);
    if (built.duplicates.length > 0) {
      duplicateSeats += built.duplicates.length;
      ({ rows: finalRows, end: i } = dropDuplicates(cols, sectionStart, finalRows, built.duplicates));
      built = SectionSeatLookup.build(cols.coordX, cols.coordY, sectionStart, i);
    }
    sectionLookup.push(built.lookup);

    // 4. Rows, and section bounds: every seat's rotated rectangle, the box and the outline.
    const rowStart = rows.length;
    for (const r of finalRows) {
      const index = rows.length;
      rows.push({
        index,
        sectionIndex: s,
        groupId: r.groupId,
        name: r.name,
        start: r.start,
        end: r.end,
        localY: r.localY,
      });
      cols.rowOf.fill(index, r.start, r.end);
    }
    const sb = seatBounds(cols, sectionStart, i);
    if (section.Width > 0 && section.Height > 0) for (const p of corners) extendBounds(sb, p.x, p.y);
    if (section.Outline) for (const [ox, oy] of section.Outline) extendBounds(sb, ox, oy);
    if (!isEmptyBounds(sb)) {
      extendBounds(bounds, sb.minX, sb.minY);
      extendBounds(bounds, sb.maxX, sb.maxY);
    }

    sections.push({
      index: s,
      id: section.VenueSectionId,
      name: section.SectionName,
      nameEn: section.SectionNameEn,
      nameRu: section.SectionNameRu ?? null,
      nameAr: section.SectionNameAr ?? null,
      isReserved: section.IsReserved,
      capacity: section.Capacity,
      zoneId: section.ZoneId ?? null,
      isSoldOut: section.isSoldOut ?? false,
      transform,
      corners,
      outline: section.Outline,
      bounds: sb,
      seatStart: sectionStart,
      seatEnd: i,
      rowStart,
      rowEnd: rows.length,
    });
  }

  if (plan.Stage) {
    extendBounds(bounds, plan.Stage.x, plan.Stage.y);
    extendBounds(bounds, plan.Stage.x + plan.Stage.width, plan.Stage.y + plan.Stage.height);
  }
  if (isEmptyBounds(bounds)) {
    extendBounds(bounds, 0, 0);
    extendBounds(bounds, plan.Width, plan.Height);
  }

  const count = i;
  // Dropped duplicates leave unused slots at the end; views keep the arrays exact-length.
  const cut = <T extends { subarray(a: number, b: number): T }>(arr: T): T =>
    count === capacity ? arr : arr.subarray(0, count);
  if (count !== capacity) cols.seatName.length = count;
  const togetherGroup = cut(cols.togetherGroup);

  // Together groups as CSR (one Int32Array instead of an array per couch).
  const togetherStart = new Int32Array(togetherCount + 1);
  for (let k = 0; k < count; k++) if (togetherGroup[k]! >= 0) togetherStart[togetherGroup[k]! + 1]!++;
  for (let g = 0; g < togetherCount; g++) togetherStart[g + 1]! += togetherStart[g]!;
  const togetherSeats = new Int32Array(togetherStart[togetherCount]!);
  const fill = togetherStart.slice(0, togetherCount);
  for (let k = 0; k < count; k++) {
    const g = togetherGroup[k]!;
    if (g >= 0) togetherSeats[fill[g]!++] = k;
  }

  const sectionId = cut(cols.sectionId);
  const coordX = cut(cols.coordX);
  const coordY = cut(cols.coordY);
  const halfW = cut(cols.halfW);
  const halfH = cut(cols.halfH);
  return withKeyIndex({
    count,
    planWidth: plan.Width,
    planHeight: plan.Height,
    x: cut(cols.x),
    y: cut(cols.y),
    halfW,
    halfH,
    rotation: cut(cols.rotation),
    cos: cut(cols.cos),
    sin: cut(cols.sin),
    localX: cut(cols.localX),
    localY: cut(cols.localY),
    sectionIndex: cut(cols.sectionIndex),
    sectionId,
    groupId: cut(cols.groupId),
    coordX,
    coordY,
    ticketGroup: cut(cols.ticketGroup),
    features: cut(cols.features),
    togetherGroup,
    togetherStart,
    togetherSeats,
    status: new Uint8Array(count).fill(STATUS_UNKNOWN),
    rowOf: cut(cols.rowOf),
    seatName: cols.seatName,
    rows,
    sections,
    sectionIndexById,
    sectionLookup,
    bounds,
    typicalSeatSize: typicalSize(halfW, halfH, count),
    duplicateSeats,
  });
}

/** Index of the seat, or -1. */
export function seatIndexOf(store: SeatStore, sectionId: number, x: number, y: number): number {
  const s = store.sectionIndexById.get(sectionId);
  return s === undefined ? -1 : store.sectionLookup[s]!.get(x, y);
}

/** The seats sold together with seat i (including i), or just [i]. */
export function togetherMembers(store: SeatStore, i: number): Int32Array {
  const g = store.togetherGroup[i]!;
  if (g < 0) return Int32Array.of(i);
  return store.togetherSeats.subarray(store.togetherStart[g]!, store.togetherStart[g + 1]!);
}

export function rowNameOf(store: SeatStore, i: number): string {
  return store.rows[store.rowOf[i]!]!.name;
}
