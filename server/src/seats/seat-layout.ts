import {
  SEAT_FEATURE_CODES,
  seatKey,
  isSoldTogetherFeature,
  type HoldPolicy,
  type ChannelQuotas,
  type SeatSetAside,
} from '@hotline/shared';

/**
 * The static part of a presentation's seat map (from PostgreSQL, cached in
 * memory): which seats exist, their rows, zones, ticket groups and features.
 * Everything here is pure data + pure functions; the repository builds it.
 */
export interface PresentationInfo {
  id: number;
  venueId: number;
  seatplanId: number;
  venueTypeId: number;
  seatingPolicyId: number;
  soldout: boolean;
  /** Cancelled from the back office: nothing of it is sold any more (its orders are refunded by a job). */
  cancelled: boolean;
  maxSeatsPerOrder: number;
  noSingleSeatGap: boolean;
  featureId: number;
  locationId: number;
  dateTime: Date;
  /** The sale window (shared saleWindowRefusal): public locks are refused outside it, the box office's are not. */
  salesOpenAt: Date | null;
  salesCloseAt: Date | null;
  /** The hold policy (shared holdPolicyOutcome), applied by the commit when the order is a hold. */
  holdPolicy: HoldPolicy;
  /** Seats per sales channel (shared channelQuotaClaims): the commit claims them before any charge. */
  channelQuotas: ChannelQuotas;
  /** The date's revision: a change (set-aside seats among others) makes a node re-read its allocations. */
  revision?: number;
}

export interface LayoutSeat {
  key: string;
  sectionId: number;
  groupId: number;
  x: number;
  y: number;
  rowName: string;
  seatName: string;
  /** Seat centre on the plan, for best-available distances. */
  px: number;
  py: number;
  zoneId: number;
  /** The presentation's ticket group for the seat's zone; 0 when the zone is not on sale. */
  ticketGroupId: number;
  features: number[];
  togetherId: number | null;
  /** Left/middle/right seats (31/32/33) are exempt from the single-seat rules. */
  exempt: boolean;
  premium: boolean;
  /** False when no ticket group prices the seat: shown blocked, never lockable. */
  sellable: boolean;
  /** Index into Layout.rows. */
  row: number;
  /** The seat's AllocationId when it is set aside for mini-sites / the live domain (seat-allocations.ts). */
  allocationId?: number;
  /** Until when the public is kept off the seat (shared keptFromTaker); absent when it is not set aside. */
  setAside?: SeatSetAside;
}

export interface LayoutRow {
  key: string;
  sectionId: number;
  /** Ascending x. */
  seats: LayoutSeat[];
}

export interface LayoutSection {
  id: number;
  name: string;
  isReserved: boolean;
  /** GA capacity (places 1..capacity); 0 for reserved sections. */
  capacity: number;
  groupId: number;
  zoneId: number | null;
  /** GA: the ticket group of the section's zone (0 = not on sale). */
  ticketGroupId: number;
  seats: LayoutSeat[];
  /** Reserved: seats a ticket group prices (what "no seats left in this section" counts against). */
  sellableSeats: number;
  /** GA: place -> AllocationId for the places set aside (seat-allocations.ts). */
  allocations?: Map<number, number>;
}

export interface Layout {
  presentation: PresentationInfo;
  sections: Map<number, LayoutSection>;
  seats: Map<string, LayoutSeat>;
  rows: LayoutRow[];
  /** Ticket group id -> zone id, and zone id -> ticket group id. */
  zoneOfTicketGroup: Map<number, number>;
  focalPoint: { x: number; y: number };
  planDiagonal: number;
  /** Sellable reserved seats (what "no reserved seats left" counts against). */
  reservedSellable: number;
  /** Every place the status answer lists: reserved seats + GA places. */
  totalPlaces: number;
}

export interface RawSeat {
  section_id: number;
  group_id: number;
  x: number;
  y: number;
  row_name: string;
  seat_name: string;
  plan_x: number;
  plan_y: number;
  zone_id: number;
  features: number[];
  together_id: number | null;
  row_order: number;
}

export interface RawSection {
  id: number;
  name: string;
  is_reserved: boolean;
  capacity: number | null;
  zone_id: number | null;
}

export interface RawPlan {
  width: number;
  height: number;
  stage: { x: number; y: number; width: number; height: number } | null;
  focal_point: { x: number; y: number } | null;
}

const EXEMPT = new Set<number>([
  SEAT_FEATURE_CODES.isLeftSeat,
  SEAT_FEATURE_CODES.isMiddleSeat,
  SEAT_FEATURE_CODES.isRightSeat,
]);

/**
 * Where best-available measures from: the plan's FocalPoint, else the centre of
 * the stage edge that faces the plan centre (seatmaps/src/format.ts), else the
 * plan centre.
 */
export function defaultFocalPoint(plan: RawPlan): { x: number; y: number } {
  if (plan.focal_point) return plan.focal_point;
  const s = plan.stage;
  if (!s) return { x: plan.width / 2, y: plan.height / 2 };
  const cx = plan.width / 2;
  const cy = plan.height / 2;
  const edges = [
    { x: s.x + s.width / 2, y: s.y },
    { x: s.x + s.width / 2, y: s.y + s.height },
    { x: s.x, y: s.y + s.height / 2 },
    { x: s.x + s.width, y: s.y + s.height / 2 },
  ];
  let best = edges[0]!;
  for (const e of edges) if (Math.hypot(e.x - cx, e.y - cy) < Math.hypot(best.x - cx, best.y - cy)) best = e;
  return best;
}

export function buildLayout(
  presentation: PresentationInfo,
  plan: RawPlan,
  sections: RawSection[],
  seats: RawSeat[],
  ticketGroups: { id: number; zone_id: number }[],
): Layout {
  const groupOfZone = new Map<number, number>();
  const zoneOfTicketGroup = new Map<number, number>();
  for (const tg of ticketGroups) {
    if (!groupOfZone.has(tg.zone_id)) groupOfZone.set(tg.zone_id, tg.id);
    zoneOfTicketGroup.set(tg.id, tg.zone_id);
  }
  const sectionMap = new Map<number, LayoutSection>();
  let totalPlaces = 0;
  for (const s of sections) {
    const capacity = s.is_reserved ? 0 : (s.capacity ?? 0);
    totalPlaces += capacity;
    sectionMap.set(s.id, {
      id: s.id,
      name: s.name,
      isReserved: s.is_reserved,
      capacity,
      groupId: 0,
      zoneId: s.zone_id,
      ticketGroupId: s.zone_id !== null ? (groupOfZone.get(s.zone_id) ?? 0) : 0,
      seats: [],
      sellableSeats: 0,
    });
  }
  const seatMap = new Map<string, LayoutSeat>();
  const rowsByKey = new Map<string, { row: LayoutRow; index: number }>();
  const rows: LayoutRow[] = [];
  let reservedSellable = 0;
  for (const r of seats) {
    const section = sectionMap.get(r.section_id);
    if (!section || !section.isReserved) continue;
    const rowKey = `${r.section_id}:${r.group_id}:${r.row_order}`;
    let entry = rowsByKey.get(rowKey);
    if (!entry) {
      entry = { row: { key: rowKey, sectionId: r.section_id, seats: [] }, index: rows.length };
      rowsByKey.set(rowKey, entry);
      rows.push(entry.row);
    }
    const row = entry.row;
    const ticketGroupId = groupOfZone.get(r.zone_id) ?? 0;
    const features = r.features ?? [];
    const seat: LayoutSeat = {
      key: seatKey(r.section_id, r.x, r.y),
      sectionId: r.section_id,
      groupId: r.group_id,
      x: r.x,
      y: r.y,
      rowName: r.row_name,
      seatName: r.seat_name,
      px: r.plan_x,
      py: r.plan_y,
      zoneId: r.zone_id,
      ticketGroupId,
      features,
      togetherId: r.together_id,
      exempt: features.some((f) => EXEMPT.has(f)),
      premium: features.includes(SEAT_FEATURE_CODES.isPremium),
      sellable: ticketGroupId !== 0,
      row: entry.index,
    };
    if (seat.sellable) {
      reservedSellable++;
      section.sellableSeats++;
    }
    row.seats.push(seat);
    section.seats.push(seat);
    seatMap.set(seat.key, seat);
    totalPlaces++;
  }
  for (const row of rows) row.seats.sort((a, b) => a.x - b.x);
  return {
    presentation,
    sections: sectionMap,
    seats: seatMap,
    rows,
    zoneOfTicketGroup,
    focalPoint: defaultFocalPoint(plan),
    planDiagonal: Math.hypot(plan.width, plan.height) || 1,
    reservedSellable,
    totalPlaces,
  };
}

/** "sectionId:x:y" -> its parts; null for anything malformed. */
export function parseSeatKey(key: string): { sectionId: number; x: number; y: number } | null {
  const m = /^(\d+):(-?\d+):(-?\d+)$/.exec(key);
  return m ? { sectionId: Number(m[1]), x: Number(m[2]), y: Number(m[3]) } : null;
}

/** True for a couch/bed seat whose whole group must move together. */
export function isTogetherSeat(seat: LayoutSeat): boolean {
  return seat.togetherId !== null && seat.features.some(isSoldTogetherFeature);
}
