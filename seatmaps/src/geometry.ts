/**
 * Plan geometry shared by the validator, the generators and the server seed
 * (which precomputes each seat's SeatplanX/SeatplanY). See README "Geometry".
 * Plan units, x to the right, y downwards; angles in degrees, clockwise on screen.
 */
import type { PlanPoint, SectionBox, VenueSeat, VenueSeatplan } from './format';

const DEG = Math.PI / 180;

/** Rotates `p` about `centre` by `degrees` clockwise (y axis points down). */
export function rotatePoint(p: PlanPoint, centre: PlanPoint, degrees: number): PlanPoint {
  if (degrees === 0) return { x: p.x, y: p.y };
  const a = degrees * DEG;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const dx = p.x - centre.x;
  const dy = p.y - centre.y;
  return { x: centre.x + dx * cos - dy * sin, y: centre.y + dx * sin + dy * cos };
}

export function boxCentre(box: SectionBox): PlanPoint {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The four corners of the rotated box: top-left, top-right, bottom-right, bottom-left (before rotation). */
export function boxCorners(box: SectionBox): PlanPoint[] {
  const c = boxCentre(box);
  return [
    { x: box.x, y: box.y },
    { x: box.x + box.width, y: box.y },
    { x: box.x + box.width, y: box.y + box.height },
    { x: box.x, y: box.y + box.height },
  ].map((p) => rotatePoint(p, c, box.rotate));
}

/** Maps a point given in the unrotated box's local plan units (origin at its top-left) to plan units. */
export function boxLocalToPlan(box: SectionBox, local: PlanPoint): PlanPoint {
  return rotatePoint({ x: box.x + local.x, y: box.y + local.y }, boxCentre(box), box.rotate);
}

type SeatRect = Pick<VenueSeat, 'xOffsetPercent' | 'yOffsetPercent' | 'widthPercent' | 'heightPercent'>;

/**
 * The seat centre in plan units after the section rotation: the API's
 * SeatplanX/SeatplanY.
 */
export function seatPlanCentre(box: SectionBox, seat: SeatRect): PlanPoint {
  return boxLocalToPlan(box, {
    x: ((seat.xOffsetPercent + seat.widthPercent / 2) / 100) * box.width,
    y: ((seat.yOffsetPercent + seat.heightPercent / 2) / 100) * box.height,
  });
}

/** Seat size in plan units (before any rotation). */
export function seatPlanSize(box: SectionBox, seat: SeatRect): { width: number; height: number } {
  return { width: (seat.widthPercent / 100) * box.width, height: (seat.heightPercent / 100) * box.height };
}

/** Axis-aligned bounding box of the rotated section box. */
export function boxBounds(box: SectionBox): { minX: number; minY: number; maxX: number; maxY: number } {
  const corners = boxCorners(box);
  return {
    minX: Math.min(...corners.map((p) => p.x)),
    minY: Math.min(...corners.map((p) => p.y)),
    maxX: Math.max(...corners.map((p) => p.x)),
    maxY: Math.max(...corners.map((p) => p.y)),
  };
}

/**
 * The point "best available" measures distance from: the plan's focalPoint,
 * else the midpoint of the stage edge that faces the plan centre, else the plan centre.
 */
export function effectiveFocalPoint(plan: VenueSeatplan): PlanPoint {
  if (plan.focalPoint) return { x: plan.focalPoint.x, y: plan.focalPoint.y };
  const centre = { x: plan.width / 2, y: plan.height / 2 };
  const s = plan.stage;
  if (!s) return centre;
  const edges: PlanPoint[] = [
    { x: s.x + s.width / 2, y: s.y },
    { x: s.x + s.width, y: s.y + s.height / 2 },
    { x: s.x + s.width / 2, y: s.y + s.height },
    { x: s.x, y: s.y + s.height / 2 },
  ];
  let best = edges[0]!;
  let bestDistance = Infinity;
  for (const p of edges) {
    const d = Math.hypot(p.x - centre.x, p.y - centre.y);
    if (d < bestDistance) {
      best = p;
      bestDistance = d;
    }
  }
  return best;
}
