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
      const rp = { ...sp, row: row.label };
      if (row.label.trim() === '' && row.seats.length > 0)
        add({ code: 'ROW_UNLABELED', ids: [row.id], at: rowPoint(row), params: rp });
      for (const seat of row.seats) {
        seats++;
        const at = { x: seat.cx, y: seat.cy };
        const kp = { ...rp, seat: seat.label };
        if (seat.label.trim() === '') add({ code: 'SEAT_UNLABELED', ids: [seat.id], at, params: kp });
        if (seat.zoneId === null || !zoneSeats.has(seat.zoneId))
          add({ code: 'SEAT_WITHOUT_ZONE', ids: [seat.id], at, params: kp });
        else zoneSeats.set(seat.zoneId, zoneSeats.get(seat.zoneId)! + 1);
        if (!inside(seat)) add({ code: 'SEAT_OUTSIDE_SECTION', ids: [seat.id, section.id], at, params: kp });
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

/** The four corners of a seat pulled in by the tolerance, in plan units. */
function seatCorners(seat: DesignerSeat, shrink: number): PlanPoint[] {
  const a = (seat.rotate * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const hw = (seat.width / 2) * (1 - shrink);
  const hh = (seat.height / 2) * (1 - shrink);
  const out: PlanPoint[] = [];
  for (const [dx, dy] of [
    [-hw, -hh],
    [hw, -hh],
    [hw, hh],
    [-hw, hh],
  ] as const) {
    out.push({ x: seat.cx + dx * c - dy * s, y: seat.cy + dx * s + dy * c });
  }
  return out;
}

/** A test "is this seat (its corners, give or take the tolerance) inside the shape", made once per section. */
function containment(shape: SectionShape): (seat: DesignerSeat) => boolean {
  if (shape.type === 'rect') {
    const cx = shape.x + shape.width / 2;
    const cy = shape.y + shape.height / 2;
    const a = (-shape.rotate * Math.PI) / 180;
    const c = Math.cos(a);
    const s = Math.sin(a);
    return (seat) =>
      seatCorners(seat, OUTSIDE_SHRINK).every((p) => {
        const dx = p.x - cx;
        const dy = p.y - cy;
        const lx = dx * c - dy * s;
        const ly = dx * s + dy * c;
        return Math.abs(lx) <= shape.width / 2 + 1e-6 && Math.abs(ly) <= shape.height / 2 + 1e-6;
      });
  }
  if (shape.type === 'arc') {
    return (seat) =>
      seatCorners(seat, OUTSIDE_SHRINK).every((p) => {
        const r = Math.hypot(p.x - shape.cx, p.y - shape.cy);
        if (r < shape.innerRadius - 1e-6 || r > shape.outerRadius + 1e-6) return false;
        let a = (Math.atan2(p.y - shape.cy, p.x - shape.cx) * 180) / Math.PI - shape.startAngle;
        a = ((a % 360) + 360) % 360;
        return a <= shape.endAngle - shape.startAngle + 1e-6;
      });
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
  return (seat) =>
    seatCorners(seat, OUTSIDE_SHRINK).every(
      (p) => p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY && pointInPolygon(p.x, p.y, outline),
    );
}

interface Placed {
  seat: DesignerSeat;
  /** Half the diagonal: no seat farther than the sum of two of these can touch. */
  reach: number;
}

/** Pairs of overlapping seats, anywhere on the plan (across sections too), through a grid of cells. */
function findOverlaps(plan: DesignerPlan, add: (p: PlanProblem) => void): void {
  const all: Placed[] = [];
  let cell = 0;
  for (const section of plan.sections) {
    for (const row of section.rows) {
      for (const seat of row.seats) {
        const reach = Math.hypot(seat.width, seat.height) / 2;
        if (reach > cell) cell = reach;
        all.push({ seat, reach });
      }
    }
  }
  if (all.length < 2 || !(cell > 0)) return;
  cell *= 2;
  const grid = new Map<number, number[]>();
  const keyOf = (ix: number, iy: number) => ix * 1_048_576 + iy;
  const cellX = new Int32Array(all.length);
  const cellY = new Int32Array(all.length);
  for (let i = 0; i < all.length; i++) {
    const s = all[i]!.seat;
    const ix = Math.floor(s.cx / cell);
    const iy = Math.floor(s.cy / cell);
    cellX[i] = ix;
    cellY[i] = iy;
    const k = keyOf(ix, iy);
    const list = grid.get(k);
    if (list) list.push(i);
    else grid.set(k, [i]);
  }
  for (let i = 0; i < all.length; i++) {
    const a = all[i]!;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const list = grid.get(keyOf(cellX[i]! + dx, cellY[i]! + dy));
        if (!list) continue;
        for (const j of list) {
          if (j <= i) continue; // each pair once
          const b = all[j]!;
          const ddx = a.seat.cx - b.seat.cx;
          const ddy = a.seat.cy - b.seat.cy;
          const reach = a.reach + b.reach;
          if (ddx * ddx + ddy * ddy >= reach * reach) continue;
          if (rectsOverlap(a.seat, b.seat)) {
            add({
              code: 'SEATS_OVERLAP',
              ids: [a.seat.id, b.seat.id],
              at: { x: (a.seat.cx + b.seat.cx) / 2, y: (a.seat.cy + b.seat.cy) / 2 },
              params: { seat: a.seat.label, other: b.seat.label },
            });
          }
        }
      }
    }
  }
}

/** Separating axis test of two rotated rectangles, each shrunk by the tolerance so touching seats pass. */
export function rectsOverlap(a: DesignerSeat, b: DesignerSeat): boolean {
  const ca = seatCorners(a, OVERLAP_TOLERANCE);
  const cb = seatCorners(b, OVERLAP_TOLERANCE);
  for (const corners of [ca, cb]) {
    for (let i = 0; i < 2; i++) {
      const p = corners[i]!;
      const q = corners[i + 1]!;
      const nx = q.y - p.y;
      const ny = p.x - q.x;
      let minA = Infinity;
      let maxA = -Infinity;
      let minB = Infinity;
      let maxB = -Infinity;
      for (const c of ca) {
        const v = c.x * nx + c.y * ny;
        if (v < minA) minA = v;
        if (v > maxA) maxA = v;
      }
      for (const c of cb) {
        const v = c.x * nx + c.y * ny;
        if (v < minB) minB = v;
        if (v > maxB) maxB = v;
      }
      if (maxA <= minB || maxB <= minA) return false;
    }
  }
  return true;
}

/** Is there anything that stops publishing? */
export function isPublishable(check: PlanCheck): boolean {
  return check.problems.length === 0;
}
