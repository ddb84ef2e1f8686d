/**
 * Building blocks for the generators: seats are drafted in plain plan units
 * (centre, size) in whatever frame is convenient, then fitted into a section
 * box and converted to the format's percent offsets.
 */
import type { LocalizedName, PlanPoint, SectionBox, VenueSeat, VenueSection, VenueSeatGroup } from '../format';

// Math's functions bound once: global lookups are slow inside jest's sandbox, and these run per seat.
const { round, min, max, sin, cos, atan2, hypot, PI } = Math;

/** Rounds to 2 decimals: plenty for plan units and percents, and keeps files small. */
export function r2(v: number): number {
  return round(v * 100) / 100;
}

/** Normalises an angle in degrees to (-180, 180], rounded to 2 decimals. */
export function angle(deg: number): number {
  let a = deg % 360;
  if (a <= -180) a += 360;
  if (a > 180) a -= 360;
  const rounded = r2(a);
  return rounded === 0 ? 0 : rounded; // no -0
}

export interface DraftSeat {
  x: number;
  y: number;
  name: string;
  /** Centre and size in the drafting frame, plan units. */
  cx: number;
  cy: number;
  w: number;
  h: number;
  rotate?: number;
  zone: string;
  features?: number[];
  together?: number | null;
}

export interface DraftRow {
  name: string;
  seats: DraftSeat[];
}

export interface DraftGroup {
  code: string;
  name: string;
  rows: DraftRow[];
}

/** Extent of the drafted seat rectangles (unrotated) plus the margin. */
export interface DraftBounds {
  minX: number;
  minY: number;
  width: number;
  height: number;
}

export function draftBounds(groups: DraftGroup[], margin: number): DraftBounds {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const g of groups)
    for (const r of g.rows)
      for (const s of r.seats) {
        minX = min(minX, s.cx - s.w / 2);
        maxX = max(maxX, s.cx + s.w / 2);
        minY = min(minY, s.cy - s.h / 2);
        maxY = max(maxY, s.cy + s.h / 2);
      }
  if (minX === Infinity) throw new Error('draftBounds: no seats');
  return {
    minX: minX - margin,
    minY: minY - margin,
    width: maxX - minX + 2 * margin,
    height: maxY - minY + 2 * margin,
  };
}

/** Box placement: the drafting frame *is* the plan (rotate 0). */
export function boxInPlace(b: DraftBounds): SectionBox {
  return { x: r2(b.minX), y: r2(b.minY), width: r2(b.width), height: r2(b.height), rotate: 0 };
}

/** Box placement: centred on `centre`, rotated by `rotate` degrees. */
export function boxCentredAt(centre: PlanPoint, rotate: number): (b: DraftBounds) => SectionBox {
  return (b) => ({
    x: r2(centre.x - b.width / 2),
    y: r2(centre.y - b.height / 2),
    width: r2(b.width),
    height: r2(b.height),
    rotate: angle(rotate),
  });
}

export interface ReservedSectionSpec {
  code: string;
  name: LocalizedName;
  groups: DraftGroup[];
  /** Space between the outermost seats and the box edge, plan units. */
  margin: number;
  place: (bounds: DraftBounds) => SectionBox;
  outline?: [number, number][] | null;
}

/** A reserved section whose box is fitted around its drafted seats. */
export function reservedSection(spec: ReservedSectionSpec): VenueSection {
  const bounds = draftBounds(spec.groups, spec.margin);
  const box = spec.place(bounds);
  const toSeat = (s: DraftSeat): VenueSeat => ({
    x: s.x,
    y: s.y,
    name: s.name,
    xOffsetPercent: r2(((s.cx - s.w / 2 - bounds.minX) / bounds.width) * 100),
    yOffsetPercent: r2(((s.cy - s.h / 2 - bounds.minY) / bounds.height) * 100),
    widthPercent: r2((s.w / bounds.width) * 100),
    heightPercent: r2((s.h / bounds.height) * 100),
    rotate: angle(s.rotate ?? 0),
    zone: s.zone,
    features: s.features ?? [],
    together: s.together ?? null,
  });
  const groups: VenueSeatGroup[] = spec.groups.map((g) => ({
    code: g.code,
    name: g.name,
    rows: g.rows.map((r) => ({ name: r.name, seats: r.seats.map(toSeat) })),
  }));
  return {
    code: spec.code,
    name: spec.name,
    isReserved: true,
    capacity: null,
    zone: null,
    box,
    outline: spec.outline ?? null,
    groups,
  };
}

export function gaSection(spec: {
  code: string;
  name: LocalizedName;
  capacity: number;
  zone: string;
  box: SectionBox;
  outline?: [number, number][] | null;
}): VenueSection {
  return {
    code: spec.code,
    name: spec.name,
    isReserved: false,
    capacity: spec.capacity,
    zone: spec.zone,
    box: spec.box,
    outline: spec.outline ?? null,
    groups: [],
  };
}

/** Polygon of an annular sector around `centre` (angles in degrees from straight down, positive towards +x). */
export function annularSectorOutline(
  centre: PlanPoint,
  innerRadius: number,
  outerRadius: number,
  fromDeg: number,
  toDeg: number,
  steps = 12,
): [number, number][] {
  const pt = (r: number, deg: number): [number, number] => {
    const a = (deg * PI) / 180;
    return [r2(centre.x + r * sin(a)), r2(centre.y + r * cos(a))];
  };
  const outer: [number, number][] = [];
  const inner: [number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const deg = fromDeg + ((toDeg - fromDeg) * i) / steps;
    outer.push(pt(outerRadius, deg));
    inner.push(pt(innerRadius, deg));
  }
  return [...outer, ...inner.reverse()];
}

/**
 * Points on an ellipse (centre, semi-axes a along x, b along y) at equal arc
 * length: `count` slots, the first centred on parameter angle `startDeg`
 * (0 = +x, 90 = +y i.e. down). Returns the parameter angle of each slot (degrees)
 * and the arc length per slot.
 */
export function ellipseSlots(
  a: number,
  b: number,
  count: number,
  startDeg: number,
): { thetas: number[]; spacing: number } {
  const steps = 7200;
  const cumulative = new Float64Array(steps + 1);
  const start = (startDeg * PI) / 180;
  let prev = { x: a * cos(start), y: b * sin(start) };
  for (let i = 1; i <= steps; i++) {
    const t = start + (2 * PI * i) / steps;
    const p = { x: a * cos(t), y: b * sin(t) };
    cumulative[i] = cumulative[i - 1]! + hypot(p.x - prev.x, p.y - prev.y);
    prev = p;
  }
  const perimeter = cumulative[steps]!;
  const spacing = perimeter / count;
  const thetas: number[] = [];
  let j = 0;
  for (let k = 0; k < count; k++) {
    const target = k * spacing;
    while (j < steps && cumulative[j + 1]! < target) j++;
    const seg = cumulative[j + 1]! - cumulative[j]!;
    const frac = seg > 0 ? (target - cumulative[j]!) / seg : 0;
    thetas.push(startDeg + ((j + frac) * 360) / steps);
  }
  return { thetas, spacing };
}

/**
 * Where a stand sits on a ring: the point of the ellipse at parameter angle
 * `thetaDeg` and the rotation that turns the stand's front (row 1, local top)
 * towards the inside of the ellipse.
 */
export function ellipseStandPlacement(
  centre: PlanPoint,
  a: number,
  b: number,
  thetaDeg: number,
): { front: PlanPoint; outward: PlanPoint; rotate: number } {
  const t = (thetaDeg * PI) / 180;
  const front = { x: centre.x + a * cos(t), y: centre.y + b * sin(t) };
  const nx = cos(t) / a;
  const ny = sin(t) / b;
  const len = hypot(nx, ny);
  const outward = { x: nx / len, y: ny / len };
  // Local "up" (0,-1) rotated clockwise by r is (sin r, -cos r); it must equal -outward.
  const rotate = (atan2(-outward.x, outward.y) * 180) / PI;
  return { front, outward, rotate };
}

/**
 * Drafts a stand: `counts[k]` seats in row k+1, centred on x = 0, row 1 at the
 * top (y = 0), rows going down (away from the action). Seat x = 1..n from the
 * left, y = row number.
 */
export function draftStandRows(
  counts: number[],
  seat: { pitch: number; rowPitch: number; w: number; h: number },
  seatProps: (row: number, index: number, count: number) => Pick<DraftSeat, 'zone' | 'features' | 'together'>,
): DraftRow[] {
  return counts.map((n, k) => {
    const row = k + 1;
    const seats: DraftSeat[] = [];
    for (let i = 0; i < n; i++) {
      seats.push({
        x: i + 1,
        y: row,
        name: `${i + 1}`,
        cx: (i - (n - 1) / 2) * seat.pitch,
        cy: k * seat.rowPitch,
        w: seat.w,
        h: seat.h,
        ...seatProps(row, i, n),
      });
    }
    return { name: `${row}`, seats };
  });
}
