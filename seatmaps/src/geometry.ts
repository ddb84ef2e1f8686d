/**
 * Plan geometry in the venue file's own terms (box, offsets in percent), for the
 * validator, the generators and the preview. The maths lives in one place,
 * @hotline/shared's geometry, which the server seed and the client renderer use
 * too: if they disagreed, a seat would be drawn in one place and sold in another.
 * Plan units, x to the right, y downwards; angles in degrees, clockwise on screen.
 */
import {
  apply,
  rotationAbout,
  sectionBoxBounds,
  sectionCornersOnPlan,
  sectionTransform,
  seatCentreOnPlan,
  type SectionBox as ApiSectionBox,
} from '@hotline/shared';
import type { PlanPoint, SectionBox, VenueSeat, VenueSeatplan } from './format';

/** The venue file's box, in the API's names that the shared geometry takes. */
function apiBox(box: SectionBox): ApiSectionBox {
  return { SeatplanX: box.x, SeatplanY: box.y, Width: box.width, Height: box.height, RotateAngle: box.rotate };
}

/** Rotates `p` about `centre` by `degrees` clockwise (y axis points down). */
export function rotatePoint(p: PlanPoint, centre: PlanPoint, degrees: number): PlanPoint {
  if (degrees === 0) return { x: p.x, y: p.y };
  return apply(rotationAbout(degrees, centre.x, centre.y), p.x, p.y);
}

export function boxCentre(box: SectionBox): PlanPoint {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The four corners of the rotated box: top-left, top-right, bottom-right, bottom-left (before rotation). */
export function boxCorners(box: SectionBox): PlanPoint[] {
  return sectionCornersOnPlan(apiBox(box));
}

/** Maps a point given in the unrotated box's local plan units (origin at its top-left) to plan units. */
export function boxLocalToPlan(box: SectionBox, local: PlanPoint): PlanPoint {
  return apply(sectionTransform(apiBox(box)), local.x, local.y);
}

type SeatRect = Pick<VenueSeat, 'xOffsetPercent' | 'yOffsetPercent' | 'widthPercent' | 'heightPercent'>;

/**
 * The seat centre in plan units after the section rotation: the API's
 * SeatplanX/SeatplanY.
 */
export function seatPlanCentre(box: SectionBox, seat: SeatRect): PlanPoint {
  return seatCentreOnPlan(apiBox(box), {
    XOffsetPercent: seat.xOffsetPercent,
    YOffsetPercent: seat.yOffsetPercent,
    WidthPercent: seat.widthPercent,
    HeightPercent: seat.heightPercent,
    RotateAngle: 0,
  });
}

/** Seat size in plan units (before any rotation). */
export function seatPlanSize(box: SectionBox, seat: SeatRect): { width: number; height: number } {
  return { width: (seat.widthPercent / 100) * box.width, height: (seat.heightPercent / 100) * box.height };
}

/** Axis-aligned bounding box of the rotated section box. */
export function boxBounds(box: SectionBox): { minX: number; minY: number; maxX: number; maxY: number } {
  return sectionBoxBounds(apiBox(box));
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
