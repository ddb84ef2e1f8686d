/**
 * GET /api/admin/on-sales/:presentationId/control-room: one on-sale as it happens, read from where the figures
 * live (the waiting room's Redis state, the sales in PostgreSQL). The back office polls it (docs/operations.md,
 * "Control room").
 */
export interface OnSaleControlRoom {
  presentationId: number;
  /** When the server read these figures (ISO). */
  readAt: string;
  queue: {
    /** False: no waiting room is on for this presentation now (the line figures are then 0). */
    enabled: boolean;
    /** ISO, or null without an on-sale. */
    saleStartsAt: string | null;
    inLine: number;
    /** Holding a pass still valid now. */
    activeShoppers: number;
    /** The on-sale's max_active, 0 without one. */
    maxActive: number;
    /** The admission rate setting (people a minute), 0 without one. */
    admitPerMinute: number;
    admittedLastMinute: number;
    admittedTotal: number;
  };
  seats: {
    /** Seats of reserved sections plus the capacity of unreserved ones. */
    capacity: number;
    /** Live tickets of paid orders. */
    sold: number;
    /** Live tickets of held orders (reserved, not paid yet). */
    held: number;
    /** capacity - sold - held, never below 0 (seats in shoppers' carts are not subtracted). */
    left: number;
  };
  /** The same seat figures per zone of the seat plan (sections without a zone: zoneId null, last). */
  zones: OnSaleControlRoomZone[];
  /** Tickets sold in the last 60 seconds. */
  ticketsSoldLastMinute: number;
  /** Card payments declined or failed in the last 10 minutes for orders with a ticket of this presentation. */
  paymentFailuresLast10Minutes: number;
  /**
   * Refusals in the last 10 minutes by where and why, largest first: seat locks and the waiting room (counted in
   * Redis by every node) and payments (declined or failed attempts by their reason, from PostgreSQL). Reasons are
   * lower-case error codes of the server's catalogues, or `other`: a bounded set.
   */
  refusalsLast10Minutes: ControlRoomRefusal[];
  /** The server nodes that beat within the last hour (each refreshes its beat every 5 s). */
  nodes: ControlRoomNode[];
}

export interface ControlRoomRefusal {
  kind: 'lock' | 'queue' | 'payment';
  reason: string;
  count: number;
}

export interface ControlRoomNode {
  nodeId: string;
  version: string;
  startedAt: string;
  heartbeatAt: string;
  /** p99 of the node's event-loop delay over its last beat period, ms. */
  eventLoopLagP99Ms: number;
  /** No beat for 30 s: stopped, or too busy to beat. */
  silent: boolean;
}

export interface OnSaleControlRoomZone {
  zoneId: number | null;
  /** The zone's name (Hebrew, English), null for sections without a zone. */
  name: string | null;
  nameEn: string | null;
  /** The zone's colour on the seat map (CSS colour), null without a zone. */
  color: string | null;
  capacity: number;
  sold: number;
  held: number;
  left: number;
}
