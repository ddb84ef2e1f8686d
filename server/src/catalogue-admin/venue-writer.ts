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
                           published_at, document, translations)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10, CASE WHEN $11 THEN now() END, $12, $13) RETURNING id`,
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
    ],
  );
  const seatplanId = Number(seatplan.id);
  return { seatplanId, ...(await insertPlanContents(tx, seatplanId, w.doc, w.translate ?? noTranslation)) };
}

/** A draft's contents replaced by a new document (the row keeps its id, version and venue). */
export async function replaceDraftSeatPlan(
  tx: EntityManager,
  seatplanId: number,
  doc: VenueDocument,
): Promise<WrittenSeatPlan> {
  // Children first: seats name groups, sections and zones; groups name sections; sections name zones.
  await tx.query('DELETE FROM seat WHERE seatplan_id = $1', [seatplanId]);
  await tx.query('DELETE FROM seat_group WHERE section_id IN (SELECT id FROM section WHERE seatplan_id = $1)', [
    seatplanId,
  ]);
  await tx.query('DELETE FROM section WHERE seatplan_id = $1', [seatplanId]);
  await tx.query('DELETE FROM zone WHERE seatplan_id = $1', [seatplanId]);
  const sp = doc.seatplan;
  await tx.query(
    `UPDATE seatplan SET code = $2, name = $3, name_en = $4, width = $5, height = $6, stage = $7, focal_point = $8,
            decor = $9, document = $10, translations = $11, revision = revision + 1
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
    ],
  );
  return { seatplanId, ...(await insertPlanContents(tx, seatplanId, doc, noTranslation)) };
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

async function insertPlanContents(
  tx: EntityManager,
  seatplanId: number,
  doc: VenueDocument,
  translate: Translate,
): Promise<Omit<WrittenSeatPlan, 'seatplanId'>> {
  const zoneIds = new Map<string, number>();
  for (const zone of doc.zones) {
    const [z] = await tx.query(
      `INSERT INTO zone (seatplan_id, code, name, name_en, color, translations) VALUES ($1,$2,$3,$4,$5,$6)
       RETURNING id`,
      [seatplanId, zone.code, zone.name.he, zone.name.en, zone.color, JSON.stringify(namesOf(zone.name, translate))],
    );
    zoneIds.set(zone.code, Number(z.id));
  }
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
  let sectionOrder = 0;
  for (const section of doc.sections) {
    const [s] = await tx.query(
      `INSERT INTO section (seatplan_id, code, name, name_en, is_reserved, capacity, zone_id, x, y, width, height, rotate, outline, sort_order, translations)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15) RETURNING id`,
      [
        seatplanId,
        section.code,
        section.name.he,
        section.name.en,
        section.isReserved,
        section.capacity,
        section.zone ? (zoneIds.get(section.zone) ?? null) : null,
        section.box.x,
        section.box.y,
        section.box.width,
        section.box.height,
        section.box.rotate,
        section.outline ? JSON.stringify(section.outline) : null,
        sectionOrder++,
        JSON.stringify(namesOf(section.name, translate)),
      ],
    );
    const box = {
      SeatplanX: section.box.x,
      SeatplanY: section.box.y,
      Width: section.box.width,
      Height: section.box.height,
      RotateAngle: section.box.rotate,
    };
    const transform = sectionTransform(box);
    let groupOrder = 0;
    for (const group of section.groups) {
      const [g] = await tx.query(
        'INSERT INTO seat_group (section_id, code, name, sort_order) VALUES ($1,$2,$3,$4) RETURNING id',
        [s.id, group.code, group.name, groupOrder++],
      );
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
          cols.section.push(s.id);
          cols.group.push(g.id);
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
    }
  }
  // unnest() inserts in big slices: 100,000 seats in a few statements instead of 100,000.
  const SLICE = 20_000;
  for (let i = 0; i < cols.section.length; i += SLICE) {
    const part = <T>(a: T[]) => a.slice(i, i + SLICE);
    await tx.query(
      `INSERT INTO seat (seatplan_id, section_id, group_id, x, y, row_name, seat_name, row_order, x_offset_percent, y_offset_percent,
                         width_percent, height_percent, rotate, plan_x, plan_y, zone_id, together_id)
       SELECT $1, * FROM unnest($2::int[], $3::int[], $4::int[], $5::int[], $6::text[], $7::text[], $8::int[], $9::real[], $10::real[],
                               $11::real[], $12::real[], $13::real[], $14::real[], $15::real[], $16::int[], $17::int[])`,
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
        part(cols.together),
      ],
    );
  }
  // Features go in a second pass: unnest cannot take a ragged smallint[][] column.
  const withFeatures = cols.features.map((f, i) => [i, f] as const).filter(([, f]) => f !== '{}');
  if (withFeatures.length) {
    await tx.query(
      `UPDATE seat SET features = v.features::smallint[]
         FROM unnest($2::int[], $3::int[], $4::int[], $5::text[]) AS v(section_id, x, y, features)
        WHERE seat.seatplan_id = $1 AND seat.section_id = v.section_id AND seat.x = v.x AND seat.y = v.y`,
      [
        seatplanId,
        withFeatures.map(([i]) => cols.section[i]),
        withFeatures.map(([i]) => cols.x[i]),
        withFeatures.map(([i]) => cols.y[i]),
        withFeatures.map(([, f]) => f),
      ],
    );
  }
  await tx.query('UPDATE seatplan SET seat_count = $2 WHERE id = $1', [seatplanId, cols.section.length]);
  return { seatCount: cols.section.length, zoneIds };
}
