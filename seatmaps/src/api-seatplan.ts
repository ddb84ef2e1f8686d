/**
 * A venue document as the storefront receives it (ApiSeatplan, GET /api/seats/seatplan), without a database: the
 * designer draws a draft through the storefront's own renderer with it, so what staff see is what buyers will see.
 * The numbers are the server's (venue-writer stores the same seat centres, rounded to 2 decimals, and the same
 * stage); the ids are made up: sections, groups and zones are numbered 1.. in file order, VenueId and
 * VenueSeatplanId are the `ids` given (0 by default).
 */
import {
  sectionTransform,
  seatCentreOnPlan,
  type ApiDecorLabel,
  type ApiSeat,
  type ApiSeatplan,
  type ApiSeatplanDecor,
  type ApiSection,
} from '@hotline/shared';
import type { LocalizedName, VenueDecor, VenueDocument, VenueStage } from './format';

const { round } = Math;
const r2 = (v: number): number => round(v * 100) / 100;

/** The stage as the API (and the seatplan.stage column) carries it: the label in four languages. */
export function apiStageOf(
  stage: VenueStage | null,
  translate: (english: string) => { ru: string; ar: string } | null = () => null,
): ApiSeatplan['Stage'] {
  if (!stage) return null;
  return {
    x: stage.x,
    y: stage.y,
    width: stage.width,
    height: stage.height,
    label: stage.label.he,
    labelEn: stage.label.en,
    labelRu: stage.label.ru ?? translate(stage.label.en)?.ru ?? null,
    labelAr: stage.label.ar ?? translate(stage.label.en)?.ar ?? null,
  };
}

function apiLabelOf(name: LocalizedName): ApiDecorLabel {
  return { he: name.he, en: name.en, ru: name.ru ?? null, ar: name.ar ?? null };
}

/**
 * The decor as buyers' maps draw it (ApiSeatplan.Decor and the seatplan.decor column): the shapes and texts, copied
 * field by field so nothing else the document carries rides along. The floor-plan image is left out: it is the
 * designer's tracing aid, not part of the hall. Null when there is nothing to draw.
 */
export function apiDecorOf(decor: VenueDecor | undefined): ApiSeatplanDecor | null {
  const shapes = (decor?.shapes ?? [])
    .filter((s) => s.points.length >= 2)
    .map((s) => ({
      kind: s.kind,
      points: s.points.map(([x, y]): [number, number] => [x, y]),
      rotate: s.rotate,
      fill: s.fill,
      stroke: s.stroke,
      label: s.label ? apiLabelOf(s.label) : null,
    }));
  const texts = (decor?.texts ?? []).map((t) => ({
    x: t.x,
    y: t.y,
    text: apiLabelOf(t.text),
    fontSize: t.fontSize,
    rotate: t.rotate,
  }));
  return shapes.length || texts.length ? { shapes, texts } : null;
}

export function venueDocumentToApiSeatplan(
  doc: VenueDocument,
  ids: { venueId?: number; seatplanId?: number } = {},
): ApiSeatplan {
  const venueId = ids.venueId ?? 0;
  const seatplanId = ids.seatplanId ?? 0;
  const zoneIds = new Map<string, number>();
  const zones = doc.zones.map((z, i) => {
    zoneIds.set(z.code, i + 1);
    return { ZoneId: i + 1, Code: z.code, Name: z.name.he, NameEn: z.name.en, Color: z.color };
  });
  let groupId = 0;
  const sections: ApiSection[] = doc.sections.map((s, si) => {
    const sectionId = si + 1;
    const box = {
      SeatplanX: s.box.x,
      SeatplanY: s.box.y,
      Width: s.box.width,
      Height: s.box.height,
      RotateAngle: s.box.rotate,
    };
    const transform = sectionTransform(box);
    return {
      VenueSectionId: sectionId,
      SectionName: s.name.he,
      SectionNameEn: s.name.en,
      SectionNameRu: s.name.ru ?? null,
      SectionNameAr: s.name.ar ?? null,
      IsReserved: s.isReserved,
      Capacity: s.capacity,
      ZoneId: s.zone ? (zoneIds.get(s.zone) ?? null) : null,
      ...box,
      Outline: s.outline ?? null,
      groups: s.groups.map((g) => {
        const gid = ++groupId;
        return {
          VenueSectionSeatGroupId: gid,
          GroupName: g.name,
          rows: g.rows.map((row) => ({
            RowName: row.name,
            seats: row.seats.map((seat): ApiSeat => {
              const geometry = {
                XOffsetPercent: seat.xOffsetPercent,
                YOffsetPercent: seat.yOffsetPercent,
                WidthPercent: seat.widthPercent,
                HeightPercent: seat.heightPercent,
                RotateAngle: seat.rotate ?? 0,
              };
              const centre = seatCentreOnPlan(box, geometry, transform);
              return {
                VenueId: venueId,
                VenueSeatplanId: seatplanId,
                VenueSectionId: sectionId,
                VenueSectionSeatGroupId: gid,
                TicketGroupId: zoneIds.get(seat.zone) ?? 0,
                XCoordinate: seat.x,
                YCoordinate: seat.y,
                ...geometry,
                RowName: row.name,
                SeatName: seat.name,
                SectionName: s.name.he,
                SeatplanX: r2(centre.x),
                SeatplanY: r2(centre.y),
                features: [...(seat.features ?? [])],
                togetherId: seat.together ?? null,
              };
            }),
          })),
        };
      }),
    };
  });
  return {
    VenueId: venueId,
    VenueSeatplanId: seatplanId,
    Name: doc.seatplan.name.he,
    NameEn: doc.seatplan.name.en,
    Width: doc.seatplan.width,
    Height: doc.seatplan.height,
    Stage: apiStageOf(doc.seatplan.stage),
    FocalPoint: doc.seatplan.focalPoint,
    Zones: zones,
    sections,
    Decor: apiDecorOf(doc.decor),
  };
}
