/**
 * Between the designer's plan (absolute plan units, ids) and the venue file format (seats in percent of their
 * section's box). fromVenueDocument(doc) then toVenueDocument gives back the same document (tested on every demo
 * venue); the other way round, a plan keeps everything (texts, shapes and the background image travel in the
 * format's optional `decor`), except that an arc section comes back as a polygon.
 */
import { VENUE_FORMAT_VERSION } from '../format';
import type {
  LocalizedName,
  PlanPoint,
  SectionBox,
  VenueDocument,
  VenueSeat,
  VenueDecor,
  VenueSeatGroup,
  VenueSection,
} from '../format';
import { seatPlanCentre } from '../geometry';
import { toVenueJson } from '../venue-json';
import {
  DESIGNER_PLAN_VERSION,
  type DesignerPlan,
  type DesignerRow,
  type DesignerSeat,
  type DesignerSection,
  type Names,
} from './model';
import { boundsOf, shapeOutline, turn } from './shape';

const { round } = Math;

/**
 * Percents and angles keep 3 decimals: 0.01 plan units in a 1,000-unit box, an imported file's 2 come back, and a
 * 100,000-seat plan stays well inside the 16 MB upload.
 */
function r3(v: number): number {
  const r = round(v * 1000) / 1000;
  return r === 0 ? 0 : r; // no -0 in files
}

/** Seats must fit their box after rounding: a computed box leaves this much room (plan units) around them. */
const FIT_MARGIN = 0.01;
const FIT_SLACK = 1e-6;

export function namesFromLocalized(n: LocalizedName): Names {
  return { he: n.he, en: n.en, ru: n.ru ?? '', ar: n.ar ?? '' };
}

/** Russian and Arabic only where written: the format refuses empty names. */
export function localizedFromNames(n: Names): LocalizedName {
  const out: LocalizedName = { he: n.he, en: n.en };
  if (n.ru.trim() !== '') out.ru = n.ru;
  if (n.ar.trim() !== '') out.ar = n.ar;
  return out;
}

/** Ids of an imported plan: `z<i>`, `s<i>`, `s<i>r<j>`, `s<i>r<j>k<k>` (indexes in the file). Fresh ids use another prefix. */
export function fromVenueDocument(doc: VenueDocument): DesignerPlan {
  const zoneIdByCode = new Map<string, string>();
  const zones = doc.zones.map((z, i) => {
    const id = `z${i}`;
    zoneIdByCode.set(z.code, id);
    return { id, code: z.code, name: namesFromLocalized(z.name), color: z.color };
  });
  const sp = doc.seatplan;
  return {
    designerVersion: DESIGNER_PLAN_VERSION,
    venueCode: doc.code,
    venueName: namesFromLocalized(doc.name),
    location: { code: doc.location.code, name: { ...doc.location.name }, businessId: doc.location.businessId },
    planCode: sp.code,
    planName: namesFromLocalized(sp.name),
    width: sp.width,
    height: sp.height,
    stage: sp.stage
      ? {
          x: sp.stage.x,
          y: sp.stage.y,
          width: sp.stage.width,
          height: sp.stage.height,
          label: namesFromLocalized(sp.stage.label),
        }
      : null,
    focalPoint: sp.focalPoint ? { x: sp.focalPoint.x, y: sp.focalPoint.y } : null,
    zones,
    sections: doc.sections.map((s, si) => importSection(s, `s${si}`, zoneIdByCode)),
    texts: (doc.decor?.texts ?? []).map((t, i) => ({
      id: `t${i}`,
      x: t.x,
      y: t.y,
      text: namesFromLocalized(t.text),
      fontSize: t.fontSize,
      rotate: t.rotate,
    })),
    shapes: (doc.decor?.shapes ?? []).map((d, i) => ({
      id: `d${i}`,
      kind: d.kind,
      points: d.points.map(([x, y]) => ({ x, y })),
      rotate: d.rotate,
      fill: d.fill,
      stroke: d.stroke,
      label: d.label ? namesFromLocalized(d.label) : null,
    })),
    background: doc.decor?.background ? { ...doc.decor.background, offset: { ...doc.decor.background.offset } } : null,
  };
}

/** The designer's texts, shapes and background as the format's optional `decor`; absent when there are none. */
function exportDecor(plan: DesignerPlan): VenueDecor | undefined {
  if (plan.texts.length === 0 && plan.shapes.length === 0 && plan.background === null) return undefined;
  const decor: VenueDecor = {};
  if (plan.texts.length > 0)
    decor.texts = plan.texts.map((t) => ({
      x: t.x,
      y: t.y,
      text: localizedFromNames(t.text),
      fontSize: t.fontSize,
      rotate: t.rotate,
    }));
  if (plan.shapes.length > 0)
    decor.shapes = plan.shapes.map((d) => ({
      kind: d.kind,
      points: d.points.map((p) => [p.x, p.y] as [number, number]),
      rotate: d.rotate,
      fill: d.fill,
      stroke: d.stroke,
      label: d.label ? localizedFromNames(d.label) : null,
    }));
  if (plan.background) decor.background = { ...plan.background, offset: { ...plan.background.offset } };
  return decor;
}

function importSection(s: VenueSection, id: string, zoneIdByCode: Map<string, string>): DesignerSection {
  const box = s.box;
  const rows: DesignerRow[] = [];
  for (const group of s.groups) {
    for (const row of group.rows) {
      const rowId = `${id}r${rows.length}`;
      rows.push({
        id: rowId,
        label: row.name,
        group: group.code,
        seats: row.seats.map((seat, k) => importSeat(seat, box, `${rowId}k${k}`, zoneIdByCode)),
      });
    }
  }
  const outline = s.outline ?? null;
  return {
    id,
    code: s.code,
    name: namesFromLocalized(s.name),
    kind: s.isReserved ? 'reserved' : 'ga',
    capacity: s.capacity,
    zoneId: s.zone === null || s.zone === undefined ? null : (zoneIdByCode.get(s.zone) ?? null),
    shape: outline
      ? { type: 'polygon', points: outline.map(([x, y]) => ({ x, y })) }
      : { type: 'rect', x: box.x, y: box.y, width: box.width, height: box.height, rotate: box.rotate },
    frame: outline ? { ...box } : null,
    groups: s.groups.map((g) => ({ code: g.code, name: g.name })),
    rows,
  };
}

function importSeat(seat: VenueSeat, box: SectionBox, id: string, zoneIdByCode: Map<string, string>): DesignerSeat {
  const centre = seatPlanCentre(box, seat);
  return {
    id,
    label: seat.name,
    cx: centre.x,
    cy: centre.y,
    width: (seat.widthPercent / 100) * box.width,
    height: (seat.heightPercent / 100) * box.height,
    rotate: box.rotate + (seat.rotate ?? 0),
    zoneId: zoneIdByCode.get(seat.zone) ?? null,
    features: [...(seat.features ?? [])],
    together: seat.together ?? null,
    identity: { x: seat.x, y: seat.y },
  };
}

/** The plan as the JSON text a save sends (defaults left out, as the tools write files). */
export function planToJson(plan: DesignerPlan): string {
  return JSON.stringify(toVenueJson(toVenueDocument(plan)));
}

/**
 * The plan as a venue document. Does not check it: validateVenue (and validatePlan for what only the designer knows)
 * say what is wrong. A seat without a zone gets zone '' and an unlabeled seat the name '', which the format refuses.
 */
export function toVenueDocument(
  plan: DesignerPlan,
  /** Told each seat's identity in the document (the designer's canvas maps drawn seats back to its own). */
  onSeat?: (sectionIndex: number, seat: DesignerSeat, identity: { x: number; y: number }) => void,
): VenueDocument {
  const zoneCodeById = new Map(plan.zones.map((z) => [z.id, z.code] as const));
  const doc: VenueDocument = {
    formatVersion: VENUE_FORMAT_VERSION,
    code: plan.venueCode,
    name: localizedFromNames(plan.venueName),
    location: { code: plan.location.code, name: { ...plan.location.name }, businessId: plan.location.businessId },
    seatplan: {
      code: plan.planCode,
      name: localizedFromNames(plan.planName),
      width: plan.width,
      height: plan.height,
      stage: plan.stage
        ? {
            x: plan.stage.x,
            y: plan.stage.y,
            width: plan.stage.width,
            height: plan.stage.height,
            label: localizedFromNames(plan.stage.label),
          }
        : null,
      focalPoint: plan.focalPoint ? { x: plan.focalPoint.x, y: plan.focalPoint.y } : null,
    },
    zones: plan.zones.map((z) => ({ code: z.code, name: localizedFromNames(z.name), color: z.color })),
    sections: plan.sections.map((s, si) =>
      exportSection(s, zoneCodeById, onSeat && ((seat, identity) => onSeat(si, seat, identity))),
    ),
  };
  const decor = exportDecor(plan);
  if (decor) doc.decor = decor;
  return doc;
}

function exportSection(
  s: DesignerSection,
  zoneCodeById: Map<string, string>,
  onSeat?: (seat: DesignerSeat, identity: { x: number; y: number }) => void,
): VenueSection {
  const box = sectionBox(s);
  const outline = s.shape.type === 'rect' && sameBox(box, s.shape) ? null : shapeOutline(s.shape);
  const rowsByGroup = new Map<string, DesignerRow[]>();
  for (const g of s.groups) rowsByGroup.set(g.code, []);
  for (const row of s.rows) {
    if (row.seats.length === 0) continue; // the format has no empty rows
    let list = rowsByGroup.get(row.group);
    if (!list) rowsByGroup.set(row.group, (list = []));
    list.push(row);
  }
  const identities = assignIdentities(s);
  if (onSeat) for (const [seat, identity] of identities) onSeat(seat, identity);
  const groupName = new Map(s.groups.map((g) => [g.code, g.name] as const));
  const groups: VenueSeatGroup[] = [];
  for (const [code, rows] of rowsByGroup) {
    if (rows.length === 0) continue;
    groups.push({
      code,
      name: groupName.get(code) ?? code,
      rows: rows.map((row) => ({
        name: row.label,
        seats: row.seats.map((seat) => exportSeat(seat, box, identities.get(seat)!, zoneCodeById)),
      })),
    });
  }
  const reserved = s.kind === 'reserved';
  return {
    code: s.code,
    name: localizedFromNames(s.name),
    isReserved: reserved,
    capacity: reserved ? null : s.capacity,
    zone: reserved || s.zoneId === null ? null : (zoneCodeById.get(s.zoneId) ?? null),
    box,
    outline: outline ? outline.map((p) => [r3(p.x), r3(p.y)] as [number, number]) : null,
    groups: reserved ? groups : [],
  };
}

function exportSeat(
  seat: DesignerSeat,
  box: SectionBox,
  identity: { x: number; y: number },
  zoneCodeById: Map<string, string>,
): VenueSeat {
  const local = toBoxLocal(box, seat.cx, seat.cy);
  let rotate = r3(seat.rotate - box.rotate);
  if (rotate <= -360 || rotate >= 360) rotate = r3(rotate % 360);
  return {
    x: identity.x,
    y: identity.y,
    name: seat.label,
    xOffsetPercent: r3(((local.x - seat.width / 2) / box.width) * 100),
    yOffsetPercent: r3(((local.y - seat.height / 2) / box.height) * 100),
    widthPercent: r3((seat.width / box.width) * 100),
    heightPercent: r3((seat.height / box.height) * 100),
    rotate,
    zone: seat.zoneId === null ? '' : (zoneCodeById.get(seat.zoneId) ?? ''),
    features: [...seat.features],
    together: seat.together,
  };
}

/** A plan point in the unrotated box's own frame (origin at its top-left corner). */
function toBoxLocal(box: SectionBox, x: number, y: number): PlanPoint {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const p = turn(x, y, cx, cy, -box.rotate);
  return { x: p.x - box.x, y: p.y - box.y };
}

function sameBox(a: SectionBox, b: SectionBox): boolean {
  return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height && a.rotate === b.rotate;
}

function seatsFit(box: SectionBox, s: DesignerSection): boolean {
  for (const row of s.rows) {
    for (const seat of row.seats) {
      const p = toBoxLocal(box, seat.cx, seat.cy);
      if (
        p.x - seat.width / 2 < -FIT_SLACK ||
        p.y - seat.height / 2 < -FIT_SLACK ||
        p.x + seat.width / 2 > box.width + FIT_SLACK ||
        p.y + seat.height / 2 > box.height + FIT_SLACK
      ) {
        return false;
      }
    }
  }
  return true;
}

/**
 * The box the section's seats are stored against: a rectangle section's own rectangle, else the imported box, as
 * long as every seat still fits it; otherwise the smallest box (turned like the section) around the shape and seats.
 */
export function sectionBox(s: DesignerSection): SectionBox {
  const shape = s.shape;
  const preferred: SectionBox | null =
    shape.type === 'rect'
      ? { x: shape.x, y: shape.y, width: shape.width, height: shape.height, rotate: shape.rotate }
      : s.frame
        ? { ...s.frame }
        : null;
  if (preferred && preferred.width > 0 && preferred.height > 0 && seatsFit(preferred, s)) return preferred;
  const rotate = preferred?.rotate ?? 0;
  // Bounds in a frame turned by `rotate` about the origin, then the box centre turned back.
  const pts: PlanPoint[] = shapeOutline(shape).map((p) => turn(p.x, p.y, 0, 0, -rotate));
  for (const row of s.rows) {
    for (const seat of row.seats) {
      const c = turn(seat.cx, seat.cy, 0, 0, -rotate);
      pts.push({ x: c.x - seat.width / 2, y: c.y - seat.height / 2 });
      pts.push({ x: c.x + seat.width / 2, y: c.y + seat.height / 2 });
    }
  }
  const b = boundsOf(pts);
  const minX = Math.floor((b.minX - FIT_MARGIN) * 100) / 100;
  const minY = Math.floor((b.minY - FIT_MARGIN) * 100) / 100;
  const width = Math.max(0.01, Math.ceil((b.maxX + FIT_MARGIN - minX) * 100) / 100);
  const height = Math.max(0.01, Math.ceil((b.maxY + FIT_MARGIN - minY) * 100) / 100);
  const centre = turn(minX + width / 2, minY + height / 2, 0, 0, rotate);
  return { x: r3(centre.x - width / 2), y: r3(centre.y - height / 2), width, height, rotate };
}

/**
 * Seat identities (the format's x/y) for one section: kept where a seat has one and it is not taken yet; a new or
 * copied seat gets y = its row's place in the section, x = the next free column in that row.
 */
function assignIdentities(s: DesignerSection): Map<DesignerSeat, { x: number; y: number }> {
  const out = new Map<DesignerSeat, { x: number; y: number }>();
  const used = new Set<string>();
  const pending: { seat: DesignerSeat; rowIndex: number }[] = [];
  s.rows.forEach((row, rowIndex) => {
    for (const seat of row.seats) {
      const id = seat.identity;
      const key = id ? `${id.x},${id.y}` : '';
      if (id && !used.has(key)) {
        used.add(key);
        out.set(seat, { x: id.x, y: id.y });
      } else pending.push({ seat, rowIndex });
    }
  });
  const nextX = new Map<number, number>();
  for (const { seat, rowIndex } of pending) {
    const y = rowIndex + 1;
    let x = nextX.get(y) ?? 1;
    while (used.has(`${x},${y}`)) x++;
    used.add(`${x},${y}`);
    nextX.set(y, x + 1);
    out.set(seat, { x, y });
  }
  return out;
}
