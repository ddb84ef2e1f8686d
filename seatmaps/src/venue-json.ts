/**
 * A venue document as it is written: optional fields that hold their default value are left out (seat `rotate` 0,
 * `features` [], `together` null; section `zone` null, `outline` null; the loader puts them back), keys in a fixed
 * order. Pure (no file access), so the designer in the browser saves exactly what the tools write to disk.
 */
import type { VenueDocument, VenueSeat, VenueSection } from './format';

function compactSeat(seat: VenueSeat): Record<string, unknown> {
  const out: Record<string, unknown> = {
    x: seat.x,
    y: seat.y,
    name: seat.name,
    xOffsetPercent: seat.xOffsetPercent,
    yOffsetPercent: seat.yOffsetPercent,
    widthPercent: seat.widthPercent,
    heightPercent: seat.heightPercent,
  };
  if (seat.rotate !== 0) out.rotate = seat.rotate;
  out.zone = seat.zone;
  if (seat.features.length > 0) out.features = seat.features;
  if (seat.together !== null) out.together = seat.together;
  return out;
}

function compactSection(section: VenueSection): Record<string, unknown> {
  const out: Record<string, unknown> = {
    code: section.code,
    name: section.name,
    isReserved: section.isReserved,
    capacity: section.capacity,
  };
  if (section.zone !== null) out.zone = section.zone;
  out.box = section.box;
  if (section.outline !== null) out.outline = section.outline;
  out.groups = section.groups.map((g) => ({
    code: g.code,
    name: g.name,
    rows: g.rows.map((r) => ({ name: r.name, seats: r.seats.map(compactSeat) })),
  }));
  return out;
}

/** The document as it is written to disk: defaults stripped, fixed key order. */
export function toVenueJson(doc: VenueDocument): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (doc.$schema !== undefined) out.$schema = doc.$schema;
  out.formatVersion = doc.formatVersion;
  out.code = doc.code;
  out.name = doc.name;
  out.location = doc.location;
  out.seatplan = doc.seatplan;
  out.zones = doc.zones;
  out.sections = doc.sections.map(compactSection);
  if (doc.decor !== undefined) out.decor = doc.decor;
  return out;
}
