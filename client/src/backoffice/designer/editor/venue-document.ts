import type { LocalizedName, VenueDocument, VenueSection, VenueSeat } from '@hotline/seatmaps/designer';
import { boundsOf, round } from './geometry';
import { emptyNames, newId, type DesignerDoc, type Names, type Point, type Seat } from './doc';

const localized = (n: Names): LocalizedName => ({
  he: n.he,
  en: n.en,
  ...(n.ru.trim() ? { ru: n.ru } : {}),
  ...(n.ar.trim() ? { ar: n.ar } : {}),
});
const fromLocalized = (n: LocalizedName): Names => ({ ...emptyNames(), ...n, ru: n.ru ?? '', ar: n.ar ?? '' });
const pct = (v: number) => Math.max(0, Math.min(100, Math.round(v * 10000) / 10000));

/** Rows of a section in drawing order: the row nearest the stage (smallest mean y) first, seats left to right. */
export function rowsOf(seats: readonly Seat[]): { label: string; seats: Seat[] }[] {
  const rows = new Map<string, Seat[]>();
  for (const s of seats) {
    let r = rows.get(s.row);
    if (!r) rows.set(s.row, (r = []));
    r.push(s);
  }
  return [...rows.entries()]
    .map(([label, list]) => ({
      label,
      seats: list.sort((a, b) => a.x - b.x),
      y: list.reduce((a, s) => a + s.y, 0) / list.length,
    }))
    .sort((a, b) => a.y - b.y);
}

/** The venue file (seatmaps/README.md) for this design: what the server stores, validates and publishes. */
export function toVenueDocument(doc: DesignerDoc): VenueDocument {
  const { meta } = doc;
  const half = meta.seatSize / 2;
  const zoneCode = new Map([...doc.zones.values()].map((z) => [z.id, z.code]));
  const bySection = new Map<string, Seat[]>();
  for (const s of doc.seats.values()) {
    let list = bySection.get(s.section);
    if (!list) bySection.set(s.section, (list = []));
    list.push(s);
  }
  const sections: VenueSection[] = [];
  for (const section of doc.sections.values()) {
    const seats = bySection.get(section.id) ?? [];
    const corners: Point[] = [...section.outline];
    for (const s of seats) corners.push({ x: s.x - half, y: s.y - half }, { x: s.x + half, y: s.y + half });
    const b = boundsOf(corners) ?? { minX: 0, minY: 0, maxX: 1, maxY: 1 };
    const width = Math.max(1, round(b.maxX - b.minX));
    const height = Math.max(1, round(b.maxY - b.minY));
    const rows = rowsOf(seats).map((row, r) => ({
      name: row.label,
      seats: row.seats.map((s, c): VenueSeat => ({
        x: c + 1,
        y: r + 1,
        name: s.name,
        xOffsetPercent: pct(((s.x - half - b.minX) / width) * 100),
        yOffsetPercent: pct(((s.y - half - b.minY) / height) * 100),
        widthPercent: pct((meta.seatSize / width) * 100),
        heightPercent: pct((meta.seatSize / height) * 100),
        rotate: s.rotate,
        zone: (s.zone && zoneCode.get(s.zone)) ?? '',
        features: [...s.features],
        together: s.together,
      })),
    }));
    sections.push({
      code: section.code,
      name: localized(section.name),
      isReserved: section.reserved,
      capacity: section.reserved ? null : section.capacity,
      zone: section.reserved ? null : ((section.zone && zoneCode.get(section.zone)) ?? null),
      box: { x: round(b.minX), y: round(b.minY), width, height, rotate: 0 },
      outline: section.outline.length >= 3 ? section.outline.map((p) => [p.x, p.y] as [number, number]) : null,
      groups: rows.length ? [{ code: 'main', name: section.name.en || section.code, rows }] : [],
    });
  }
  const stage = meta.stage;
  return {
    formatVersion: 1,
    code: meta.venue.code,
    name: localized(meta.venue.name),
    location: { code: meta.venue.code, name: localized(meta.venue.name), businessId: meta.venue.businessId },
    seatplan: {
      code: meta.code,
      name: localized(meta.name),
      width: meta.width,
      height: meta.height,
      stage: stage
        ? { x: stage.x, y: stage.y, width: stage.width, height: stage.height, label: localized(stage.label) }
        : null,
      focalPoint: null,
    },
    zones: [...doc.zones.values()].map((z) => ({ code: z.code, name: localized(z.name), color: z.color })),
    sections,
    // Texts on the plan travel in the format's decor (buyers' maps ignore it for now).
    ...(doc.labels.size
      ? {
          decor: {
            texts: [...doc.labels.values()].map((l) => ({
              x: l.x,
              y: l.y,
              text: localized(l.text),
              fontSize: l.size,
              rotate: 0,
            })),
          },
        }
      : {}),
  };
}

/** A venue file opened in the designer (an existing draft, a published version, an imported file). */
export function fromVenueDocument(v: VenueDocument): DesignerDoc {
  const zones = new Map(v.zones.map((z) => [newId('zn'), z] as const));
  const zoneId = new Map([...zones.entries()].map(([id, z]) => [z.code, id]));
  const doc: DesignerDoc = {
    meta: {
      code: v.seatplan.code,
      name: fromLocalized(v.seatplan.name),
      width: v.seatplan.width,
      height: v.seatplan.height,
      seatSize: 10,
      stage: v.seatplan.stage ? { ...v.seatplan.stage, label: fromLocalized(v.seatplan.stage.label) } : null,
      venue: { code: v.location.code, name: fromLocalized(v.location.name), businessId: v.location.businessId },
    },
    zones: new Map(
      [...zones.entries()].map(([id, z]) => [id, { id, code: z.code, name: fromLocalized(z.name), color: z.color }]),
    ),
    sections: new Map(),
    seats: new Map(),
    labels: new Map(),
  };
  let seatSize = 0;
  for (const s of v.sections) {
    const id = newId('sc');
    const { box } = s;
    const rad = ((box.rotate || 0) * Math.PI) / 180;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const turn = (x: number, y: number): Point => {
      const dx = x - cx;
      const dy = y - cy;
      return {
        x: round(cx + dx * Math.cos(rad) - dy * Math.sin(rad)),
        y: round(cy + dx * Math.sin(rad) + dy * Math.cos(rad)),
      };
    };
    const outline = s.outline
      ? s.outline.map(([x, y]) => ({ x, y }))
      : [
          turn(box.x, box.y),
          turn(box.x + box.width, box.y),
          turn(box.x + box.width, box.y + box.height),
          turn(box.x, box.y + box.height),
        ];
    doc.sections.set(id, {
      id,
      code: s.code,
      name: fromLocalized(s.name),
      reserved: s.isReserved,
      capacity: s.capacity,
      zone: s.zone ? (zoneId.get(s.zone) ?? null) : null,
      outline,
    });
    for (const g of s.groups)
      for (const row of g.rows)
        for (const seat of row.seats) {
          const w = (seat.widthPercent / 100) * box.width;
          const h = (seat.heightPercent / 100) * box.height;
          if (!seatSize) seatSize = round(Math.min(w, h));
          const c = turn(
            box.x + (seat.xOffsetPercent / 100) * box.width + w / 2,
            box.y + (seat.yOffsetPercent / 100) * box.height + h / 2,
          );
          const sid = newId('st');
          doc.seats.set(sid, {
            id: sid,
            section: id,
            row: row.name,
            name: seat.name,
            x: c.x,
            y: c.y,
            rotate: (seat.rotate ?? 0) + (box.rotate || 0),
            zone: zoneId.get(seat.zone) ?? null,
            features: [...(seat.features ?? [])],
            together: seat.together ?? null,
          });
        }
  }
  for (const text of v.decor?.texts ?? []) {
    const id = newId('lb');
    doc.labels.set(id, { id, text: fromLocalized(text.text), x: text.x, y: text.y, size: text.fontSize });
  }
  if (seatSize) doc.meta = { ...doc.meta, seatSize };
  return doc;
}
