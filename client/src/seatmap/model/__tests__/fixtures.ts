import {
  seatCentreOnPlan,
  sectionTransform,
  type ApiSeat,
  type ApiSeatGroup,
  type ApiSeatplan,
  type ApiSection,
  type SeatStatusRow,
} from '@hotline/shared';

/**
 * Tiny ApiSeatplan generators for the model tests. Deliberately independent of
 * the seatmaps package: these tests pin the model's behaviour, not the
 * seed venues'.
 */

/** Deterministic PRNG (mulberry32) so "random" plans are the same on every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GridSectionSpec {
  id: number;
  /** Box top-left on the plan. */
  x: number;
  y: number;
  rows: number;
  cols: number;
  /** Seat size and spacing in plan units. */
  seatSize?: number;
  pitch?: number;
  rotation?: number;
  seatRotation?: number;
  name?: string;
  ticketGroupId?: number | ((row: number, col: number) => number);
  features?: (row: number, col: number) => number[];
  /** Together id for a seat, or null. */
  together?: (row: number, col: number) => number | null;
  /** Split each row into this many seat groups (side-by-side blocks sharing row names). */
  blocks?: number;
  /** Extra gap between blocks, in plan units. */
  blockGap?: number;
  /** Moves seat (row, col) down by this many plan units: curved rows (a theatre's, an arena's). */
  bend?: (row: number, col: number) => number;
  /** Leaves seat (row, col) out: rows of different lengths. */
  skip?: (row: number, col: number) => boolean;
}

export interface GaSectionSpec {
  id: number;
  x: number;
  y: number;
  width: number;
  height: number;
  capacity: number;
  zoneId?: number;
  name?: string;
}

const base = { VenueId: 1, VenueSeatplanId: 1 };

/**
 * A rectangular block of seats: row r (0-based, top to bottom) has YCoordinate
 * r + 1, column c has XCoordinate c + 1. The box is exactly the seat grid plus
 * half a pitch of margin.
 */
export function gridSection(spec: GridSectionSpec): ApiSection {
  const size = spec.seatSize ?? 10;
  const pitch = spec.pitch ?? 12;
  const blocks = spec.blocks ?? 1;
  const blockGap = spec.blockGap ?? 0;
  const perBlock = Math.ceil(spec.cols / blocks);
  const width = spec.cols * pitch + (blocks - 1) * blockGap;
  const height = spec.rows * pitch;
  const name = spec.name ?? `S${spec.id}`;
  const box = { SeatplanX: spec.x, SeatplanY: spec.y, Width: width, Height: height, RotateAngle: spec.rotation ?? 0 };
  const transform = sectionTransform(box);
  const groups: ApiSeatGroup[] = [];
  for (let b = 0; b < blocks; b++) {
    const rows = [];
    for (let r = 0; r < spec.rows; r++) {
      const seats: ApiSeat[] = [];
      for (let c = b * perBlock; c < Math.min(spec.cols, (b + 1) * perBlock); c++) {
        if (spec.skip?.(r, c)) continue;
        const left = c * pitch + (pitch - size) / 2 + b * blockGap;
        const top = r * pitch + (pitch - size) / 2 + (spec.bend?.(r, c) ?? 0);
        const seat: ApiSeat = {
          ...base,
          VenueSectionId: spec.id,
          VenueSectionSeatGroupId: spec.id * 100 + b,
          TicketGroupId:
            typeof spec.ticketGroupId === 'function' ? spec.ticketGroupId(r, c) : (spec.ticketGroupId ?? 1),
          XCoordinate: c + 1,
          YCoordinate: r + 1,
          XOffsetPercent: (left / width) * 100,
          YOffsetPercent: (top / height) * 100,
          WidthPercent: (size / width) * 100,
          HeightPercent: (size / height) * 100,
          RotateAngle: spec.seatRotation ?? 0,
          RowName: String(r + 1),
          SeatName: String(c + 1),
          SectionName: name,
          SeatplanX: 0,
          SeatplanY: 0,
          features: spec.features?.(r, c) ?? [],
          togetherId: spec.together?.(r, c) ?? null,
        };
        const centre = seatCentreOnPlan(box, seat, transform);
        seat.SeatplanX = centre.x;
        seat.SeatplanY = centre.y;
        seats.push(seat);
      }
      rows.push({ RowName: String(r + 1), seats });
    }
    groups.push({ VenueSectionSeatGroupId: spec.id * 100 + b, GroupName: `${name}-${b}`, rows });
  }
  return {
    VenueSectionId: spec.id,
    SectionName: name,
    SectionNameEn: name,
    IsReserved: true,
    Capacity: null,
    ZoneId: null,
    ...box,
    Outline: null,
    groups,
  };
}

export function gaSection(spec: GaSectionSpec): ApiSection {
  const name = spec.name ?? `GA${spec.id}`;
  return {
    VenueSectionId: spec.id,
    SectionName: name,
    SectionNameEn: name,
    IsReserved: false,
    Capacity: spec.capacity,
    ZoneId: spec.zoneId ?? null,
    SeatplanX: spec.x,
    SeatplanY: spec.y,
    Width: spec.width,
    Height: spec.height,
    RotateAngle: 0,
    Outline: null,
    groups: [],
  };
}

export function plan(sections: ApiSection[], width = 2000, height = 2000): ApiSeatplan {
  return {
    ...base,
    Name: 'Test plan',
    NameEn: 'Test plan',
    Width: width,
    Height: height,
    Stage: null,
    FocalPoint: null,
    Zones: [],
    sections,
  };
}

/** About `seatCount` seats in 50 x 50 sections on a grid of blocks: the 100k-seat benchmark plan. */
export function bigPlan(seatCount: number): ApiSeatplan {
  const per = 50 * 50;
  const n = Math.ceil(seatCount / per);
  const perRow = Math.ceil(Math.sqrt(n));
  const sections: ApiSection[] = [];
  for (let k = 0; k < n; k++) {
    sections.push(
      gridSection({
        id: k + 1,
        x: (k % perRow) * 700,
        y: Math.floor(k / perRow) * 700,
        rows: 50,
        cols: 50,
        rotation: (k % 5) * 15 - 30,
        ticketGroupId: (r) => 1 + (r % 4),
        together: (r, c) => (r === 0 && c < 30 ? Math.floor(c / 3) + 1 : null),
      }),
    );
  }
  return plan(sections, perRow * 700, Math.ceil(n / perRow) * 700);
}

/**
 * Seats at random positions, sizes and rotations (overlaps allowed) in a few
 * randomly rotated sections: the worst case for a grid, used against brute force.
 */
export function randomPlan(seed: number, seatCount: number, sectionCount = 8): ApiSeatplan {
  const rnd = mulberry32(seed);
  const sections: ApiSection[] = [];
  const perSection = Math.ceil(seatCount / sectionCount);
  for (let s = 0; s < sectionCount; s++) {
    const width = 300 + rnd() * 400;
    const height = 200 + rnd() * 300;
    const box = {
      SeatplanX: rnd() * 1500,
      SeatplanY: rnd() * 1500,
      Width: width,
      Height: height,
      RotateAngle: rnd() * 360 - 180,
    };
    const seats: ApiSeat[] = [];
    const count = Math.min(perSection, seatCount - s * perSection);
    for (let k = 0; k < count; k++) {
      const w = 4 + rnd() * 10 * (rnd() < 0.02 ? 5 : 1); // a few oversize seats (tables, beds)
      const h = 4 + rnd() * 10;
      const left = rnd() * (width - w);
      const top = rnd() * (height - h);
      seats.push({
        ...base,
        VenueSectionId: s + 1,
        VenueSectionSeatGroupId: 1,
        TicketGroupId: 1 + (k % 3),
        XCoordinate: k + 1,
        YCoordinate: 1,
        XOffsetPercent: (left / width) * 100,
        YOffsetPercent: (top / height) * 100,
        WidthPercent: (w / width) * 100,
        HeightPercent: (h / height) * 100,
        RotateAngle: rnd() < 0.5 ? 0 : rnd() * 90 - 45,
        RowName: '1',
        SeatName: String(k + 1),
        SectionName: `R${s + 1}`,
        SeatplanX: 0,
        SeatplanY: 0,
        features: [],
        togetherId: null,
      });
    }
    sections.push({
      VenueSectionId: s + 1,
      SectionName: `R${s + 1}`,
      SectionNameEn: `R${s + 1}`,
      IsReserved: true,
      Capacity: null,
      ZoneId: null,
      ...box,
      Outline: null,
      groups: [{ VenueSectionSeatGroupId: 1, GroupName: 'g', rows: [{ RowName: '1', seats }] }],
    });
  }
  return plan(sections);
}

export function statusRow(sectionId: number, x: number, y: number, status: number, ticketGroupId = 1): SeatStatusRow {
  return [sectionId, sectionId * 100, x, y, -1, ticketGroupId, status];
}
