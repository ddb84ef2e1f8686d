/**
 * The seat plan as GET /api/seats/seatplan returns it: sections -> groups -> rows -> seats.
 * Field names are the spec's (storefront-spec.md section 3).
 *
 * Geometry (see seatmaps/README.md): the plan has a coordinate space of
 * `width` x `height` plan units. A section is a box (SeatplanX, SeatplanY, Width, Height,
 * RotateAngle about the box centre). A seat sits inside its section box at
 * XOffsetPercent/YOffsetPercent (its top-left corner, percent of the box) with
 * WidthPercent/HeightPercent (percent of the box) and its own RotateAngle about its centre.
 * A seat's SeatplanX/SeatplanY is its centre in plan units after the section rotation,
 * precomputed so that a consumer that ignores rotation still draws it in the right place.
 * XCoordinate/YCoordinate identify the seat inside its section (column, row); they are
 * what locks and status rows use.
 */
export interface ApiSeat {
  VenueId: number;
  VenueSeatplanId: number;
  VenueSectionId: number;
  VenueSectionSeatGroupId: number;
  /** Price zone of the seat in the plan; per-presentation ticket groups map onto zones. */
  TicketGroupId: number;
  XCoordinate: number;
  YCoordinate: number;
  XOffsetPercent: number;
  YOffsetPercent: number;
  WidthPercent: number;
  HeightPercent: number;
  RotateAngle: number;
  RowName: string;
  SeatName: string;
  SectionName: string;
  SeatplanX: number;
  SeatplanY: number;
  /** Feature flag codes (SEAT_FEATURE_CODES). */
  features: number[];
  /** Seats sold together (couch, bed) share a non-null togetherId within their section. */
  togetherId: number | null;
}

export interface ApiSeatRow {
  RowName: string;
  seats: ApiSeat[];
}

export interface ApiSeatGroup {
  VenueSectionSeatGroupId: number;
  GroupName: string;
  rows: ApiSeatRow[];
}

export interface ApiSection {
  VenueSectionId: number;
  SectionName: string;
  SectionNameEn: string;
  /** Russian and Arabic section names where the plan has them; null or absent shows the English. */
  SectionNameRu?: string | null;
  SectionNameAr?: string | null;
  IsReserved: boolean;
  /** General-admission capacity; null for reserved sections. */
  Capacity: number | null;
  /** Price zone of a general-admission section; null for reserved sections (their seats carry zones). */
  ZoneId: number | null;
  SeatplanX: number;
  SeatplanY: number;
  Width: number;
  Height: number;
  RotateAngle: number;
  /** Polygon outline in plan units (optional; box is used when absent). */
  Outline: [number, number][] | null;
  isSoldOut?: boolean;
  groups: ApiSeatGroup[];
}

export interface ApiZone {
  ZoneId: number;
  Code: string;
  Name: string;
  NameEn: string;
  Color: string;
}

export interface ApiSeatplan {
  VenueId: number;
  VenueSeatplanId: number;
  Name: string;
  NameEn: string;
  Width: number;
  Height: number;
  /** Stage or screen marker, in plan units; its label in Hebrew, English and, where the plan has them, Russian and Arabic. */
  Stage: {
    x: number;
    y: number;
    width: number;
    height: number;
    label: string;
    labelEn: string;
    labelRu?: string | null;
    labelAr?: string | null;
  } | null;
  /** Where best-available measures "best" from; defaults to the centre of the stage's front edge. */
  FocalPoint: { x: number; y: number } | null;
  /** Price zones; a presentation's ticket groups map onto them (ApiTicketGroup.zoneId). */
  Zones: ApiZone[];
  sections: ApiSection[];
  /**
   * What the plan draws under its seats besides the stage: shapes and texts (absent or null: none). Never the
   * designer's floor-plan image, which is a tracing aid for staff only.
   */
  Decor?: ApiSeatplanDecor | null;
}

/** A text or shape label in the four languages (Russian and Arabic where the plan has them). */
export interface ApiDecorLabel {
  he: string;
  en: string;
  ru?: string | null;
  ar?: string | null;
}

/** A text drawn on the plan, centred on (x, y), turned by `rotate` degrees, `fontSize` in plan units. */
export interface ApiDecorText {
  x: number;
  y: number;
  text: ApiDecorLabel;
  fontSize: number;
  rotate: number;
}

/** A shape: rect/ellipse by two opposite corners of the unturned box (turned about its centre), polygon/line by points. */
export interface ApiDecorShape {
  kind: 'rect' | 'ellipse' | 'polygon' | 'line';
  points: [number, number][];
  rotate: number;
  fill: string | null;
  stroke: string | null;
  label: ApiDecorLabel | null;
}

export interface ApiSeatplanDecor {
  shapes: ApiDecorShape[];
  texts: ApiDecorText[];
}
