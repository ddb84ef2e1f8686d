/**
 * A ring of rotated stands around an elliptical bowl (arena and stadium).
 * Stands sit at equal arc length along the ellipse, their front row on the
 * ellipse, turned so row 1 faces the inside. Rows widen towards the back by
 * the ellipse's local curvature, so neighbouring stands close up without
 * overlapping: flat sides get near-rectangular stands, the ends get wedges.
 */
import type { LocalizedName, PlanPoint, VenueSection } from '../format';
import { boxLocalToPlan } from '../geometry';
import {
  boxCentredAt,
  draftStandRows,
  ellipseSlots,
  ellipseStandPlacement,
  r2,
  reservedSection,
  type DraftSeat,
} from './layout';

export interface StandSeatContext {
  /** Index of the stand among the ring's slots (skipped slots included). */
  slot: number;
  thetaDeg: number;
  row: number;
  index: number;
  count: number;
}

export interface RingGeometry {
  /** Semi-axes of the ellipse the front rows stand on. */
  a: number;
  b: number;
  slots: number;
  /** Parameter angle of slot 0 (0 = +x, 90 = down). */
  startDeg: number;
  rows: number;
  seat: { pitch: number; rowPitch: number; w: number; h: number };
  /** Space between neighbouring stands, plan units. */
  gap: number;
  /** Space between the outermost seats and the stand's box edge. */
  margin: number;
  /** Leave a slot empty (e.g. behind a stage). */
  skip?: (thetaDeg: number, slot: number) => boolean;
}

export interface RingSpec extends RingGeometry {
  centre: PlanPoint;
  /** Seats per row of the stand in `slot`; default: the natural counts (ringStandCounts). */
  counts?: (slot: number) => number[];
  /** Code and name of the n-th stand that is not skipped (n from 0). */
  code: (n: number) => string;
  name: (n: number) => LocalizedName;
  groupName: string;
  seatProps: (ctx: StandSeatContext) => Pick<DraftSeat, 'zone' | 'features'>;
}

/** Depth of a stand (its box height), plan units. */
export function ringDepth(g: Pick<RingGeometry, 'rows' | 'seat' | 'margin'>): number {
  return (g.rows - 1) * g.seat.rowPitch + g.seat.h + 2 * g.margin;
}

/** Curvature of the ellipse at parameter angle t (radians). */
function curvature(a: number, b: number, t: number): number {
  const s = Math.sin(t);
  const c = Math.cos(t);
  return (a * b) / Math.pow(a * a * s * s + b * b * c * c, 1.5);
}

export interface RingSlot {
  slot: number;
  thetaDeg: number;
  /** Seats per row, front to back. */
  counts: number[];
}

/**
 * The natural seat counts of every stand that is not skipped: as many seats as
 * fit the stand's share of the ellipse at each row's distance from it.
 */
export function ringStandCounts(g: RingGeometry): RingSlot[] {
  const { thetas, spacing } = ellipseSlots(g.a, g.b, g.slots, g.startDeg);
  const out: RingSlot[] = [];
  thetas.forEach((thetaDeg, slot) => {
    if (g.skip?.(thetaDeg, slot)) return;
    const k = curvature(g.a, g.b, (thetaDeg * Math.PI) / 180);
    const counts: number[] = [];
    for (let row = 0; row < g.rows; row++) {
      const distance = g.margin + g.seat.h / 2 + row * g.seat.rowPitch;
      const width = spacing * (1 + distance * k) - g.gap - 2 * g.margin;
      counts.push(Math.max(1, Math.floor((width + g.seat.pitch - g.seat.w) / g.seat.pitch)));
    }
    out.push({ slot, thetaDeg, counts });
  });
  return out;
}

export function ringSections(spec: RingSpec): VenueSection[] {
  const depth = ringDepth(spec);
  return ringStandCounts(spec).map(({ slot, thetaDeg, counts }, n) => {
    const { front, outward, rotate } = ellipseStandPlacement(spec.centre, spec.a, spec.b, thetaDeg);
    const centre = { x: front.x + (outward.x * depth) / 2, y: front.y + (outward.y * depth) / 2 };
    const rowCounts = spec.counts ? spec.counts(slot) : counts;
    const rows = draftStandRows(rowCounts, spec.seat, (row, index, count) =>
      spec.seatProps({ slot, thetaDeg, row, index, count }),
    );
    const section = reservedSection({
      code: spec.code(n),
      name: spec.name(n),
      groups: [{ code: 'main', name: spec.groupName, rows }],
      margin: spec.margin,
      place: boxCentredAt(centre, rotate),
    });
    // Outline: the trapezoid from the front row to the (wider) back row, so wedges don't overlap.
    const box = section.box;
    const frontWidth = Math.min(box.width, (rowCounts[0]! - 1) * spec.seat.pitch + spec.seat.w + 2 * spec.margin);
    const inset = (box.width - frontWidth) / 2;
    if (inset > 1) {
      section.outline = [
        { x: inset, y: 0 },
        { x: box.width - inset, y: 0 },
        { x: box.width, y: box.height },
        { x: 0, y: box.height },
      ].map((p) => {
        const q = boxLocalToPlan(box, p);
        return [r2(q.x), r2(q.y)] as [number, number];
      });
    }
    return section;
  });
}
