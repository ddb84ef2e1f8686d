/**
 * The designer's live check: what stops a plan from being published, each problem with a code, the ids of what is
 * wrong and a point to jump to. Pure and fast enough to run after every edit (100,000 seats in well under a second):
 * overlaps are found through a grid of cells a seat wide, so each seat is compared with its neighbours only.
 * The server runs the same check before it publishes (publishProblems in ../validate.ts).
 */
import type { PlanPoint } from '../format';
import type { DesignerPlan, DesignerRow, DesignerSeat, DesignerSection, SectionShape } from './model';
import { sameLabels } from './numbering';
import { pointInPolygon, shapeOutline } from './shape';

export const PLAN_PROBLEM_CODES = [
  'DUPLICATE_SEAT_LABEL',
  'DUPLICATE_ROW_LABEL',
  'SEATS_OVERLAP',
  'SEAT_OUTSIDE_SECTION',
  'SEAT_UNLABELED',
  'ROW_UNLABELED',
  'ZONE_WITHOUT_SEATS',
  'SEAT_WITHOUT_ZONE',
  'GA_WITHOUT_CAPACITY',
  'GA_WITHOUT_ZONE',
  'SECTION_WITHOUT_SEATS',
] as const;

export type PlanProblemCode = (typeof PLAN_PROBLEM_CODES)[number];

export interface PlanProblem {
  code: PlanProblemCode;
  /** What is wrong: seat, row, section or zone ids (the first is the one to select). */
  ids: string[];
  /** Where to jump to, plan units; null for a zone (it has no place of its own). */
  at: PlanPoint | null;
  /** Values for the message: label, row, section, zone. */
  params: Record<string, string>;
}

export interface PlanCheck {
  problems: PlanProblem[];
  /** How many of each code there are in all (the list keeps at most `maxPerCode` of each). */
  counts: Partial<Record<PlanProblemCode, number>>;
}

/** Seats may touch; they overlap when they share more than this fraction of the smaller one's side. */
const OVERLAP_TOLERANCE = 0.02;
/**
 * A seat is outside its section when the middle half of it is not inside (the corners pulled halfway to the centre):
 * outlines are polygons through arcs, and the demo stadium's row ends poke through their chords by a few percent.
 */
const OUTSIDE_SHRINK = 0.5;

export function validatePlan(plan: DesignerPlan, options: { maxPerCode?: number } = {}): PlanCheck {
  const max = options.maxPerCode ?? 200;
  const problems: PlanProblem[] = [];
  const counts: Partial<Record<PlanProblemCode, number>> = {};
  const add = (p: PlanProblem) => {
    const n = (counts[p.code] ?? 0) + 1;
    counts[p.code] = n;
    if (n <= max) problems.push(p);
  };
  const zoneSeats = new Map<string, number>(plan.zones.map((z) => [z.id, 0]));
  const zoneName = new Map(plan.zones.map((z) => [z.id, z.code] as const));

  for (const section of plan.sections) {
    const sp = { section: section.code };
    if (section.kind === 'ga') {
      if (!(section.capacity !== null && section.capacity > 0 && Number.isInteger(section.capacity)))
        add({ code: 'GA_WITHOUT_CAPACITY', ids: [section.id], at: shapeCentre(section.shape), params: sp });
      if (section.zoneId === null || !zoneSeats.has(section.zoneId))
        add({ code: 'GA_WITHOUT_ZONE', ids: [section.id], at: shapeCentre(section.shape), params: sp });
      else zoneSeats.set(section.zoneId, zoneSeats.get(section.zoneId)! + (section.capacity ?? 0));
      continue;
    }
    let seats = 0;
    const inside = containment(section.shape);
    for (const rows of rowsByGroup(section)) {
      sameLabels(
        rows,
        (r) => r.label,
        (same, label) =>
          add({
            code: 'DUPLICATE_ROW_LABEL',
            ids: same.map((r) => r.id),
            at: rowPoint(same[0]!),
            params: { ...sp, row: label },
          }),
      );
    }
    // A seat is known by section, row label and seat label: a row split by aisles into groups is still one row.
    for (const [rowLabel, seatsOfRow] of seatsByRowLabel(section)) {
      sameLabels(
        seatsOfRow,
        (k) => k.label,
        (list, label) =>
          add({
            code: 'DUPLICATE_SEAT_LABEL',
            ids: list.map((k) => k.id),
            at: { x: list[0]!.cx, y: list[0]!.cy },
            params: { ...sp, row: rowLabel.startsWith('\u0000') ? '' : rowLabel, seat: label },
          }),
      );
    }
    for (const row of section.rows) {
      if (row.label.trim() === '' && row.seats.length > 0)
        add({ code: 'ROW_UNLABELED', ids: [row.id], at: rowPoint(row), params: { ...sp, row: row.label } });
      // Objects for a problem only when there is one: this loop runs for every seat after every edit.
      const where = (seat: DesignerSeat) => ({ x: seat.cx, y: seat.cy });
      const words = (seat: DesignerSeat) => ({ ...sp, row: row.label, seat: seat.label });
      for (const seat of row.seats) {
        seats++;
        if (seat.label.trim() === '')
          add({ code: 'SEAT_UNLABELED', ids: [seat.id], at: where(seat), params: words(seat) });
        const zone = seat.zoneId === null ? undefined : zoneSeats.get(seat.zoneId);
        if (zone === undefined)
          add({ code: 'SEAT_WITHOUT_ZONE', ids: [seat.id], at: where(seat), params: words(seat) });
        else zoneSeats.set(seat.zoneId!, zone + 1);
        if (!inside(seat))
          add({ code: 'SEAT_OUTSIDE_SECTION', ids: [seat.id, section.id], at: where(seat), params: words(seat) });
      }
    }
    if (seats === 0)
      add({ code: 'SECTION_WITHOUT_SEATS', ids: [section.id], at: shapeCentre(section.shape), params: sp });
  }
  for (const [zoneId, n] of zoneSeats) {
    if (n === 0)
      add({ code: 'ZONE_WITHOUT_SEATS', ids: [zoneId], at: null, params: { zone: zoneName.get(zoneId) ?? '' } });
  }
  findOverlaps(plan, add);
  return { problems, counts };
}

/** Rows of a section by group: row labels are unique within a group. */
export function rowsByGroup(section: DesignerSection): DesignerRow[][] {
  const by = new Map<string, DesignerRow[]>();
  for (const row of section.rows) {
    const list = by.get(row.group);
    if (list) list.push(row);
    else by.set(row.group, [row]);
  }
  return [...by.values()];
}

/** Seats of a section by row label (across groups); the keys of unlabeled rows start with NUL. */
export function seatsByRowLabel(section: DesignerSection): Map<string, DesignerSeat[]> {
  const by = new Map<string, DesignerSeat[]>();
  for (const row of section.rows) {
    // An unlabeled row is a row of its own.
    const key = row.label === '' ? `\u0000${row.id}` : row.label;
    const list = by.get(key);
    if (list) list.push(...row.seats);
    else by.set(key, [...row.seats]);
  }
  return by;
}

function rowPoint(row: DesignerRow): PlanPoint | null {
  const s = row.seats[0];
  return s ? { x: s.cx, y: s.cy } : null;
}

function shapeCentre(shape: SectionShape): PlanPoint {
  if (shape.type === 'rect') return { x: shape.x + shape.width / 2, y: shape.y + shape.height / 2 };
  if (shape.type === 'arc') {
    const a = (((shape.startAngle + shape.endAngle) / 2) * Math.PI) / 180;
    const r = (shape.innerRadius + shape.outerRadius) / 2;
    return { x: shape.cx + r * Math.cos(a), y: shape.cy + r * Math.sin(a) };
  }
  let x = 0;
  let y = 0;
  for (const p of shape.points) {
    x += p.x;
    y += p.y;
  }
  return { x: x / Math.max(1, shape.points.length), y: y / Math.max(1, shape.points.length) };
}

/** Whether `test` holds for all four corners of the seat, pulled in towards its centre by `shrink`. */
function everyCorner(seat: DesignerSeat, shrink: number, test: (x: number, y: number) => boolean): boolean {
  const r = (seat.rotate * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  const hw = (seat.width / 2) * (1 - shrink);
  const hh = (seat.height / 2) * (1 - shrink);
  const ax = hw * c;
  const ay = hw * s;
  const bx = -hh * s;
  const by = hh * c;
  const x = seat.cx;
  const y = seat.cy;
  return (
    test(x - ax - bx, y - ay - by) &&
    test(x + ax - bx, y + ay - by) &&
    test(x + ax + bx, y + ay + by) &&
    test(x - ax + bx, y - ay + by)
  );
}

/** A test "is this seat (the middle of it) inside the shape", made once per section. */
function containment(shape: SectionShape): (seat: DesignerSeat) => boolean {
  if (shape.type === 'rect') {
    const cx = shape.x + shape.width / 2;
    const cy = shape.y + shape.height / 2;
    const a = (-shape.rotate * Math.PI) / 180;
    const c = Math.cos(a);
    const s = Math.sin(a);
    const hw = shape.width / 2 + 1e-6;
    const hh = shape.height / 2 + 1e-6;
    const test = (x: number, y: number) => {
      const dx = x - cx;
      const dy = y - cy;
      return Math.abs(dx * c - dy * s) <= hw && Math.abs(dx * s + dy * c) <= hh;
    };
    return (seat) => everyCorner(seat, OUTSIDE_SHRINK, test);
  }
  if (shape.type === 'arc') {
    const sweep = shape.endAngle - shape.startAngle + 1e-6;
    const test = (x: number, y: number) => {
      const r = Math.hypot(x - shape.cx, y - shape.cy);
      if (r < shape.innerRadius - 1e-6 || r > shape.outerRadius + 1e-6) return false;
      let a = (Math.atan2(y - shape.cy, x - shape.cx) * 180) / Math.PI - shape.startAngle;
      a = ((a % 360) + 360) % 360;
      return a <= sweep;
    };
    return (seat) => everyCorner(seat, OUTSIDE_SHRINK, test);
  }
  const outline = shapeOutline(shape);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of outline) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  const test = (x: number, y: number) =>
    x >= minX && x <= maxX && y >= minY && y <= maxY && pointInPolygon(x, y, outline);
  return (seat) => everyCorner(seat, OUTSIDE_SHRINK, test);
}

/** Cells are indexed `column * CELL_ROWS + row`: exact in a double for any plan this side of 2^21 cells a side. */
const CELL_ROWS = 2 ** 21;

/**
 * Pairs of overlapping seats, anywhere on the plan (across sections too). Seats are put in square cells as wide as
 * the largest seat's diagonal and sorted by cell, so a seat is compared only with the seats of its own and the eight
 * neighbouring cells (each column of three cells is one run of the sorted list, found by binary search).
 */
function findOverlaps(plan: DesignerPlan, add: (p: PlanProblem) => void): void {
  const seats: DesignerSeat[] = [];
  for (const section of plan.sections) for (const row of section.rows) for (const seat of row.seats) seats.push(seat);
  const n = seats.length;
  if (n < 2) return;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const reach = new Float64Array(n);
  let maxReach = 0;
  let minX = Infinity;
  let minY = Infinity;
  for (let i = 0; i < n; i++) {
    const s = seats[i]!;
    xs[i] = s.cx;
    ys[i] = s.cy;
    const r = Math.sqrt(s.width * s.width + s.height * s.height) / 2;
    reach[i] = r;
    if (r > maxReach) maxReach = r;
    if (s.cx < minX) minX = s.cx;
    if (s.cy < minY) minY = s.cy;
  }
  if (!(maxReach > 0) || !Number.isFinite(minX + minY)) return;
  const cell = 2 * maxReach;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    keys[i] = Math.floor((xs[i]! - minX) / cell) * CELL_ROWS + Math.floor((ys[i]! - minY) / cell);
  }
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => keys[a]! - keys[b]!);
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) sorted[i] = keys[order[i]!]!;
  const lowerBound = (key: number) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  for (let i = 0; i < n; i++) {
    const key = keys[i]!;
    for (let dx = -1; dx <= 1; dx++) {
      const first = key + dx * CELL_ROWS - 1;
      const last = key + dx * CELL_ROWS + 1;
      for (let at = lowerBound(first); at < n && sorted[at]! <= last; at++) {
        const j = order[at]!;
        if (j <= i) continue; // each pair once
        const ddx = xs[i]! - xs[j]!;
        const ddy = ys[i]! - ys[j]!;
        const r = reach[i]! + reach[j]!;
        if (ddx * ddx + ddy * ddy >= r * r) continue;
        const a = seats[i]!;
        const b = seats[j]!;
        if (rectsOverlap(a, b)) {
          add({
            code: 'SEATS_OVERLAP',
            ids: [a.id, b.id],
            at: { x: (a.cx + b.cx) / 2, y: (a.cy + b.cy) / 2 },
            params: { seat: a.label, other: b.label },
          });
        }
      }
    }
  }
}

/** Scratch for rectsOverlap: the two seats' corner axes (no allocation per pair; it runs for every close pair). */
const AXES = new Float64Array(8);

function axesInto(seat: DesignerSeat, at: number): void {
  const a = (seat.rotate * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const hw = (seat.width / 2) * (1 - OVERLAP_TOLERANCE);
  const hh = (seat.height / 2) * (1 - OVERLAP_TOLERANCE);
  AXES[at] = hw * c;
  AXES[at + 1] = hw * s;
  AXES[at + 2] = -hh * s;
  AXES[at + 3] = hh * c;
}

/** Is the centre distance along axis (ux, uy) at least the two half-extents? Then that axis separates them. */
function separates(ux: number, uy: number, dx: number, dy: number): boolean {
  const len = Math.sqrt(ux * ux + uy * uy);
  if (len === 0) return false;
  const vx = ux / len;
  const vy = uy / len;
  const ra = Math.abs(AXES[0]! * vx + AXES[1]! * vy) + Math.abs(AXES[2]! * vx + AXES[3]! * vy);
  const rb = Math.abs(AXES[4]! * vx + AXES[5]! * vy) + Math.abs(AXES[6]! * vx + AXES[7]! * vy);
  return Math.abs(dx * vx + dy * vy) >= ra + rb;
}

/** Separating axis test of two rotated rectangles, each shrunk by the tolerance so touching seats pass. */
export function rectsOverlap(a: DesignerSeat, b: DesignerSeat): boolean {
  axesInto(a, 0);
  axesInto(b, 4);
  const dx = b.cx - a.cx;
  const dy = b.cy - a.cy;
  // A rectangle's half-extent along a unit axis u is |e1·u| + |e2·u|; the axes are both sides of both rectangles.
  return !(
    separates(AXES[0]!, AXES[1]!, dx, dy) ||
    separates(AXES[2]!, AXES[3]!, dx, dy) ||
    separates(AXES[4]!, AXES[5]!, dx, dy) ||
    separates(AXES[6]!, AXES[7]!, dx, dy)
  );
}

/** Is there anything that stops publishing? */
export function isPublishable(check: PlanCheck): boolean {
  return check.problems.length === 0;
}
