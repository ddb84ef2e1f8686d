/**
 * The designer's document: every place in absolute plan units (x right, y down) with a stable id, so a command can name
 * what it changed and undo it without copying the plan. Entities are immutable values kept in maps; a change replaces
 * the value under its id (see ops.ts).
 *
 * This is the screen's own working shape. The venue file format (seatmaps/src/format.ts) is produced from it by
 * venue-document.ts when the draft is saved, exported or checked.
 */

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
}

export interface Label {
  id: Id;
  text: Names;
  x: number;
  y: number;
  size: number;
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
  /** The venue the plan belongs to. */
  venue: { code: string; name: Names; businessId: number };
}

export interface Tables {
  zones: Map<Id, Zone>;
  sections: Map<Id, Section>;
  seats: Map<Id, Seat>;
  labels: Map<Id, Label>;
}

export type TableName = keyof Tables;
export type Entity<T extends TableName> = Tables[T] extends Map<Id, infer E> ? E : never;

export interface DesignerDoc extends Tables {
  meta: Meta;
}

export const emptyNames = (): Names => ({ he: '', en: '', ru: '', ar: '' });
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
      venue,
    },
    zones: new Map(),
    sections: new Map(),
    seats: new Map(),
    labels: new Map(),
  };
}

/** Ids unique within a session and across sessions (drafts restored from this device keep their ids). */
let counter = 0;
const session = Math.random().toString(36).slice(2, 7);
export function newId(prefix: string): Id {
  counter += 1;
  return `${prefix}${session}${counter.toString(36)}`;
}
