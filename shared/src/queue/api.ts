import type { ErrorBody } from '../errors/error-body';

/**
 * The on-sale waiting room's wire types (docs/waiting-room.md). One type per message;
 * the server answers them and the waiting page reads them.
 */

/** Where a visitor stands in one presentation's queue. */
export type QueueState =
  /** No queue on this presentation (or it is switched off): go straight to the seat map. */
  | 'no-queue'
  /** Not in the line yet (may join). */
  | 'outside'
  /** Joined before the sale start: a random place is drawn when the sale opens. */
  | 'pre-queue'
  /** In the line after the start: first come, first served. */
  | 'waiting'
  /** Admitted: may shop until `admittedUntil` (the queue pass is in an httpOnly cookie and in `pass`). */
  | 'admitted';

/** GET /api/queue/:presentationId (and the answer of join): this visitor's place and the queue's numbers. */
export interface QueueStatusResponse {
  presentationId: number;
  state: QueueState;
  /** Signed, bound to this visitor's uuid: proves the place (socket subscription, status). */
  ticket: string | null;
  /** Signed admission for this presentation (also set as a cookie); null unless admitted. */
  pass: string | null;
  /**
   * This visitor's absolute number in the line (0 = the first visitor ever admitted or dropped).
   * Everyone ahead leaves only from the head, so `place = ticketNo - removed + 1` stays right
   * as `removed` grows with each progress message. Null before the sale opens.
   */
  ticketNo: number | null;
  /** How many visitors have left the head of the line so far (admitted or dropped as gone). */
  removed: number;
  /** Visitors in the line now (pre-queue included). */
  lineLength: number;
  admitPerMinute: number;
  /** ISO time the sale opens (the pre-queue's draw). */
  saleStartsAt: string;
  /** The server's clock (ms since epoch), so the countdown does not trust the device clock. */
  serverTime: number;
  /** ISO time the admission ends (shopping window), when admitted. */
  admittedUntil: string | null;
  /**
   * Demo data: part of the line ahead is simulated (synthetic entries that leave at the admission rate),
   * so the page says so. Never true for an on-sale staff set up.
   */
  demoLine: boolean;
}

/** POST /api/queue/:presentationId/join body. */
export interface QueueJoinBody {
  /** A solved ALTCHA challenge from GET /api/queue/:presentationId/challenge (harder than a seat lock). */
  recaptchaToken: string;
}

/** socket.io events of the waiting room (room `queue:<presentationId>` per queue, node-local). */
export const QueueEvents = {
  /**
   * client -> server: { presentationId, visitorId, ticket }; joins the room, counts as a sign of life, and from
   * then on the server node keeps the place while this socket is open (queue-seen-refresh.ts).
   */
  Subscribe: 'queue:subscribe',
  /**
   * client -> server: { presentationId, visitorId, ticket }: marks the place seen. The page no longer sends it;
   * the server still answers pages loaded before that change.
   */
  Heartbeat: 'queue:heartbeat',
  /** server -> room: QueueProgressMessage, at most once a second. */
  Progress: 'queue:progress',
  /** server -> socket: ErrorBody when a subscription is refused. */
  Error: 'queue:error',
} as const;

export interface QueueSubscribeMessage {
  presentationId: number;
  ticket: string;
}

/** One broadcast per queue per tick: every waiting visitor computes its own place from `removed`. */
export interface QueueProgressMessage {
  presentationId: number;
  removed: number;
  lineLength: number;
  admitPerMinute: number;
  /** True once the sale start has passed (a pre-queue visitor then fetches its drawn number). */
  open: boolean;
  serverTime: number;
}

/** The refusal of lock-seat, best-available, lock-seats and commit on a queued presentation without admission. */
export interface QueueRequiredBody extends ErrorBody {
  error: 'QUEUE_REQUIRED';
  /** The waiting page of the presentation (relative to the storefront). */
  queueUrl: string;
}

/** An on-sale as staff configure it (PUT /api/admin/on-sales). Exactly one of presentationId / featureId. */
export interface OnSaleConfig {
  presentationId: number | null;
  featureId: number | null;
  enabled: boolean;
  /** ISO time. */
  saleStartsAt: string;
  /** Most shoppers admitted and still within their shopping window at once. */
  maxActive: number;
  admitPerMinute: number;
  /** How long an admitted visitor may shop. */
  shoppingMinutes: number;
}

export interface OnSaleListResponse {
  onSales: OnSaleConfig[];
}

/** One of the staff member's presentations with the on-sale that applies to it (back office screen). */
export interface OnSalePresentation {
  presentationId: number;
  featureId: number;
  featureName: string;
  featureNameEn: string | null;
  /** Russian and Arabic names, null where the catalogue has none. */
  featureNameRu: string | null;
  featureNameAr: string | null;
  locationName: string;
  locationNameEn: string | null;
  locationNameRu: string | null;
  locationNameAr: string | null;
  /** ISO time of the presentation. */
  dateTime: string;
  /** The effective on-sale: the presentation's own, else its feature's, else none. */
  onSale: OnSaleConfig | null;
  /** Where the effective on-sale comes from. */
  source: 'presentation' | 'feature' | null;
}

/** GET /api/admin/on-sales/presentations: the staff member's coming presentations (business scope). */
export interface OnSalePresentationsResponse {
  presentations: OnSalePresentation[];
}

/** The waiting page's address for a presentation. */
export function queueUrlOf(presentationId: number): string {
  return `/queue/${presentationId}`;
}
