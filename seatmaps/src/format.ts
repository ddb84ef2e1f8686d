/**
 * The venue file format: one JSON document per venue, describing one seat plan.
 *
 * Every field is documented in seatmaps/README.md; the JSON Schema is
 * seatmaps/schema/venue.schema.json. These types describe a document *after*
 * validation: `validateVenue`/`loadVenueFile` fill in the optional seat fields
 * (`rotate`, `features`, `together`) and the optional section fields `zone` and
 * `outline` with their defaults, so consumers never see them missing.
 *
 * Geometry in one paragraph (README has the long version): the plan is a
 * `width` x `height` space of plan units, x to the right, y downwards. A section
 * is a box whose unrotated top-left corner is (`box.x`, `box.y`), rotated by
 * `box.rotate` degrees clockwise about the box centre. A seat is a rectangle
 * inside its section's unrotated box: top-left corner at
 * (`xOffsetPercent`, `yOffsetPercent`) percent of the box size, size
 * (`widthPercent`, `heightPercent`) percent of the box size, rotated by its own
 * `rotate` degrees clockwise about the seat centre. `x`/`y` are the seat's
 * integer identity inside its section (column, row), not its position.
 */

/** Version of this format; bumped on incompatible changes. */
export const VENUE_FORMAT_VERSION = 1 as const;

/** Hebrew first, English second; both required, both non-empty. */
/** A name in Hebrew and English, and optionally Russian and Arabic (shown in those languages; else the English). */
export interface LocalizedName {
  he: string;
  en: string;
  ru?: string;
  ar?: string;
}

export interface PlanPoint {
  x: number;
  y: number;
}

export interface VenueLocation {
  /** Stable identifier of the location (building), unique per business. */
  code: string;
  name: LocalizedName;
  /** Owning business (tenant) id in the back office. */
  businessId: number;
}

export interface VenueStage {
  /** Top-left corner in plan units; the stage is never rotated. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Shown on the map, e.g. {he: 'במה', en: 'Stage'} or {he: 'מסך', en: 'Screen'}. */
  label: LocalizedName;
}

export interface VenueSeatplan {
  code: string;
  name: LocalizedName;
  /** Size of the plan's coordinate space, in plan units. */
  width: number;
  height: number;
  stage: VenueStage | null;
  /** Where "best available" measures from; null means "centre of the stage edge that faces the plan centre". */
  focalPoint: PlanPoint | null;
}

/** A price zone. Presentations map their ticket groups (prices) onto zones. */
export interface VenueZone {
  code: string;
  name: LocalizedName;
  /** Map colour, `#RRGGBB`. */
  color: string;
}

/** Section box in plan units. (x, y) is the top-left corner of the *unrotated* box. */
export interface SectionBox {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Degrees clockwise about the box centre, -360 < rotate < 360. */
  rotate: number;
}

export interface VenueSeat {
  /** Column identity inside the section; (x, y) is unique per section. Not a position. */
  x: number;
  /** Row identity inside the section. */
  y: number;
  /** Seat label as printed on the ticket, e.g. "12". */
  name: string;
  /** Top-left corner of the seat, percent of the section box width/height (0..100). */
  xOffsetPercent: number;
  yOffsetPercent: number;
  /** Seat size, percent of the section box width/height; offset + size <= 100. */
  widthPercent: number;
  heightPercent: number;
  /** Degrees clockwise about the seat centre. Default 0. */
  rotate: number;
  /** Price zone code (one of `zones[].code`). */
  zone: string;
  /** Feature codes from SEAT_FEATURE_CODES (@hotline/shared). Default []. */
  features: number[];
  /**
   * Seats sold together (a couch, a bed) share a positive integer id, unique
   * within the section. They must be in one row and carry feature 1 (couch) or
   * 4 (bed); a group has at least two seats. Default null.
   */
  together: number | null;
}

export interface VenueRow {
  /** Row label as printed on the ticket, e.g. "7". */
  name: string;
  seats: VenueSeat[];
}

export interface VenueSeatGroup {
  /** Unique within the section. */
  code: string;
  /** Display name (the API's GroupName), e.g. 'מרכז'. */
  name: string;
  rows: VenueRow[];
}

export interface VenueSection {
  /** Unique within the venue. */
  code: string;
  name: LocalizedName;
  /** true: numbered seats; false: general admission (standing) with a capacity. */
  isReserved: boolean;
  /** General-admission capacity (> 0); null for reserved sections. */
  capacity: number | null;
  /** Price zone of a general-admission section; null for reserved sections (their seats carry zones). Default null. */
  zone: string | null;
  box: SectionBox;
  /** Optional polygon drawn instead of the box, in plan units (absolute, not rotated by the box). Default null. */
  outline: [number, number][] | null;
  /** Empty for general-admission sections; reserved sections have at least one seat. */
  groups: VenueSeatGroup[];
}

/** A text the designer draws on the plan (an entrance, an aisle name), plan units. */
export interface VenueDecorText {
  x: number;
  y: number;
  text: LocalizedName;
  fontSize: number;
  rotate: number;
}

/** A decorative shape: rect/ellipse by two opposite corners of the unrotated box, polygon/line by its points. */
export interface VenueDecorShape {
  kind: 'rect' | 'ellipse' | 'polygon' | 'line';
  points: [number, number][];
  rotate: number;
  fill: string | null;
  stroke: string | null;
  label: LocalizedName | null;
}

/** The floor plan the designer traces: where the uploaded image lies, plan units per image pixel. */
export interface VenueDecorBackground {
  src: string;
  opacity: number;
  scale: number;
  offset: PlanPoint;
  /** The designer keeps a traced floor plan from being moved or scaled by mistake. */
  locked?: boolean;
}

/** What the seat-plan designer keeps beside the seats; buyers' maps draw the texts and shapes, never the background. */
export interface VenueDecor {
  texts?: VenueDecorText[];
  shapes?: VenueDecorShape[];
  background?: VenueDecorBackground | null;
}

export interface VenueDocument {
  /** Editor hint, e.g. "../schema/venue.schema.json"; ignored by the loader. */
  $schema?: string;
  formatVersion: typeof VENUE_FORMAT_VERSION;
  /** Stable venue identifier; also the default file name (`<code>.json`). */
  code: string;
  name: LocalizedName;
  location: VenueLocation;
  seatplan: VenueSeatplan;
  zones: VenueZone[];
  sections: VenueSection[];
  /** Optional: the designer's texts, shapes and traced floor plan. */
  decor?: VenueDecor;
}

/** Values a file may omit; `validateVenue` fills them in. */
export const SEAT_DEFAULTS = { rotate: 0, features: [] as number[], together: null } as const;
export const SECTION_DEFAULTS = { zone: null, outline: null } as const;

/** The `$schema` value written into venue files that live one level below seatmaps/. */
export const VENUE_SCHEMA_REF = '../schema/venue.schema.json';
