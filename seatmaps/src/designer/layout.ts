/**
 * Where seats go when the designer draws a row, a curved row, a block of rows or fills an arena sector. Pure:
 * placements (centre and rotation, plan units and degrees) first, then `seatsAt` makes seats of them.
 *
 * A seat with rotate 0 faces up the plan (towards -y, where a stage usually is); a seat "faces" a point when its
 * front points at it. Angles are degrees clockwise on screen.
 */
import type { PlanPoint } from '../format';
import type { DesignerRow, DesignerSeat, IdFactory } from './model';

const { sin, cos, atan2, PI, sqrt, abs } = Math;
const RAD = PI / 180;

export interface SeatPlacement {
  cx: number;
  cy: number;
  rotate: number;
}

/** Degrees normalised to (-180, 180], with 6 decimals (no -0, no 89.99999999). */
export function normaliseAngle(deg: number): number {
  let a = deg % 360;
  if (a <= -180) a += 360;
  if (a > 180) a -= 360;
  const r = Math.round(a * 1e6) / 1e6;
  return r === 0 ? 0 : r;
}

/** The rotation that makes a seat at `from` face `to`. */
export function facing(from: PlanPoint, to: PlanPoint): number {
  return normaliseAngle(atan2(to.x - from.x, -(to.y - from.y)) / RAD);
}

/** The unit vector `deg` degrees clockwise from +x. */
function dir(deg: number): PlanPoint {
  return { x: cos(deg * RAD), y: sin(deg * RAD) };
}

/**
 * `count` seats in a straight line from `from`, `spacing` apart (centre to centre), along `angle` degrees (0: to
 * the right). The seats face the front of the row: up the plan for angle 0.
 */
export function straightRow(opts: {
  from: PlanPoint;
  count: number;
  spacing: number;
  angle?: number;
}): SeatPlacement[] {
  const angle = opts.angle ?? 0;
  const d = dir(angle);
  const out: SeatPlacement[] = [];
  for (let i = 0; i < opts.count; i++) {
    out.push({
      cx: opts.from.x + d.x * opts.spacing * i,
      cy: opts.from.y + d.y * opts.spacing * i,
      rotate: normaliseAngle(angle),
    });
  }
  return out;
}

/**
 * The radius of the arc through a chord of `width` whose middle bulges `curvature` x half the chord away from it:
 * 0 is straight (Infinity), 1 a half circle.
 */
export function radiusForCurvature(width: number, curvature: number): number {
  if (curvature <= 0 || width <= 0) return Infinity;
  const s = Math.min(curvature, 1) * (width / 2);
  return (width * width) / 4 + s * s === 0 ? Infinity : ((width * width) / 4 + s * s) / (2 * s);
}

/**
 * `count` seats on an arc from `from` to `to` (both ends included, evenly spaced along the arc), bulging away from
 * the front by `curvature` (0 straight .. 1 half circle); each seat faces the arc's centre. The front is the side
 * `towards` lies on (the stage or focal point); without it, the left of the direction from -> to (up the plan for a
 * row drawn left to right).
 */
export function curvedRow(opts: {
  from: PlanPoint;
  to: PlanPoint;
  count: number;
  curvature: number;
  towards?: PlanPoint | null;
}): SeatPlacement[] {
  const { from, to, count } = opts;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const width = sqrt(dx * dx + dy * dy);
  const angle = atan2(dy, dx) / RAD;
  if (count <= 0) return [];
  if (count === 1 || width === 0) return [{ cx: from.x, cy: from.y, rotate: normaliseAngle(angle) }];
  const radius = radiusForCurvature(width, opts.curvature);
  // Front normal: left of the direction (for +x that is -y, up the plan).
  let front = { x: dy / width, y: -dx / width };
  if (opts.towards) {
    const mx = (from.x + to.x) / 2;
    const my = (from.y + to.y) / 2;
    if ((opts.towards.x - mx) * front.x + (opts.towards.y - my) * front.y < 0) front = { x: -front.x, y: -front.y };
  }
  const rowAngle = normaliseAngle(facing({ x: 0, y: 0 }, front));
  if (!Number.isFinite(radius)) {
    return straightRow({ from, count, spacing: width / (count - 1), angle }).map((p) => ({ ...p, rotate: rowAngle }));
  }
  const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  const s = radius - sqrt(radius * radius - (width * width) / 4); // the sagitta
  const centre = { x: mid.x + front.x * (radius - s), y: mid.y + front.y * (radius - s) };
  const a0 = atan2(from.y - centre.y, from.x - centre.x);
  const a1 = atan2(to.y - centre.y, to.x - centre.x);
  // The short way round, through the middle of the row (which lies away from the front).
  let sweep = a1 - a0;
  while (sweep > PI) sweep -= 2 * PI;
  while (sweep < -PI) sweep += 2 * PI;
  const out: SeatPlacement[] = [];
  for (let i = 0; i < count; i++) {
    const a = a0 + (sweep * i) / (count - 1);
    const p = { x: centre.x + radius * cos(a), y: centre.y + radius * sin(a) };
    out.push({ cx: p.x, cy: p.y, rotate: facing(p, centre) });
  }
  return out;
}

/**
 * `count` seats on a circle about `centre` (a focal point, an arena's middle), `spacing` apart along the arc, the
 * middle seat at `midAngle` degrees (clockwise from +x, from the centre outwards); all face the centre.
 */
export function ringRow(opts: {
  centre: PlanPoint;
  radius: number;
  count: number;
  spacing: number;
  midAngle: number;
}): SeatPlacement[] {
  const { centre, radius, count } = opts;
  const step = opts.spacing / radius;
  const out: SeatPlacement[] = [];
  for (let i = 0; i < count; i++) {
    const a = opts.midAngle * RAD + (i - (count - 1) / 2) * step;
    const p = { x: centre.x + radius * cos(a), y: centre.y + radius * sin(a) };
    out.push({ cx: p.x, cy: p.y, rotate: facing(p, centre) });
  }
  return out;
}

/** Moves every other placement (from the second on: rows 2, 4, ... of a block) half a seat along its row. */
export function stagger(rows: SeatPlacement[][], shift: number): SeatPlacement[][] {
  return rows.map((row, i) =>
    i % 2 === 0
      ? row
      : row.map((p) => {
          // Along the row = the seat's right-hand direction.
          const a = p.rotate * RAD;
          return { cx: p.cx + cos(a) * shift, cy: p.cy + sin(a) * shift, rotate: p.rotate };
        }),
  );
}

export interface BlockOptions {
  /**
   * The first seat of the first row (the row nearest the front). A curved block curves about a centre in front of
   * the block, on the line through the middle of that straight first row.
   */
  origin: PlanPoint;
  rows: number;
  seatsPerRow: number;
  /** Centre to centre along a row, and between rows, plan units. */
  seatSpacing: number;
  rowSpacing: number;
  /** Direction of the rows, degrees clockwise from +x; rows stack behind each other, away from the front. */
  angle?: number;
  /** 0 straight rows; up to 1: concentric arcs around a centre in front of the block (the first row a half circle). */
  curvature?: number;
  /** Rows 2, 4, ... moved half a seat along (so a head looks between two heads). */
  staggered?: boolean;
}

/** A block of rows in one call: row by row, first (front) row first; seats left to right as drawn. */
export function block(opts: BlockOptions): SeatPlacement[][] {
  const angle = opts.angle ?? 0;
  const along = dir(angle);
  const back = dir(angle + 90); // behind the row: down the plan for angle 0
  const n = opts.seatsPerRow;
  const width = opts.seatSpacing * (n - 1);
  const radius = radiusForCurvature(width, opts.curvature ?? 0);
  let rows: SeatPlacement[][] = [];
  if (!Number.isFinite(radius) || n < 2) {
    for (let r = 0; r < opts.rows; r++) {
      const from = {
        x: opts.origin.x + back.x * opts.rowSpacing * r,
        y: opts.origin.y + back.y * opts.rowSpacing * r,
      };
      rows.push(straightRow({ from, count: n, spacing: opts.seatSpacing, angle }));
    }
  } else {
    const s = radius - sqrt(radius * radius - (width * width) / 4);
    const mid = { x: opts.origin.x + (along.x * width) / 2, y: opts.origin.y + (along.y * width) / 2 };
    // The middle of the first row lies s behind the chord; the centre lies radius in front of that.
    const centre = { x: mid.x + back.x * (s - radius), y: mid.y + back.y * (s - radius) };
    const midAngle = angle + 90;
    // Every row keeps the seat spacing along its arc (so a curved first row is a little narrower than the chord).
    for (let r = 0; r < opts.rows; r++) {
      const rr = radius + r * opts.rowSpacing;
      // Drawn left to right as seen from the front: clockwise order about the centre is reversed.
      rows.push(ringRow({ centre, radius: rr, count: n, spacing: -opts.seatSpacing, midAngle }));
    }
  }
  if (opts.staggered) rows = stagger(rows, opts.seatSpacing / 2);
  return rows;
}

/**
 * Rows of seats filling a ring sector (an arena or stadium stand): concentric arcs from the inner radius outwards,
 * `rowSpacing` apart, each with as many seats as fit `seatSpacing` apart between the sector's sides (at least one).
 */
export function sectorRows(opts: {
  cx: number;
  cy: number;
  innerRadius: number;
  outerRadius: number;
  startAngle: number;
  endAngle: number;
  seatSpacing: number;
  rowSpacing: number;
}): SeatPlacement[][] {
  const rows: SeatPlacement[][] = [];
  const sweep = abs(opts.endAngle - opts.startAngle) * RAD;
  const midAngle = (opts.startAngle + opts.endAngle) / 2;
  for (
    let r = opts.innerRadius + opts.rowSpacing / 2;
    r <= opts.outerRadius - opts.rowSpacing / 2 + 1e-9;
    r += opts.rowSpacing
  ) {
    // Seats keep half a spacing clear of both sides.
    const count = Math.max(1, Math.floor((sweep * r) / opts.seatSpacing));
    rows.push(ringRow({ centre: { x: opts.cx, y: opts.cy }, radius: r, count, spacing: -opts.seatSpacing, midAngle }));
  }
  return rows;
}

export interface SeatTemplate {
  width: number;
  height: number;
  zoneId: string | null;
  features?: number[];
}

/** Seats at the placements: unlabeled (number them next), new identities. */
export function seatsAt(placements: SeatPlacement[], template: SeatTemplate, newId: IdFactory): DesignerSeat[] {
  return placements.map((p) => ({
    id: newId(),
    label: '',
    cx: p.cx,
    cy: p.cy,
    width: template.width,
    height: template.height,
    rotate: p.rotate,
    zoneId: template.zoneId,
    features: [...(template.features ?? [])],
    together: null,
    identity: null,
  }));
}

/** Rows of seats for a block or a sector, in group `group`, unlabeled. */
export function rowsAt(
  placements: SeatPlacement[][],
  template: SeatTemplate,
  newId: IdFactory,
  group = 'main',
): DesignerRow[] {
  return placements.map((row) => ({ id: newId(), label: '', group, seats: seatsAt(row, template, newId) }));
}
