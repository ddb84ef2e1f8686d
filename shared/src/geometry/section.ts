import type { ApiSeat, ApiSection } from '../catalogue/seatplan';
import { type Bounds, emptyBounds, extendBounds } from './bounds';
import { type Affine, type Point, apply, compose, rotation, translation } from './matrix';

/**
 * Seat-plan geometry shared by the server (which precomputes SeatplanX/SeatplanY)
 * and the client (which draws and hit-tests). Keeping one implementation is the
 * point: if the two sides disagreed, a seat would be drawn in one place and
 * reported in another.
 *
 * Frames:
 *  - section-local: origin at the top-left of the section box, units = plan units,
 *    x right, y down, box spans [0, Width] x [0, Height];
 *  - plan: the seat plan's own space (`ApiSeatplan.Width` x `Height`).
 * The section box sits at (SeatplanX, SeatplanY) and is rotated by RotateAngle
 * degrees (clockwise, y-down) about the box centre.
 */
export type SectionBox = Pick<ApiSection, 'SeatplanX' | 'SeatplanY' | 'Width' | 'Height' | 'RotateAngle'>;
export type SeatBox = Pick<
  ApiSeat,
  'XOffsetPercent' | 'YOffsetPercent' | 'WidthPercent' | 'HeightPercent' | 'RotateAngle'
>;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Section-local -> plan: translate to the box, rotate about the box centre. */
export function sectionTransform(section: SectionBox): Affine {
  const hw = section.Width / 2;
  const hh = section.Height / 2;
  return compose(
    translation(section.SeatplanX + hw, section.SeatplanY + hh),
    rotation(section.RotateAngle || 0),
    translation(-hw, -hh),
  );
}

/** The seat's unrotated rectangle in section-local units (offsets are its top-left corner, in percent of the box). */
export function seatLocalRect(section: SectionBox, seat: SeatBox): Rect {
  return {
    x: (seat.XOffsetPercent / 100) * section.Width,
    y: (seat.YOffsetPercent / 100) * section.Height,
    width: (seat.WidthPercent / 100) * section.Width,
    height: (seat.HeightPercent / 100) * section.Height,
  };
}

/** Centre of the seat in section-local units. The seat's own rotation turns it about this point, so it does not move it. */
export function seatLocalCentre(section: SectionBox, seat: SeatBox): Point {
  const r = seatLocalRect(section, seat);
  return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
}

/**
 * Seat centre in plan units, after the section rotation: this is the value the
 * server stores as SeatplanX/SeatplanY. Pass a precomputed `transform` when
 * doing many seats of one section.
 */
export function seatCentreOnPlan(
  section: SectionBox,
  seat: SeatBox,
  transform: Affine = sectionTransform(section),
): Point {
  const c = seatLocalCentre(section, seat);
  return apply(transform, c.x, c.y);
}

/** Total rotation of a seat on the plan, in degrees: the section's plus the seat's own. */
export function seatRotationOnPlan(section: SectionBox, seat: SeatBox): number {
  return (section.RotateAngle || 0) + (seat.RotateAngle || 0);
}

/**
 * The four corners of a centred, rotated rectangle (clockwise from top-left before
 * rotation). Used for section outlines and seat hit shapes.
 */
export function rotatedRectCorners(cx: number, cy: number, width: number, height: number, deg: number): Point[] {
  const m = compose(translation(cx, cy), rotation(deg));
  const hw = width / 2;
  const hh = height / 2;
  return [apply(m, -hw, -hh), apply(m, hw, -hh), apply(m, hw, hh), apply(m, -hw, hh)];
}

/** Corners of the seat on the plan (section rotation plus its own rotation). */
export function seatCornersOnPlan(
  section: SectionBox,
  seat: SeatBox,
  transform: Affine = sectionTransform(section),
): Point[] {
  const r = seatLocalRect(section, seat);
  const c = apply(transform, r.x + r.width / 2, r.y + r.height / 2);
  return rotatedRectCorners(c.x, c.y, r.width, r.height, seatRotationOnPlan(section, seat));
}

/** Corners of the section box on the plan. */
export function sectionCornersOnPlan(section: SectionBox): Point[] {
  return rotatedRectCorners(
    section.SeatplanX + section.Width / 2,
    section.SeatplanY + section.Height / 2,
    section.Width,
    section.Height,
    section.RotateAngle || 0,
  );
}

/** Axis-aligned bounds of the rotated section box on the plan. */
export function sectionBoxBounds(section: SectionBox): Bounds {
  const b = emptyBounds();
  for (const p of sectionCornersOnPlan(section)) extendBounds(b, p.x, p.y);
  return b;
}

/**
 * Half extents of the axis-aligned box around a centred rectangle of half size
 * (hw, hh) rotated by an angle with the given |cos| and |sin|. Cheap enough for
 * per-seat use in index builders.
 */
export function rotatedHalfExtents(hw: number, hh: number, cos: number, sin: number): Point {
  const ac = Math.abs(cos);
  const as = Math.abs(sin);
  return { x: ac * hw + as * hh, y: as * hw + ac * hh };
}
