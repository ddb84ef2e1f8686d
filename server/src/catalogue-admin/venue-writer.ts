import type { EntityManager } from 'typeorm';
import { sectionTransform, seatCentreOnPlan, type VenueKind } from '@hotline/shared';
import { apiDecorOf, apiStageOf, type LocalizedName, type VenueDocument } from '@hotline/seatmaps';

/**
 * The one way venues and seat plans get into the database: the back office's screens
 * (VenueAdminRepository) and the demo seed both write through these, inside the caller's transaction. Knows the
 * tables; knows nothing of who may call it.
 */

/** Russian and Arabic for an English name, when someone has them (the demo's table); empty otherwise. */
export type Translate = (english: string) => { ru: string; ar: string } | null;

const noTranslation: Translate = () => null;

export interface FourNames {
  he: string;
  en: string;
  ru: string;
  ar: string;
}

export interface VenueRow {
  /** The building: an existing location of the business, or a new one (its code is unique). */
  location: { id: number } | { businessId: number; code: string; name: FourNames; address: string };
  code: string;
  name: FourNames;
  kind: VenueKind;
}

export interface WrittenVenue {
  locationId: number;
  venueId: number;
}

/** The `translations` value of a named row: Russian and Arabic where given (an empty one is left out). */
export function translatedNames(name: FourNames): Record<string, { name: string }> {
  const out: Record<string, { name: string }> = {};
  if (name.ru.trim()) out.ru = { name: name.ru };
  if (name.ar.trim()) out.ar = { name: name.ar };
  return out;
}

export async function insertVenue(tx: EntityManager, v: VenueRow): Promise<WrittenVenue> {
  let locationId: number;
  if ('id' in v.location) locationId = v.location.id;
  else {
    const l = v.location;
    const [location] = await tx.query(
      `INSERT INTO location (business_id, code, name, name_en, translations, address) VALUES ($1,$2,$3,$4,$5,$6)
       ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [l.businessId, l.code, l.name.he, l.name.en, JSON.stringify(translatedNames(l.name)), l.address],
    );
    locationId = Number(location.id);
  }
  const [venue] = await tx.query(
    'INSERT INTO venue (location_id, code, name, name_en, translations, kind) VALUES ($1,$2,$3,$4,$5,$6) RETURNING id',
    [locationId, v.code, v.name.he, v.name.en, JSON.stringify(translatedNames(v.name)), v.kind],
  );
  return { locationId, venueId: Number(venue.id) };
}

export interface SeatPlanWrite {
  venueId: number;
  doc: VenueDocument;
  version: number;
  /** Published now (the seed's plans, sold at once) or a draft (an upload, published later). */
  published: boolean;
  /** Keep the uploaded document with the version (the back office's preview and designer read it). */
  keepDocument: boolean;
  translate?: Translate;
}

export interface WrittenSeatPlan {
  seatplanId: number;
  seatCount: number;
  zoneIds: Map<string, number>;
}

/** A new seat-plan version row and its zones, sections, groups and seats. */
export async function insertSeatPlan(tx: EntityManager, w: SeatPlanWrite): Promise<WrittenSeatPlan> {
  const sp = w.doc.seatplan;
  const [seatplan] = await tx.query(
    `INSERT INTO seatplan (venue_id, code, name, name_en, width, height, stage, focal_point, decor, version,
                           published_at, document, translations, seat_count)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10, CASE WHEN $11 THEN now() END, $12, $13, $14) RETURNING id`,
    [
      w.venueId,
      sp.code,
      sp.name.he,
      sp.name.en,
      sp.width,
      sp.height,
      ...planColumns(w.doc, w.translate ?? noTranslation),
      w.version,
      w.published,
      w.keepDocument ? JSON.stringify(w.doc) : null,
      JSON.stringify(namesOf(sp.name, w.translate ?? noTranslation)),
      seatCountOf(w.doc),
    ],
  );
  const seatplanId = Number(seatplan.id);
  // A draft kept as its document gets its seats when published (materialiseSeatPlan); the others are whole at once.
  const contents: Contents = !w.published && w.keepDocument ? 'frame' : 'all';
  return {
    seatplanId,
    ...(await insertPlanContents(tx, seatplanId, w.doc, w.translate ?? noTranslation, contents)),
  };
}

/**
 * A draft's document replaced (the row keeps its id, version and venue). Its zones and sections are written again (the
 * lists count them); its groups and seats are not: nothing reads a draft's seats (dates sell published versions only,
 * the designer and the preview read the document), so a save of 100,000 seats writes one row and a few hundred, and
 * publishing writes the seats (materialiseSeatPlan).
 */
export async function replaceDraftSeatPlan(
  tx: EntityManager,
  seatplanId: number,
  doc: VenueDocument,
): Promise<WrittenSeatPlan> {
  await deletePlanContents(tx, seatplanId);
  const sp = doc.seatplan;
  await tx.query(
    `UPDATE seatplan SET code = $2, name = $3, name_en = $4, width = $5, height = $6, stage = $7, focal_point = $8,
            decor = $9, document = $10, translations = $11, seat_count = $12, revision = revision + 1
      WHERE id = $1 AND published_at IS NULL`,
    [
      seatplanId,
      sp.code,
      sp.name.he,
      sp.name.en,
      sp.width,
      sp.height,
      ...planColumns(doc, noTranslation),
      JSON.stringify(doc),
      JSON.stringify(namesOf(sp.name, noTranslation)),
      seatCountOf(doc),
    ],
  );
  return { seatplanId, ...(await insertPlanContents(tx, seatplanId, doc, noTranslation, 'frame')) };
}

/**
 * A draft's rows made whole from its document as it is published (in the publishing transaction, before the plan is
 * marked published): zones, sections, groups and seats, as a published version has them.
 */
export async function materialiseSeatPlan(
  tx: EntityManager,
  seatplanId: number,
  doc: VenueDocument,
): Promise<WrittenSeatPlan> {
  await deletePlanContents(tx, seatplanId);
  return { seatplanId, ...(await insertPlanContents(tx, seatplanId, doc, noTranslation, 'all')) };
}

/** A draft's rows gone (children first: seats name groups, sections and zones; groups name sections; sections zones). */
async function deletePlanContents(tx: EntityManager, seatplanId: number): Promise<void> {
  // A draft saved before drafts were kept as documents alone still has seats.
  await tx.query('DELETE FROM seat WHERE seatplan_id = $1', [seatplanId]);
  await tx.query('DELETE FROM seat_group WHERE section_id IN (SELECT id FROM section WHERE seatplan_id = $1)', [
    seatplanId,
  ]);
  await tx.query('DELETE FROM section WHERE seatplan_id = $1', [seatplanId]);
  await tx.query('DELETE FROM zone WHERE seatplan_id = $1', [seatplanId]);
}

/**
 * The Russian and Arabic of a name as stored beside it: those the file gives, else what `translate` knows of its
 * English (the demo seed's dictionary; an upload has none).
 */
function namesOf(name: LocalizedName, translate: Translate): Record<string, { name: string }> {
  const t = translate(name.en);
  return translatedNames({ he: name.he, en: name.en, ru: name.ru ?? t?.ru ?? '', ar: name.ar ?? t?.ar ?? '' });
}

/**
 * stage, focal_point and decor as stored: the stage label in four languages and the decor's shapes and texts (no
 * floor-plan image), as the storefront's API carries them.
 */
function planColumns(doc: VenueDocument, translate: Translate): [string | null, string | null, string | null] {
  const sp = doc.seatplan;
  const stage = apiStageOf(sp.stage, translate);
  const decor = apiDecorOf(doc.decor);
  return [
    stage ? JSON.stringify(stage) : null,
    sp.focalPoint ? JSON.stringify(sp.focalPoint) : null,
    decor ? JSON.stringify(decor) : null,
  ];
}

/** Seats in a document (the plan row carries the count, written with it). */
function seatCountOf(doc: VenueDocument): number {
  let n = 0;
  for (const section of doc.sections)
    for (const group of section.groups) for (const row of group.rows) n += row.seats.length;
  return n;
}

/** Seats per INSERT: 100,000 seats in five statements (each statement's parent check runs once for its slice). */
const SEAT_SLICE = 20_000;

/** What of a plan gets rows: all of it, or its frame (zones and sections: a draft, whose seats live in its document). */
type Contents = 'all' | 'frame';

/**
 * The plan's zones, sections, groups and seats, in a fixed number of statements whatever their number: the rows' ids
 * are drawn from their sequences first (one round trip), so the children name their parents without a statement per
 * parent (a stadium has a hundred sections and as many groups: two hundred round trips, most of a save's wait on a
 * busy machine).
 */
async function insertPlanContents(
  tx: EntityManager,
  seatplanId: number,
  doc: VenueDocument,
  translate: Translate,
  contents: Contents,
): Promise<Omit<WrittenSeatPlan, 'seatplanId'>> {
  const groups =
    contents === 'all'
      ? doc.sections.flatMap((section, s) => section.groups.map((group, order) => ({ group, s, order })))
      : [];
  const [ids] = await tx.query(
    `SELECT ARRAY(SELECT nextval(pg_get_serial_sequence('zone', 'id'))::int FROM generate_series(1, $1)) AS zones,
            ARRAY(SELECT nextval(pg_get_serial_sequence('section', 'id'))::int FROM generate_series(1, $2)) AS sections,
            ARRAY(SELECT nextval(pg_get_serial_sequence('seat_group', 'id'))::int FROM generate_series(1, $3)) AS groups`,
    [doc.zones.length, doc.sections.length, groups.length],
  );
  const zoneIdList = (ids.zones as number[]).map(Number);
  const sectionIds = (ids.sections as number[]).map(Number);
  const groupIds = (ids.groups as number[]).map(Number);
  const zoneIds = new Map(doc.zones.map((zone, i) => [zone.code, zoneIdList[i]!]));
  if (doc.zones.length)
    await tx.query(
      `INSERT INTO zone (id, seatplan_id, code, name, name_en, color, translations)
       SELECT id, $1, code, name, name_en, color, translations::jsonb
         FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
              AS z(id, code, name, name_en, color, translations)`,
      [
        seatplanId,
        zoneIdList,
        doc.zones.map((z) => z.code),
        doc.zones.map((z) => z.name.he),
        doc.zones.map((z) => z.name.en),
        doc.zones.map((z) => z.color),
        doc.zones.map((z) => JSON.stringify(namesOf(z.name, translate))),
      ],
    );
  if (doc.sections.length)
    await tx.query(
      `INSERT INTO section (id, seatplan_id, code, name, name_en, is_reserved, capacity, zone_id, x, y, width, height,
                           rotate, outline, sort_order, translations)
       SELECT id, $1, code, name, name_en, is_reserved, capacity, zone_id, x, y, width, height, rotate,
              outline::jsonb, sort_order, translations::jsonb
         FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::int[], $8::int[], $9::real[],
                     $10::real[], $11::real[], $12::real[], $13::real[], $14::text[], $15::int[], $16::text[])
              AS s(id, code, name, name_en, is_reserved, capacity, zone_id, x, y, width, height, rotate, outline,
                   sort_order, translations)`,
      [
        seatplanId,
        sectionIds,
        doc.sections.map((s) => s.code),
        doc.sections.map((s) => s.name.he),
        doc.sections.map((s) => s.name.en),
        doc.sections.map((s) => s.isReserved),
        doc.sections.map((s) => s.capacity),
        doc.sections.map((s) => (s.zone ? (zoneIds.get(s.zone) ?? null) : null)),
        doc.sections.map((s) => s.box.x),
        doc.sections.map((s) => s.box.y),
        doc.sections.map((s) => s.box.width),
        doc.sections.map((s) => s.box.height),
        doc.sections.map((s) => s.box.rotate),
        doc.sections.map((s) => (s.outline ? JSON.stringify(s.outline) : null)),
        doc.sections.map((_, i) => i),
        doc.sections.map((s) => JSON.stringify(namesOf(s.name, translate))),
      ],
    );
  if (groups.length)
    await tx.query(
      `INSERT INTO seat_group (id, section_id, code, name, sort_order)
       SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::int[])`,
      [
        groupIds,
        groups.map((g) => sectionIds[g.s]!),
        groups.map((g) => g.group.code),
        groups.map((g) => g.group.name),
        groups.map((g) => g.order),
      ],
    );
  const cols = {
    section: [] as number[],
    group: [] as number[],
    x: [] as number[],
    y: [] as number[],
    row: [] as string[],
    name: [] as string[],
    rowOrder: [] as number[],
    xo: [] as number[],
    yo: [] as number[],
    w: [] as number[],
    h: [] as number[],
    rot: [] as number[],
    px: [] as number[],
    py: [] as number[],
    zone: [] as number[],
    features: [] as string[],
    together: [] as (number | null)[],
  };
  groups.forEach(({ group, s }, g) => {
    const section = doc.sections[s]!;
    const box = {
      SeatplanX: section.box.x,
      SeatplanY: section.box.y,
      Width: section.box.width,
      Height: section.box.height,
      RotateAngle: section.box.rotate,
    };
    const transform = sectionTransform(box);
    group.rows.forEach((row, rowIndex) => {
      for (const seat of row.seats) {
        const centre = seatCentreOnPlan(
          box,
          {
            XOffsetPercent: seat.xOffsetPercent,
            YOffsetPercent: seat.yOffsetPercent,
            WidthPercent: seat.widthPercent,
            HeightPercent: seat.heightPercent,
            RotateAngle: seat.rotate,
          },
          transform,
        );
        cols.section.push(sectionIds[s]!);
        cols.group.push(groupIds[g]!);
        cols.x.push(seat.x);
        cols.y.push(seat.y);
        cols.row.push(row.name);
        cols.name.push(seat.name);
        cols.rowOrder.push(rowIndex);
        cols.xo.push(seat.xOffsetPercent);
        cols.yo.push(seat.yOffsetPercent);
        cols.w.push(seat.widthPercent);
        cols.h.push(seat.heightPercent);
        cols.rot.push(seat.rotate);
        cols.px.push(Math.round(centre.x * 100) / 100);
        cols.py.push(Math.round(centre.y * 100) / 100);
        cols.zone.push(zoneIds.get(seat.zone)!);
        cols.features.push(`{${seat.features.join(',')}}`);
        cols.together.push(seat.together);
      }
    });
  });
  // unnest() inserts in big slices: 100,000 seats in a few statements instead of 100,000. The features go as the
  // text of a smallint[] each (unnest cannot take a ragged smallint[][]), cast row by row in the same statement.
  for (let i = 0; i < cols.section.length; i += SEAT_SLICE) {
    const part = <T>(a: T[]) => a.slice(i, i + SEAT_SLICE);
    await tx.query(
      `INSERT INTO seat (seatplan_id, section_id, group_id, x, y, row_name, seat_name, row_order, x_offset_percent,
                         y_offset_percent, width_percent, height_percent, rotate, plan_x, plan_y, zone_id, features,
                         together_id)
       SELECT $1, s, g, x, y, r, n, o, xo, yo, w, h, rot, px, py, z, f::smallint[], t
         FROM unnest($2::int[], $3::int[], $4::int[], $5::int[], $6::text[], $7::text[], $8::int[], $9::real[],
                     $10::real[], $11::real[], $12::real[], $13::real[], $14::real[], $15::real[], $16::int[],
                     $17::text[], $18::int[])
              AS u(s, g, x, y, r, n, o, xo, yo, w, h, rot, px, py, z, f, t)`,
      [
        seatplanId,
        part(cols.section),
        part(cols.group),
        part(cols.x),
        part(cols.y),
        part(cols.row),
        part(cols.name),
        part(cols.rowOrder),
        part(cols.xo),
        part(cols.yo),
        part(cols.w),
        part(cols.h),
        part(cols.rot),
        part(cols.px),
        part(cols.py),
        part(cols.zone),
        part(cols.features),
        part(cols.together),
      ],
    );
  }
  return { seatCount: seatCountOf(doc), zoneIds };
}
