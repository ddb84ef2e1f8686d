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
 * enclosing objects), SeatplanX/SeatplanY (from the geometry, see
 * fromColumnarSeatplan) and SeatName where it is just the XCoordinate.
 * Columns whose values come in runs are run-length encoded.
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

/**
 * One value per seat, either listed, or run-length encoded as
 * { rle: [value, count, value, count, …] } when the values come in long runs
 * (sizes, rotations, zones, features and couch ids usually do).
 */
export type ColumnarColumn<T extends number | null = number> = T[] | { rle: (T | number)[] };

export interface ColumnarSeats {
  count: number;
  /** XCoordinate, YCoordinate */
  x: ColumnarColumn;
  y: ColumnarColumn;
  /** XOffsetPercent, YOffsetPercent, WidthPercent, HeightPercent, RotateAngle */
  xo: ColumnarColumn;
  yo: ColumnarColumn;
  w: ColumnarColumn;
  h: ColumnarColumn;
  rot: ColumnarColumn;
  /** TicketGroupId (the plan's price zone) */
  zone: ColumnarColumn;
  /** Index into featureSets (the seat's feature codes). */
  f: ColumnarColumn;
  /** togetherId (couch, bed), null for none. */
  together: ColumnarColumn<number | null>;
  /**
   * SeatName, only where it is not String(XCoordinate) (the common case needs
   * no bytes at all): [seatIndex, name, seatIndex, name, …], ascending.
   */
  names: (number | string)[];
}

export interface ColumnarSeatplan extends Omit<ApiSeatplan, 'sections'> {
  format: typeof COLUMNAR_SEATPLAN_FORMAT;
  sections: ColumnarSection[];
  /** Distinct feature-code lists; seats point into it. */
  featureSets: number[][];
  seats: ColumnarSeats;
}

export function isColumnarSeatplan(plan: unknown): plan is ColumnarSeatplan {
  return (
    typeof plan === 'object' && plan !== null && (plan as { format?: unknown }).format === COLUMNAR_SEATPLAN_FORMAT
  );
}

/** Run-length encodes a column when that is clearly smaller (runs average 3+ seats). */
export function encodeColumn<T extends number | null>(values: T[]): ColumnarColumn<T> {
  const rle: (T | number)[] = [];
  for (let k = 0; k < values.length;) {
    let j = k + 1;
    while (j < values.length && values[j] === values[k]) j++;
    rle.push(values[k]!, j - k);
    k = j;
  }
  return rle.length * 1.5 < values.length ? { rle } : values;
}

/** A column back to one value per seat. */
export function decodeColumn<T extends number | null>(column: ColumnarColumn<T>, count: number): T[] {
  if (Array.isArray(column)) return column;
  const out = new Array<T>(count);
  let k = 0;
  const rle = column.rle;
  for (let r = 0; r + 1 < rle.length; r += 2) {
    const value = rle[r] as T;
    const n = rle[r + 1] as number;
    for (let m = 0; m < n && k < count; m++) out[k++] = value;
  }
  return out;
}

export function toColumnarSeatplan(plan: ApiSeatplan): ColumnarSeatplan {
  const x: number[] = [];
  const y: number[] = [];
  const xo: number[] = [];
  const yo: number[] = [];
  const w: number[] = [];
  const h: number[] = [];
  const rot: number[] = [];
  const zone: number[] = [];
  const f: number[] = [];
  const together: (number | null)[] = [];
  const names: (number | string)[] = [];
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
            if (seat.SeatName !== String(seat.XCoordinate)) names.push(x.length, seat.SeatName);
            x.push(seat.XCoordinate);
            y.push(seat.YCoordinate);
            xo.push(seat.XOffsetPercent);
            yo.push(seat.YOffsetPercent);
            w.push(seat.WidthPercent);
            h.push(seat.HeightPercent);
            rot.push(seat.RotateAngle || 0);
            zone.push(seat.TicketGroupId);
            const key = seat.features.join(',');
            let fi = setIndex.get(key);
            if (fi === undefined) {
              fi = featureSets.length;
              featureSets.push([...seat.features]);
              setIndex.set(key, fi);
            }
            f.push(fi);
            together.push(seat.togetherId ?? null);
          }
          return { RowName: row.RowName, count: row.seats.length };
        }),
      })),
    };
  });
  const seats: ColumnarSeats = {
    count: x.length,
    x: encodeColumn(x),
    y: encodeColumn(y),
    xo: encodeColumn(xo),
    yo: encodeColumn(yo),
    w: encodeColumn(w),
    h: encodeColumn(h),
    rot: encodeColumn(rot),
    zone: encodeColumn(zone),
    f: encodeColumn(f),
    together: encodeColumn(together),
    names,
  };
  const { sections: _nested, ...rest } = plan;
  return { ...rest, format: COLUMNAR_SEATPLAN_FORMAT, sections, featureSets, seats };
}

/** SeatName per seat: String(XCoordinate) unless listed in `names`. */
export function decodeSeatNames(seats: Pick<ColumnarSeats, 'count' | 'names'>, x: ArrayLike<number>): string[] {
  const out = new Array<string>(seats.count);
  for (let k = 0; k < seats.count; k++) out[k] = String(x[k]);
  const n = seats.names;
  for (let k = 0; k + 1 < n.length; k += 2) out[n[k] as number] = String(n[k + 1]);
  return out;
}

/** Back to the nested form (small consumers, tests). SeatplanX/Y are recomputed from the geometry. */
export function fromColumnarSeatplan(plan: ColumnarSeatplan): ApiSeatplan {
  const n = plan.seats.count;
  const x = decodeColumn(plan.seats.x, n);
  const s = {
    x,
    y: decodeColumn(plan.seats.y, n),
    xo: decodeColumn(plan.seats.xo, n),
    yo: decodeColumn(plan.seats.yo, n),
    w: decodeColumn(plan.seats.w, n),
    h: decodeColumn(plan.seats.h, n),
    rot: decodeColumn(plan.seats.rot, n),
    zone: decodeColumn(plan.seats.zone, n),
    f: decodeColumn(plan.seats.f, n),
    together: decodeColumn(plan.seats.together, n),
    name: decodeSeatNames(plan.seats, x),
  };
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
            for (let m = 0; m < row.count; m++, k++) {
              const box = {
                XOffsetPercent: s.xo[k]!,
                YOffsetPercent: s.yo[k]!,
                WidthPercent: s.w[k]!,
                HeightPercent: s.h[k]!,
                RotateAngle: s.rot[k]!,
              };
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
