import { seatCentreOnPlan, sectionTransform } from '../geometry/section';
import type { ApiSeat, ApiSeatplan, ApiSection } from './seatplan';

/**
 * The seat plan in columns: GET /api/seats/seatplan?format=columnar.
 *
 * Same content as ApiSeatplan, but the seats are one array per field instead
 * of one object per seat. At 100,000 seats the nested form is ~38 MB of JSON
 * whose parse alone (~200-600 ms) blows a first-frame budget; in columns it is
 * a few MB of number arrays that parse in tens of milliseconds and feed typed
 * arrays directly. Sections, groups and rows keep their objects (they are few);
 * a row carries its seat COUNT, and seats follow in section -> group -> row
 * order, so row r's seats are the next `count` entries of every column.
 *
 * Left out because a reader derives them: per-seat VenueId, VenueSeatplanId,
 * VenueSectionId, VenueSectionSeatGroupId, RowName, SectionName (from the
 * enclosing objects) and SeatplanX/SeatplanY (from the geometry, see
 * fromColumnarSeatplan).
 */
export const COLUMNAR_SEATPLAN_FORMAT = 'columnar-v1' as const;

export interface ColumnarRow {
  RowName: string;
  count: number;
}

export interface ColumnarGroup {
  VenueSectionSeatGroupId: number;
  GroupName: string;
  rows: ColumnarRow[];
}

export type ColumnarSection = Omit<ApiSection, 'groups'> & { groups: ColumnarGroup[] };

export interface ColumnarSeats {
  count: number;
  /** XCoordinate, YCoordinate */
  x: number[];
  y: number[];
  /** XOffsetPercent, YOffsetPercent, WidthPercent, HeightPercent, RotateAngle */
  xo: number[];
  yo: number[];
  w: number[];
  h: number[];
  rot: number[];
  /** TicketGroupId (the plan's price zone) */
  zone: number[];
  /** SeatName */
  name: string[];
  /** Index into featureSets (the seat's feature codes). */
  f: number[];
  /** togetherId (couch, bed), null for none. */
  together: (number | null)[];
}

export interface ColumnarSeatplan extends Omit<ApiSeatplan, 'sections'> {
  format: typeof COLUMNAR_SEATPLAN_FORMAT;
  sections: ColumnarSection[];
  /** Distinct feature-code lists; seats point into it. */
  featureSets: number[][];
  seats: ColumnarSeats;
}

export function isColumnarSeatplan(plan: unknown): plan is ColumnarSeatplan {
  return typeof plan === 'object' && plan !== null && (plan as { format?: unknown }).format === COLUMNAR_SEATPLAN_FORMAT;
}

export function toColumnarSeatplan(plan: ApiSeatplan): ColumnarSeatplan {
  const seats: ColumnarSeats = { count: 0, x: [], y: [], xo: [], yo: [], w: [], h: [], rot: [], zone: [], name: [], f: [], together: [] };
  const featureSets: number[][] = [[]];
  const setIndex = new Map<string, number>([['', 0]]);
  const sections: ColumnarSection[] = plan.sections.map((section) => {
    const { groups, ...meta } = section;
    return {
      ...meta,
      groups: groups.map((g) => ({
        VenueSectionSeatGroupId: g.VenueSectionSeatGroupId,
        GroupName: g.GroupName,
        rows: g.rows.map((row) => {
          for (const seat of row.seats) {
            seats.x.push(seat.XCoordinate);
            seats.y.push(seat.YCoordinate);
            seats.xo.push(seat.XOffsetPercent);
            seats.yo.push(seat.YOffsetPercent);
            seats.w.push(seat.WidthPercent);
            seats.h.push(seat.HeightPercent);
            seats.rot.push(seat.RotateAngle || 0);
            seats.zone.push(seat.TicketGroupId);
            seats.name.push(seat.SeatName);
            const key = seat.features.join(',');
            let f = setIndex.get(key);
            if (f === undefined) {
              f = featureSets.length;
              featureSets.push([...seat.features]);
              setIndex.set(key, f);
            }
            seats.f.push(f);
            seats.together.push(seat.togetherId ?? null);
          }
          return { RowName: row.RowName, count: row.seats.length };
        }),
      })),
    };
  });
  seats.count = seats.x.length;
  const { sections: _nested, ...rest } = plan;
  return { ...rest, format: COLUMNAR_SEATPLAN_FORMAT, sections, featureSets, seats };
}

/** Back to the nested form (small consumers, tests). SeatplanX/Y are recomputed from the geometry. */
export function fromColumnarSeatplan(plan: ColumnarSeatplan): ApiSeatplan {
  const s = plan.seats;
  let k = 0;
  const { format: _format, featureSets, seats: _seats, sections, ...rest } = plan;
  return {
    ...rest,
    sections: sections.map((section): ApiSection => {
      const transform = sectionTransform(section);
      return {
        ...section,
        groups: section.groups.map((g) => ({
          VenueSectionSeatGroupId: g.VenueSectionSeatGroupId,
          GroupName: g.GroupName,
          rows: g.rows.map((row) => {
            const out: ApiSeat[] = [];
            for (let n = 0; n < row.count; n++, k++) {
              const box = { XOffsetPercent: s.xo[k]!, YOffsetPercent: s.yo[k]!, WidthPercent: s.w[k]!, HeightPercent: s.h[k]!, RotateAngle: s.rot[k]! };
              const c = seatCentreOnPlan(section, box, transform);
              out.push({
                VenueId: plan.VenueId,
                VenueSeatplanId: plan.VenueSeatplanId,
                VenueSectionId: section.VenueSectionId,
                VenueSectionSeatGroupId: g.VenueSectionSeatGroupId,
                TicketGroupId: s.zone[k]!,
                XCoordinate: s.x[k]!,
                YCoordinate: s.y[k]!,
                ...box,
                RowName: row.RowName,
                SeatName: s.name[k]!,
                SectionName: section.SectionName,
                SeatplanX: c.x,
                SeatplanY: c.y,
                features: [...(featureSets[s.f[k]!] ?? [])],
                togetherId: s.together[k] ?? null,
              });
            }
            return { RowName: row.RowName, seats: out };
          }),
        })),
      };
    }),
  };
}
