/**
 * The designer's document: every place in absolute plan units (x right, y down) with a stable id, so a command can name
 * what it changed and undo it without copying the plan. Entities are immutable values kept in maps; a change replaces
 * the value under its id (see ops.ts).
 *
 * The entities are the model's (`@hotline/seatmaps/designer`, DesignerPlan) held by id with a link to their parent,
 * so a command can replace one seat without touching its row. venue-document.ts turns the tables into a DesignerPlan
 * and back; the model's tools (layout, snapping, numbering, the plan check, the venue format) do the rest.
 */
import type { DesignerBackground, DesignerGroup, SectionShape, SeatIdentity } from '@hotline/seatmaps/designer';

export type Id = string;

export interface Names {
  he: string;
  en: string;
  ru: string;
  ar: string;
}

export const LANGUAGES = ['he', 'en', 'ru', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Point {
  x: number;
  y: number;
}

/** A price category (the format's zone). */
export interface Zone {
  id: Id;
  code: string;
  name: Names;
  color: string;
}

export interface Section {
  id: Id;
  code: string;
  name: Names;
  /** true: numbered seats; false: a general-admission area with a capacity. */
  reserved: boolean;
  capacity: number | null;
  /** The category of a general-admission area; seats carry their own. */
  zone: Id | null;
  /** The section's outline in plan units (a rectangle is four points). */
  outline: Point[];
  /** The format's seat groups (a row split by aisles); seats name theirs. */
  groups: DesignerGroup[];
  /**
   * The model's shape and box as imported, kept while `outline` is still the one they gave: export then writes the
   * section back as it was (a rectangle stays a box, seats keep their percentages).
   */
  imported: {
    outline: Point[];
    shape: SectionShape;
    frame: { x: number; y: number; width: number; height: number; rotate: number } | null;
  } | null;
}

export interface Seat {
  id: Id;
  section: Id;
  /** Row label as printed on the ticket. */
  row: string;
  /** Seat label as printed on the ticket. */
  name: string;
  /** Centre, plan units. */
  x: number;
  y: number;
  /** Degrees clockwise. */
  rotate: number;
  zone: Id | null;
  /** Feature codes (SEAT_FEATURE_CODES). */
  features: number[];
  /** Seats sold together share this number within their section. */
  together: number | null;
  /** Code of one of its section's groups. */
  group: string;
  /** The format's x/y from an imported plan (what sales and locks remember); null for a seat drawn here. */
  identity: SeatIdentity | null;
  /** Its own width and height in plan units (a couch, a wheelchair space); null: the plan's seat size. */
  size: SeatSize | null;
}

export interface SeatSize {
  width: number;
  height: number;
}

/** A seat's width and height as drawn and saved: its own, or the plan's seat size. */
export function seatDims(seat: Pick<Seat, 'size'>, meta: Pick<Meta, 'seatSize'>): SeatSize {
  return seat.size ?? { width: meta.seatSize, height: meta.seatSize };
}

export interface Label {
  id: Id;
  text: Names;
  x: number;
  y: number;
  size: number;
  rotate: number;
}

/** The kinds of decorative shape (the format's `decor.shapes`). */
export const DECOR_KINDS = ['rect', 'ellipse', 'line', 'polygon'] as const;
export type DecorKind = (typeof DECOR_KINDS)[number];

/** A decorative shape (a pillar, a bar, an aisle, a mixing desk): drawn under the sections, sold as nothing. */
export interface DecorShape {
  id: Id;
  kind: DecorKind;
  /** rect/ellipse: two opposite corners of the unrotated box; line/polygon: the points. */
  points: Point[];
  /** Degrees clockwise about the centre of the points' box. */
  rotate: number;
  fill: string | null;
  stroke: string | null;
  label: Names | null;
}

export interface Stage {
  x: number;
  y: number;
  width: number;
  height: number;
  label: Names;
}

export interface Meta {
  code: string;
  name: Names;
  width: number;
  height: number;
  /** Seat size (width and height) in plan units. */
  seatSize: number;
  stage: Stage | null;
  /** Where curved rows face and numbering counts rows from; null: the stage's front edge. */
  focalPoint: Point | null;
  /** A floor plan traced under the seats. */
  background: DesignerBackground | null;
  /** The venue the plan belongs to. */
  venue: { code: string; name: Names; businessId: number };
}

export interface Tables {
  zones: Map<Id, Zone>;
  sections: Map<Id, Section>;
  seats: Map<Id, Seat>;
  labels: Map<Id, Label>;
  shapes: Map<Id, DecorShape>;
}

export type TableName = keyof Tables;
export type Entity<T extends TableName> = Tables[T] extends Map<Id, infer E> ? E : never;

export interface DesignerDoc extends Tables {
  meta: Meta;
}

export const names = (he: string, en: string, ru = en, ar = en): Names => ({ he, en, ru, ar });

export function emptyDoc(venue: Meta['venue'], code = 'main'): DesignerDoc {
  return {
    meta: {
      code,
      name: names('מפה ראשית', 'Main plan', 'Основная схема', 'المخطط الرئيسي'),
      width: 1000,
      height: 700,
      seatSize: 10,
      stage: null,
      focalPoint: null,
      background: null,
      venue,
    },
    zones: new Map(),
    sections: new Map(),
    seats: new Map(),
    labels: new Map(),
    shapes: new Map(),
  };
}

/** Ids unique within a session and across sessions (drafts restored from this device keep their ids). */
let counter = 0;
const session = Math.random().toString(36).slice(2, 7);
export function newId(prefix: string): Id {
  counter += 1;
  return `${prefix}${session}${counter.toString(36)}`;
}
