import { seatPlanPatch, type SeatPlanPatch, type VenueDocument, type VenueSection } from '@hotline/seatmaps/designer';
import type { DesignerDoc, Id, Seat, Section, Zone } from './doc';
import { toVenueDocument } from './venue-document';

/**
 * What the server stores at a revision this screen saved, as the editor's entities (immutable values: an edit replaces
 * them, never changes them), so the next save finds what changed by identity, without comparing 100,000 seats.
 */
export interface SavedBase {
  revision: number;
  seatSize: number;
  zones: Zone[];
  sections: Map<Id, { section: Section; seats: Seat[] }>;
  /** The stored sections' codes: a patch may name only these. */
  codes: Set<string>;
  /** The decor as sent (JSON): sent again only when it differs. */
  decor: string;
}

/** A save's body: the whole document, or a patch of the base's revision; and the base it makes once saved. */
export interface SaveBody {
  body: VenueDocument | SeatPlanPatch;
  /** The base the server holds once this body is saved (its revision is the answer's). */
  next: Omit<SavedBase, 'revision'>;
}

const sameItems = <T>(a: readonly T[], b: readonly T[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The body of a save of `doc`: a patch against `base` (the sections that changed sent whole, the others by code: one
 * edited section of a stadium instead of its 108), or the whole document when there is no base (a first save, after a
 * conflict or a reload) or a change reaches every section (the seat size or a category: seats name their category's
 * code).
 */
export function saveBody(doc: DesignerDoc, base: SavedBase | null): SaveBody {
  const seatsOf = new Map<Id, Seat[]>();
  for (const seat of doc.seats.values()) {
    const list = seatsOf.get(seat.section);
    if (list) list.push(seat);
    else seatsOf.set(seat.section, [seat]);
  }
  const zones = [...doc.zones.values()];
  const sections = new Map<Id, { section: Section; seats: Seat[] }>();
  for (const section of doc.sections.values())
    sections.set(section.id, { section, seats: seatsOf.get(section.id) ?? [] });
  const codes = new Set([...doc.sections.values()].map((s) => s.code));
  const next = (decor: VenueDocument['decor']) => ({
    seatSize: doc.meta.seatSize,
    zones,
    sections,
    codes,
    decor: JSON.stringify(decor ?? null),
  });
  if (!base || base.seatSize !== doc.meta.seatSize || !sameItems(base.zones, zones)) {
    const whole = toVenueDocument(doc);
    return { body: whole, next: next(whole.decor) };
  }
  const changed = new Set<Id>();
  for (const [id, now] of sections) {
    const was = base.sections.get(id);
    if (!was || was.section !== now.section || !base.codes.has(now.section.code) || !sameItems(was.seats, now.seats))
      changed.add(id);
  }
  // The plan's frame (names, size, stage, zones, decor) and the changed sections, in the plan's order.
  const frame = toVenueDocument(doc, changed);
  const converted = frame.sections.values();
  const entries: (string | VenueSection)[] = [];
  for (const section of doc.sections.values())
    entries.push(changed.has(section.id) ? converted.next().value! : section.code);
  const after = next(frame.decor);
  return { body: seatPlanPatch(frame, entries, after.decor !== base.decor), next: after };
}
