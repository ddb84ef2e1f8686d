/**
 * Catalogue administration, events and their dates, under /api/admin; permission 291 (docs/catalogue-admin.md).
 * An event (a "feature") is named in four languages; its dates ("presentations") are created as drafts, one or a
 * series at a time, each on a published seat-plan version with its prices per zone, and are invisible to buyers
 * until published. Every edit names the revision it was made against; a stale one is refused (409) with the
 * current state, like venues and seat plans.
 */
import type { CancellationChargeType } from '../rules/cancellation/cancellation-charge';
import type { CouponChannel } from '../rules/catalogue/coupon-terms';
import type { VideoOnDemandKind } from '../rules/catalogue/video-on-demand';
import type { HoldHolders, HoldPolicy } from '../rules/holds/hold-policy';
import type { AdminNames } from './catalogue-admin';

/** The event categories the storefront knows (its filters and icons); the id is stored, the name shown. */
export const FEATURE_CATEGORIES = {
  1: { he: 'סרט', en: 'Movie', ru: 'Фильм', ar: 'فيلم' },
  2: { he: 'תיאטרון', en: 'Theatre', ru: 'Театр', ar: 'مسرح' },
  3: { he: 'הופעה', en: 'Concert', ru: 'Концерт', ar: 'حفلة موسيقية' },
  4: { he: 'ספורט', en: 'Sport', ru: 'Спорт', ar: 'رياضة' },
  9: { he: 'צפייה מקוונת', en: 'Video on demand', ru: 'Видео по запросу', ar: 'فيديو حسب الطلب' },
} as const satisfies Record<number, AdminNames>;

export type FeatureCategoryId = keyof typeof FEATURE_CATEGORIES;

export interface AdminFeature {
  id: number;
  businessId: number;
  name: AdminNames;
  /** Each language may be empty; the storefront shows the English one where a language has none. */
  description: AdminNames;
  categoryId: FeatureCategoryId;
  durationMinutes: number;
  /** The youngest age admitted, shown to buyers; null for all ages. */
  ageLimit: number | null;
  /** Buyers see the event once one of its dates is published. */
  visible: boolean;
  /** The uploaded image's URL (`/api/media/<sha256>.<ext>`), or null while the storefront shows the placeholder. */
  image: string | null;
  presentationCount: number;
  revision: number;
}

/** POST /api/admin/features; PUT /api/admin/features/:id adds `revision` (and cannot move it to another business). */
export interface AdminFeatureInput {
  businessId: number;
  name: AdminNames;
  description: AdminNames;
  categoryId: FeatureCategoryId;
  durationMinutes: number;
  ageLimit: number | null;
}

/** GET /api/admin/features */
export interface AdminFeatureListResponse {
  features: AdminFeature[];
}

/** A zone of a seat-plan version, which a date prices (GET /api/admin/seat-plans/:id/zones). */
export interface AdminZone {
  id: number;
  code: string;
  name: AdminNames;
  color: string;
  seatCount: number;
}

export interface AdminZoneListResponse {
  zones: AdminZone[];
}

/**
 * One ticket type a zone sells at: its name and price in agorot (the service charge is added on top). With a `code`
 * it is a coupon: not listed to buyers, applied by typing the code (the storefront's ticket-by-code call), and sold at
 * most `cap` times over the date (claimed before the card is charged, like every limit).
 */
export interface AdminTicketPrice {
  /** The ticket's id, as read (ignored when a draft's prices are written: those replace the whole set). */
  ticketId?: number;
  name: AdminNames;
  priceAgorot: number;
  serviceChargeAgorot: number;
  code?: string | null;
  cap?: number | null;
  /** A coupon's terms beside its cap (shared/src/rules/catalogue/coupon-terms.ts); only with a code. */
  terms?: AdminCouponTerms | null;
  /** A coupon's uses so far (its live tickets); read only. */
  used?: number;
  /**
   * A member price: sold only to members, each ticket drawing this many units from the member's balance
   * (docs/memberships.md). Written with the code MEMBER (never listed to buyers); null or left out: not one.
   */
  memberUnits?: number | null;
  /**
   * How many seats one ticket covers (a couple ticket: 2), 1–10; left out: 1. The storefront asks for that many seats
   * and the one pricing pipeline charges the price on the first seat of each unit (shared markMultiplyFactorSubTickets).
   * Fixed once the ticket exists: a sold unit keeps the seats it covered.
   */
  multiplyFactor?: number;
}

/**
 * PUT /api/admin/presentations/:id/member-prices: the price a member pays in each zone listed (a zone the date
 * prices), draft or on sale; a zone's member price is added or its amount and units changed (sold tickets keep what
 * was paid).
 */
export interface AdminMemberPrices {
  revision: number;
  zones: { zoneId: number; priceAgorot: number; units: number }[];
}

/**
 * When, where and how a coupon may be used: switched on or off, from and until (ISO 8601 instants; null: open), the
 * channels it is for (null: every one), and the most seats one order may put on it (null: no limit but the cap).
 */
export interface AdminCouponTerms {
  active: boolean;
  validFrom: string | null;
  validUntil: string | null;
  channels: CouponChannel[] | null;
  perOrder: number | null;
}

/** POST /api/admin/presentations/:id/coupons: one more coupon on a zone the date prices, draft or on sale. */
export interface AdminCouponInput {
  revision: number;
  zoneId: number;
  coupon: AdminTicketPrice & { code: string };
}

/**
 * POST /api/admin/presentations/:id/tickets: one more ticket (no code: listed to every buyer) on a zone the date
 * prices, draft or on sale, e.g. a couple ticket covering two seats. A new ticket: no sale refers to it yet.
 */
export interface AdminTicketInput {
  revision: number;
  zoneId: number;
  ticket: Pick<AdminTicketPrice, 'name' | 'priceAgorot' | 'serviceChargeAgorot' | 'multiplyFactor'>;
}

/** PUT /api/admin/presentations/:id/coupons/:ticketId: a coupon's cap and terms (its code and price stay). */
export interface AdminCouponChange {
  revision: number;
  cap: number | null;
  terms: AdminCouponTerms;
}

export interface AdminZonePrices {
  zoneId: number;
  tickets: AdminTicketPrice[];
}

export type PresentationStatus = 'draft' | 'published' | 'cancelled';

/** A cancelled date's refunds as the job goes (POST /api/admin/presentations/:id/cancel). */
export interface AdminCancellationProgress {
  requestedAt: string;
  reason: string;
  /** Orders with tickets for the date when it was cancelled. */
  ordersTotal: number;
  /** Orders that still have live tickets for it (the job cancels them in batches). */
  ordersLeft: number;
  /** Cancelled orders whose refund is not settled yet (the provider's answer, or a refusal for a person to see). */
  refundsOpen: number;
  /** When the last order was cancelled and refunded; null while the job runs. */
  finishedAt: string | null;
}

export interface AdminPresentation {
  id: number;
  featureId: number;
  businessId: number;
  venueId: number;
  seatPlanId: number;
  /** The start as an instant (ISO 8601, UTC) and as the Jerusalem wall clock it was set in. */
  startsAt: string;
  localDate: string;
  localTime: string;
  maxSeatsPerOrder: number;
  status: PresentationStatus;
  publishedAt: string | null;
  /** Watched online (video on demand: sold alone or sharing a cart), or null for a date in the hall. */
  videoOnDemand: VideoOnDemandKind | null;
  /** The sale window (ISO 8601, UTC; the screen shows and takes Israel time), null on a side: no limit there. */
  salesOpenAt: string | null;
  salesCloseAt: string | null;
  /** What a hold order (an unpaid reservation) may do on this date and who may place one (shared hold rules). */
  holdPolicy: HoldPolicy;
  /** The doors take only the e-ticket's code that changes every 15 s (docs/door-checkin.md, "The rotating code"). */
  rotatingCode: boolean;
  /** Seats per sales channel (counted quotas, shared channel-quota.ts), each with the live tickets sold through it. */
  channelAllocations: AdminChannelAllocation[];
  /**
   * Named seats set aside (seat_allocation), per AllocationId and release instant: how many. Mini-sites and the live
   * domain sell them; the public only from `releaseAt` on (null: not until released; docs/decisions/024).
   */
  setAside: AdminSetAside[];
  /** Tickets sold and not cancelled. */
  soldCount: number;
  /** Every zone of the seat plan, in the plan's order, with the tickets it sells (none yet on a new draft). */
  prices: AdminZonePrices[];
  /** Set once the date is cancelled. */
  cancellation: AdminCancellationProgress | null;
  revision: number;
}

/**
 * GET /api/admin/presentations?featureId=&after=&limit=: dates in start order, a page at a time (`limit`, default
 * 200, at most 500). `next` is the cursor for the following page (pass it as `after`), null on the last page.
 */
export interface AdminPresentationListResponse {
  presentations: AdminPresentation[];
  next?: string | null;
}

/**
 * POST /api/admin/presentations: one date, or a series (`count` dates `everyDays` apart, e.g. every Thursday at
 * 20:00 for 8 weeks: everyDays 7, count 8), all at the same Jerusalem wall-clock time and with the same prices.
 */
export interface AdminPresentationSeriesInput {
  featureId: number;
  seatPlanId: number;
  firstDate: string;
  time: string;
  everyDays: number;
  count: number;
  maxSeatsPerOrder: number;
  prices: AdminZonePrices[];
  /**
   * Online dates (video on demand) instead of dates in the hall: on a seat plan of general admission only (422
   * VOD_NEEDS_GENERAL_ADMISSION otherwise), not checked for overlaps (watched at home). Absent or null: in the hall.
   */
  videoOnDemand?: VideoOnDemandKind | null;
}

/** PUT /api/admin/presentations/:id (a draft only): its time, order limit and prices. */
export interface AdminPresentationUpdate {
  revision: number;
  date: string;
  time: string;
  maxSeatsPerOrder: number;
  prices: AdminZonePrices[];
}

/**
 * POST /api/admin/presentations/:id/move: a date (published or not) to a new Jerusalem date and time. Every order
 * with tickets for it is told through the outbox (e-mail and SMS where the order has them), in the order's language.
 */
export interface AdminPresentationMove {
  revision: number;
  date: string;
  time: string;
}

/**
 * POST /api/admin/presentations/:id/seat-plan: a date (draft or on sale) moved to another published version of its
 * plan (the same venue and plan code). Refused (409 SEAT_PLAN_SEATS_MISSING, with `missing`) while a place sold,
 * held or in a buyer's cart does not exist in that version; otherwise its seats, prices and live seat state follow.
 */
export interface AdminSeatPlanChange {
  revision: number;
  seatPlanId: number;
}

/** One place SEAT_PLAN_SEATS_MISSING lists: its section code, row (null: a standing place) and seat, and why. */
export interface AdminMissingPlace {
  section: string;
  row: string | null;
  seat: string;
  kind: 'sold' | 'held' | 'locked';
  /** The place in the reader's language. */
  label: string;
}

export interface AdminPresentationMoved {
  presentation: AdminPresentation;
  /** Orders whose buyers were sent the new time. */
  ordersTold: number;
}

/**
 * PUT /api/admin/presentations/:id/prices: new prices for tickets a date already has, draft or published. Tickets
 * sold keep what was paid (each sold ticket stores its amount), so on a published date the change applies to new sales
 * only; a cart priced before it and paid after is refused at the commit (its total no longer matches) before any
 * charge, never charged the new amount unseen. Tickets are neither added nor removed here (a sold ticket refers to
 * its row); a coupon's code and cap stay as they are.
 */
export interface AdminPriceChange {
  revision: number;
  tickets: { ticketId: number; priceAgorot: number; serviceChargeAgorot: number }[];
}

/**
 * POST /api/admin/presentations/:id/cancel: the date comes off sale at once; a job then cancels every order's tickets
 * for it, refunds their full value where it was paid from (through the one payment attempt, each refund once even
 * when a process dies) and tells each buyer. Answers 202 with the date and its progress.
 */
export interface AdminPresentationCancel {
  revision: number;
  reason: string;
}

/** How a buyer's own cancellation is charged (the cancellations context's kinds; docs/customers.md). */
export const CANCELLATION_CHARGE_TYPES = [
  'none',
  'fixed',
  'per_ticket',
  'percent',
  'percent_per_ticket',
] as const satisfies readonly CancellationChargeType[];

/** Whether and until when a buyer may cancel an order for the date themselves, and what it costs. */
export interface AdminCancellationPolicy {
  customerMayCancel: boolean;
  /** Refused from this many minutes before the start. */
  minMinutesBeforeEvent: number;
  /** Refused this many days after the purchase; null: no such limit. */
  maxDaysAfterPurchase: number | null;
  chargeType: CancellationChargeType;
  /** Agorot for `fixed` and `per_ticket`, a percentage (0–100) for the percent kinds, 0 for `none`. */
  chargeValue: number;
}

/**
 * A date's other settings (GET and PUT /api/admin/presentations/:id/settings): a waiver every buyer signs (its terms
 * in Hebrew and English; null: none) and the buyer's own cancellation policy (null: buyers may not cancel).
 */
/**
 * PUT /api/admin/presentations/:id/sale-window: when the public may buy the date (instants with their offset; null:
 * no limit on that side). Outside it the storefront shows "not yet on sale" / "sales closed" and public locks and
 * the commit refuse (SALES_NOT_OPEN / SALES_CLOSED); the box office sells outside it.
 */
export interface AdminSaleWindowChange {
  revision: number;
  opensAt: string | null;
  closesAt: string | null;
}

/**
 * PUT /api/admin/presentations/:id/hold-policy: whether hold orders may take the date's seats, how many minutes
 * before the start an unpaid hold is released, and at most how long a hold lives (null: until then). Applies to
 * holds placed from now on; the commit refuses HOLD_NOT_ALLOWED / HOLD_TOO_LATE. `holders` (who may place one:
 * members, any signed-in customer, only the box office) left out keeps what the date had.
 */
export type HoldPolicyChange = Omit<HoldPolicy, 'holders'> & { holders?: HoldHolders };

export interface AdminHoldPolicyChange extends HoldPolicyChange {
  revision: number;
}

/**
 * PUT /api/admin/presentations/:id/watching: a date between the hall (null) and online after it was created; refused
 * once a ticket of it is sold or held (409 WATCHING_CHANGE_AFTER_SALES), online only on a plan without numbered
 * seats (422 VOD_NEEDS_GENERAL_ADMISSION), into the hall only without overlapping another date (409 SCHEDULE_OVERLAP).
 */
export interface AdminWatchingChange {
  revision: number;
  videoOnDemand: VideoOnDemandKind | null;
}

/**
 * PUT /api/admin/presentations/:id/rotating-code: the doors take only the e-ticket page's code that changes every 15
 * s, or the ticket's static code again. Refused (409 ROTATING_CODE_LOCKED) once the doors have opened or a ticket of
 * the date has been scanned: scanners already holding the date's manifest would judge codes by the old setting.
 */
export interface AdminRotatingCodeChange {
  revision: number;
  rotatingCode: boolean;
}

/** One channel's quota on a date: at most `seats` sold through it; `sold`: live tickets sold through it. */
export interface AdminChannelAllocation {
  channel: CouponChannel;
  seats: number;
  sold: number;
}

/**
 * PUT /api/admin/presentations/:id/channel-allocations: the date's quotas, all at once (a channel left out is no
 * longer limited). Applies to sales from now on; a quota below what was sold only stops further sales.
 */
export interface AdminChannelAllocationsChange {
  revision: number;
  allocations: { channel: CouponChannel; seats: number }[];
}

export interface AdminDateSettings {
  waiver: { terms: { he: string; en: string } } | null;
  cancellation: AdminCancellationPolicy | null;
}

export interface AdminDateSettingsChange extends AdminDateSettings {
  revision: number;
}

export interface AdminDateSettingsResponse {
  presentation: AdminPresentation;
  settings: AdminDateSettings;
}

/** One AllocationId's named seats on a date with one release instant (ISO 8601; null: until released by hand). */
export interface AdminSetAside {
  allocationId: number;
  releaseAt: string | null;
  seats: number;
}

/** A place of a date's seat plan, as a ticket names it. */
export interface AdminSeatPlace {
  sectionId: number;
  x: number;
  y: number;
}

/**
 * PUT /api/admin/presentations/:id/set-aside-seats: the named seats the date keeps for `allocationId` (the mini-sites
 * and the live domain sell them) until `releaseAt` (an instant with its offset; null: until released by hand),
 * replacing that allocation's; an empty list gives them all back to the public. Refused: a seat not on the plan (422
 * SET_ASIDE_SEAT_NOT_IN_PLAN), sold, held or another allocation's (409 SET_ASIDE_SEATS_TAKEN), both with `seats`.
 */
export interface AdminSetAsideChange {
  revision: number;
  allocationId: number;
  releaseAt: string | null;
  seats: AdminSeatPlace[];
}

/** GET /api/admin/presentations/:id/set-aside-seats: every set-aside place of the date, in plan order. */
export interface AdminSetAsideSeats {
  seats: (AdminSeatPlace & { allocationId: number; releaseAt: string | null })[];
}
