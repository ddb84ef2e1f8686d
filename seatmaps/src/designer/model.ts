/**
 * The seat-plan designer's document: the same plan as a VenueDocument (seatmaps/src/format.ts), held the way an
 * editor wants it. Everything is in absolute plan units (x right, y down, degrees clockwise), so moving, rotating or
 * copying a seat never has to know which section box it sits in; the format's "percent of the section box" is worked
 * out once, on export (toVenueDocument). Every section, row, seat, zone, text and shape carries a stable string id,
 * so a selection, an undo step or a validation problem can point at a thing that keeps its identity while its label,
 * code or position changes.
 *
 * Plain data only (no classes, no Maps): it goes through immer, structuredClone and JSON unchanged.
 */
import type { PlanPoint, VenueLocation } from '../format';

/** Version of the designer document; bumped on incompatible changes. */
export const DESIGNER_PLAN_VERSION = 1 as const;

/** A name in the four languages the product speaks; '' where there is none yet (Russian and Arabic may be empty). */
export interface Names {
  he: string;
  en: string;
  ru: string;
  ar: string;
}

/** A price zone (the designer calls it a category). */
export interface DesignerZone {
  id: string;
  /** The format's zone code, unique in the plan. */
  code: string;
  name: Names;
  /** `#RRGGBB`. */
  color: string;
}

/** Section outlines the designer draws. All in absolute plan units. */
export type SectionShape =
  /** A rectangle rotated `rotate` degrees clockwise about its centre; (x, y) is the unrotated top-left corner. */
  | { type: 'rect'; x: number; y: number; width: number; height: number; rotate: number }
  /** A closed polygon, at least three points. */
  | { type: 'polygon'; points: PlanPoint[] }
  /**
   * A ring sector (arena and stadium stands): between two circles about (cx, cy), from `startAngle` to `endAngle`
   * (degrees clockwise from the +x axis, start < end). Exported as a polygon outline (`arcSectorOutline`).
   */
  | {
      type: 'arc';
      cx: number;
      cy: number;
      innerRadius: number;
      outerRadius: number;
      startAngle: number;
      endAngle: number;
    };

export interface SeatIdentity {
  /** The format's seat x/y: the seat's identity in its section (what locks and sales remember), not its position. */
  x: number;
  y: number;
}

export interface DesignerSeat {
  id: string;
  /** Printed on the ticket; '' while unnumbered (validation reports it). */
  label: string;
  /** Centre, plan units. */
  cx: number;
  cy: number;
  /** Size before rotation, plan units. */
  width: number;
  height: number;
  /** Degrees clockwise on the plan (the section's rotation included). */
  rotate: number;
  /** Id of a DesignerZone (the seat's category); null while it has none (validation reports it). */
  zoneId: string | null;
  /** Codes from SEAT_FEATURE_CODES (@hotline/shared): 10 wheelchair, 11 companion, 12 restricted view, ... */
  features: number[];
  /** Seats sold together (couch, bed) share a positive id within their section; null otherwise. */
  together: number | null;
  /** Kept from an imported plan so sold and held seats keep their identity; null for a new seat (assigned on export). */
  identity: SeatIdentity | null;
}

export interface DesignerRow {
  id: string;
  /** Printed on the ticket; '' while unnumbered. */
  label: string;
  /** Code of one of its section's `groups`. */
  group: string;
  seats: DesignerSeat[];
}

/** The format's seat group (a named part of a section, e.g. "centre"); rows name theirs by code. */
export interface DesignerGroup {
  code: string;
  name: string;
}

export interface DesignerSection {
  id: string;
  /** The format's section code, unique in the plan. */
  code: string;
  name: Names;
  /** reserved: numbered seats; ga: general admission with a capacity. */
  kind: 'reserved' | 'ga';
  /** Standing places of a GA area; null for reserved sections. */
  capacity: number | null;
  /** A GA area's zone id; null for reserved sections (each seat names its own). */
  zoneId: string | null;
  shape: SectionShape;
  /**
   * The box the format stores seats relative to, kept from an imported plan so that export gives back the same file.
   * null for a section drawn in the designer: export then fits a box around the shape and the seats.
   */
  frame: { x: number; y: number; width: number; height: number; rotate: number } | null;
  groups: DesignerGroup[];
  rows: DesignerRow[];
}

export interface DesignerStage {
  x: number;
  y: number;
  width: number;
  height: number;
  label: Names;
}

/** A text drawn on the plan (an entrance, an aisle name). */
export interface DesignerText {
  id: string;
  x: number;
  y: number;
  text: Names;
  /** Plan units. */
  fontSize: number;
  rotate: number;
}

/** A decorative shape (a pillar, a bar, a mixing desk). */
export interface DesignerShape {
  id: string;
  kind: 'rect' | 'ellipse' | 'polygon' | 'line';
  /** rect/ellipse: two opposite corners of the unrotated box; polygon/line: the points. */
  points: PlanPoint[];
  rotate: number;
  fill: string | null;
  stroke: string | null;
  label: Names | null;
}

/** The largest floor-plan image a plan keeps (decoded bytes): a floor plan photo or scan needs no more. */
export const MAX_BACKGROUND_IMAGE_BYTES = 3 * 1024 * 1024;

/** The image types a traced floor plan may be (the server checks that the bytes are the type named). */
export const BACKGROUND_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** A floor plan drawn under the seats, to trace. */
export interface DesignerBackground {
  /** The image: a PNG, JPEG or WebP data URL kept in the draft, or a path on this site. */
  src: string;
  /** 0..1. */
  opacity: number;
  /** Plan units per image pixel. */
  scale: number;
  /** Plan position of the image's top-left corner. */
  offset: PlanPoint;
  /** Locked: traced in place, neither moved nor scaled until unlocked (absent in older files: unlocked). */
  locked?: boolean;
}

export interface DesignerPlan {
  designerVersion: typeof DESIGNER_PLAN_VERSION;
  /** The venue's and the plan's codes and names, as in the format. */
  venueCode: string;
  venueName: Names;
  location: VenueLocation;
  planCode: string;
  planName: Names;
  /** Size of the plan in plan units. */
  width: number;
  height: number;
  stage: DesignerStage | null;
  /** Where "best available" measures from and curved rows face; null: the stage's front edge. */
  focalPoint: PlanPoint | null;
  zones: DesignerZone[];
  sections: DesignerSection[];
  texts: DesignerText[];
  shapes: DesignerShape[];
  background: DesignerBackground | null;
}

/** Makes fresh ids: `prefix` + a counter. Give each editing session its own prefix (e.g. a random word). */
export type IdFactory = () => string;

export function idFactory(prefix: string, start = 1): IdFactory {
  let n = start;
  return () => `${prefix}${n++}`;
}

export function emptyNames(): Names {
  return { he: '', en: '', ru: '', ar: '' };
}

/** A new, empty plan of the given size (the designer's "new" screen). */
export function emptyPlan(options: {
  width: number;
  height: number;
  location: VenueLocation;
  venueCode?: string;
  planCode?: string;
}): DesignerPlan {
  return {
    designerVersion: DESIGNER_PLAN_VERSION,
    venueCode: options.venueCode ?? 'venue',
    venueName: emptyNames(),
    location: options.location,
    planCode: options.planCode ?? 'plan',
    planName: emptyNames(),
    width: options.width,
    height: options.height,
    stage: null,
    focalPoint: null,
    zones: [],
    sections: [],
    texts: [],
    shapes: [],
    background: null,
  };
}

/** Every seat of the plan with where it is; the validator and the tools walk this. */
export function* eachSeat(
  plan: DesignerPlan,
): Generator<{ section: DesignerSection; row: DesignerRow; seat: DesignerSeat }> {
  for (const section of plan.sections) {
    for (const row of section.rows) for (const seat of row.seats) yield { section, row, seat };
  }
}

export function seatCount(plan: DesignerPlan): number {
  let n = 0;
  for (const section of plan.sections) for (const row of section.rows) n += row.seats.length;
  return n;
}
