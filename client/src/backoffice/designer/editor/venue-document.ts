import {
  fromVenueDocument as planFromVenue,
  toVenueDocument as planToVenue,
  namesFromLocalized,
  localizedFromNames,
  shapeOutline,
  type DesignerPlan,
  type DesignerRow,
  type DesignerSection,
  type SectionShape,
  type VenueDocument,
} from '@hotline/seatmaps/designer';
import type { DesignerDoc, Point, Seat, Section } from './doc';

/**
 * Between the editor's tables and the model's DesignerPlan. The venue format, the plan check, numbering and the
 * templates are the model's; this file only regroups seats into rows and sections (and back), so there is one
 * implementation of each. Ids pass through unchanged one way (a plan-check problem names editor ids); an imported
 * plan's ids get the editor's table prefix and a dot (`st.s0r1k2`), which newId never makes.
 */

const samePoints = (a: readonly Point[], b: readonly Point[]) =>
  a === b || (a.length === b.length && a.every((p, i) => p.x === b[i]!.x && p.y === b[i]!.y));

/** Rows of a section: seats of one group and row label, in the order they were made. */
export function rowKey(section: string, group: string, row: string): string {
  return `${section}\u0000${group}\u0000${row}`;
}

function sectionOf(s: Section, rows: DesignerRow[]): DesignerSection {
  const keep = s.imported && samePoints(s.imported.outline, s.outline) ? s.imported : null;
  const groups = [...s.groups];
  for (const r of rows) if (!groups.some((g) => g.code === r.group)) groups.push({ code: r.group, name: r.group });
  return {
    id: s.id,
    code: s.code,
    name: s.name,
    kind: s.reserved ? 'reserved' : 'ga',
    capacity: s.reserved ? null : s.capacity,
    zoneId: s.reserved ? null : s.zone,
    shape: keep ? keep.shape : drawnShape(s.outline),
    frame: keep ? keep.frame : null,
    groups,
    rows,
  };
}

/** A drawn outline as the model's shape: an upright rectangle stays a rectangle (no outline in the file). */
function drawnShape(outline: readonly Point[]): SectionShape {
  const [a, b, c, d] = outline;
  if (
    outline.length === 4 &&
    a!.y === b!.y &&
    b!.x === c!.x &&
    c!.y === d!.y &&
    d!.x === a!.x &&
    a!.x < b!.x &&
    a!.y < d!.y
  )
    return { type: 'rect', x: a!.x, y: a!.y, width: b!.x - a!.x, height: d!.y - a!.y, rotate: 0 };
  return { type: 'polygon', points: outline.map((p) => ({ x: p.x, y: p.y })) };
}

/**
 * The editor's document as the model's plan. `only`: just these sections (numbering a selection needs its sections
 * whole, not the 100,000 seats around them).
 */
export function docToPlan(doc: DesignerDoc, only?: ReadonlySet<string>): DesignerPlan {
  const { meta } = doc;
  const rowsBySection = new Map<string, Map<string, DesignerRow>>();
  for (const s of doc.seats.values()) {
    if (only && !only.has(s.section)) continue;
    let rows = rowsBySection.get(s.section);
    if (!rows) rowsBySection.set(s.section, (rows = new Map()));
    const key = rowKey(s.section, s.group, s.row);
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { id: key, label: s.row, group: s.group, seats: [] }));
    row.seats.push({
      id: s.id,
      label: s.name,
      cx: s.x,
      cy: s.y,
      width: s.size?.width ?? meta.seatSize,
      height: s.size?.height ?? meta.seatSize,
      rotate: s.rotate,
      zoneId: s.zone,
      features: s.features,
      together: s.together,
      identity: s.identity,
    });
  }
  const sections: DesignerSection[] = [];
  for (const s of doc.sections.values())
    if (!only || only.has(s.id)) sections.push(sectionOf(s, [...(rowsBySection.get(s.id)?.values() ?? [])]));
  return {
    designerVersion: 1,
    venueCode: meta.venue.code,
    venueName: meta.venue.name,
    location: { code: meta.venue.code, name: localizedFromNames(meta.venue.name), businessId: meta.venue.businessId },
    planCode: meta.code,
    planName: meta.name,
    width: meta.width,
    height: meta.height,
    stage: meta.stage,
    focalPoint: meta.focalPoint,
    zones: [...doc.zones.values()],
    sections,
    texts: [...doc.labels.values()].map((l) => ({
      id: l.id,
      x: l.x,
      y: l.y,
      text: l.text,
      fontSize: l.size,
      rotate: l.rotate,
    })),
    shapes: [...doc.shapes.values()],
    background: meta.background,
  };
}

/** The model's plan in the editor's tables (an opened draft, a template, an imported file). */
export function planToDoc(plan: DesignerPlan): DesignerDoc {
  const id = (table: string, own: string) => `${table}.${own}`;
  const zone = (z: string | null) => (z === null ? null : id('zn', z));
  let seatSize = 0;
  const doc: DesignerDoc = {
    meta: {
      code: plan.planCode,
      name: plan.planName,
      width: plan.width,
      height: plan.height,
      seatSize: 10,
      stage: plan.stage,
      focalPoint: plan.focalPoint,
      background: plan.background,
      venue: {
        code: plan.location.code,
        name: namesFromLocalized(plan.location.name),
        businessId: plan.location.businessId,
      },
    },
    zones: new Map(plan.zones.map((z) => [id('zn', z.id), { ...z, id: id('zn', z.id) }])),
    sections: new Map(),
    seats: new Map(),
    labels: new Map(
      plan.texts.map((t) => [
        id('lb', t.id),
        { id: id('lb', t.id), text: t.text, x: t.x, y: t.y, size: t.fontSize, rotate: t.rotate },
      ]),
    ),
    shapes: new Map(
      plan.shapes.map((d) => [
        id('dc', d.id),
        { ...d, id: id('dc', d.id), points: d.points.map((p) => ({ x: p.x, y: p.y })) },
      ]),
    ),
  };
  for (const s of plan.sections) {
    const sid = id('sc', s.id);
    const outline = shapeOutline(s.shape).map((p) => ({ x: p.x, y: p.y }));
    doc.sections.set(sid, {
      id: sid,
      code: s.code,
      name: s.name,
      reserved: s.kind === 'reserved',
      capacity: s.capacity,
      zone: zone(s.zoneId),
      outline,
      groups: s.groups,
      imported: { outline, shape: s.shape, frame: s.frame },
    });
    for (const row of s.rows)
      for (const k of row.seats) {
        if (!seatSize) seatSize = Math.round(Math.min(k.width, k.height) * 100) / 100;
        const seat: Seat = {
          id: id('st', k.id),
          section: sid,
          row: row.label,
          name: k.label,
          x: k.cx,
          y: k.cy,
          rotate: k.rotate,
          zone: zone(k.zoneId),
          features: k.features,
          together: k.together,
          group: row.group,
          identity: k.identity,
          size: { width: k.width, height: k.height },
        };
        doc.seats.set(seat.id, seat);
      }
  }
  if (seatSize) doc.meta.seatSize = seatSize;
  // Seats of the plan's size need none of their own (changing the plan's seat size then changes them).
  const size = doc.meta.seatSize;
  for (const [id, s] of doc.seats)
    if (s.size && s.size.width === size && s.size.height === size) doc.seats.set(id, { ...s, size: null });
  return doc;
}

/**
 * The venue file (seatmaps/README.md) for this design: what the server stores, validates and publishes. `only`: just
 * these sections (the canvas converts again only the sections an edit changed).
 */
export function toVenueDocument(doc: DesignerDoc, only?: ReadonlySet<string>): VenueDocument {
  return planToVenue(docToPlan(doc, only));
}

/** A venue file opened in the designer (an existing draft, a published version, an imported file). */
export function fromVenueDocument(v: VenueDocument): DesignerDoc {
  return planToDoc(planFromVenue(v));
}
