import type { WireTicket } from '../wire/ticket';
import type { PresentationAvailability } from '../rules/catalogue/presentation-availability';
import type { SaleWindowState } from '../rules/catalogue/sale-window';
import type { HoldPolicy } from '../rules/holds/hold-policy';

/**
 * Catalogue payloads as the storefront receives them (storefront-spec.md sections 3 and 7).
 * Money fields (price, oldPrice, serviceCharge, amountPerOrder) are in shekels with up to
 * two decimals, as the spec's client shows them; the server stores and computes in agorot.
 */
export type SeatingMode = 'reserved' | 'mixed' | 'singleGA' | 'multiGA';

/**
 * Russian and Arabic texts ride beside the Hebrew and English ones as <field>Ru / <field>Ar: optional,
 * null or absent where the catalogue has no translation (the storefront then shows the English).
 */
export interface ApiFeature {
  id: number;
  name: string;
  nameEn: string;
  nameRu?: string | null;
  nameAr?: string | null;
  featureCategoryId: number;
  featureCategoryName: string;
  featureCategoryNameEn: string;
  featureCategoryNameRu?: string | null;
  featureCategoryNameAr?: string | null;
  description: string;
  descriptionEn: string;
  descriptionRu?: string | null;
  descriptionAr?: string | null;
  durationMinutes: number;
  /** URL of the feature's image: the uploaded one (/api/media/<sha256>.<ext>, immutable) or GET /api/features/:id/placeholderImage. */
  image: string;
}

export interface ApiPresentation {
  id: number;
  featureId: number;
  featureName: string;
  featureNameEn: string;
  featureNameRu?: string | null;
  featureNameAr?: string | null;
  featureCategoryName: string;
  locationId: number;
  locationName: string;
  locationNameEn: string;
  locationNameRu?: string | null;
  locationNameAr?: string | null;
  businessId: number;
  authProfileId: number;
  venueId: number;
  venueName: string;
  venueNameEn: string;
  venueNameRu?: string | null;
  venueNameAr?: string | null;
  seatplanId: number;
  venueTypeId: number;
  /** ISO 8601 in UTC; shown in Asia/Jerusalem. */
  dateTime: string;
  seatingPolicyId: number;
  isReserved: boolean;
  /** Count of general-admission sections. */
  isGA: number;
  soldout: boolean;
  /**
   * The catalogue's marker: 'soldOut' (the flag, or every place sold), 'lastSeats' (at most a tenth of
   * the house left, at most 100 places), else 'available'. Decided by the server from durable sales; holds do not count.
   */
  availability: PresentationAvailability;
  /** The sale window (ISO 8601, UTC), null on a side: no limit there. */
  salesOpenAt: string | null;
  salesCloseAt: string | null;
  /**
   * Where the date stands against its window by the server's clock: 'notYet' (shown "not yet on sale", with its
   * opening) and 'closed' ("sales closed") offer no way to buy; locks and the commit refuse them too.
   */
  saleWindow: SaleWindowState;
  seatingMode: SeatingMode;
  hasReservedSection: boolean;
  hasGASection: boolean;
  hasMultiGASections: boolean;
  maxSeatsPerOrder: number;
  /**
   * The show refuses a selection that leaves one free seat alone between taken seats (SINGLE_SEAT_GAP at commit);
   * the map decides the same rule at every tap, so a buyer learns it before the card. Absent: no such rule.
   */
  noSingleSeatGap?: boolean;
  /** Lowest public ticket price (shekels), or null when nothing is on sale. */
  priceFrom: number | null;
  viewAreaFilename: string | null;
  imageMapHtml: string | null;
  /** Hold mode (isHold=1) only: pay-and-collect deadline of a hold on this show, and whether one may still be placed. */
  holdDeadline?: string;
  isHoldAvailable?: boolean;
  /**
   * The date's hold policy (whether it takes holds, who may place one, released how many minutes before the start,
   * longest life): the payment step shows a hold's deadline by it (shared holdPolicyOutcome, the strictest date of
   * the cart). Display only: the commit decides. Absent from servers that predate it (then 30 minutes, members).
   */
  holdPolicy?: HoldPolicy;
}

/** A ticket in a public list (GET ticketGroups): the one ticket shape (wire/ticket.ts), prices in shekels. */
export interface ApiTicket extends WireTicket {
  /** Never the secret code itself in public lists; null for public tickets. */
  code: string | null;
  /** The age band of a ticket priced for an age (a child's ticket); absent on tickets for anyone. */
  minAge?: number | null;
  maxAge?: number | null;
  /** Ticket prompts (spec "Ticket": ref1prompt, ref2prompt): the buyer types a reference the server checks. */
  ref1prompt?: string;
  ref1promptEn?: string;
  ref2prompt?: string;
  ref2promptEn?: string;
  ref1promptRu?: string;
  ref1promptAr?: string;
  ref2promptRu?: string;
  ref2promptAr?: string;
}

export interface ApiTicketGroup {
  id: number;
  name: string;
  nameEn: string;
  nameRu?: string | null;
  nameAr?: string | null;
  color: string;
  /** The seat plan's price zone this group prices (seats carry it as TicketGroupId). */
  zoneId: number;
  isByCodeEnabled: boolean;
  tickets: ApiTicket[];
  voucherTickets: ApiTicket[];
}

export interface ApiGlobalServiceCharge {
  name: string;
  amountPerOrder: number | null;
  percentRatePerOrder: number | null;
}

export interface ApiProduct {
  id: number;
  name: string;
  nameEn: string;
  nameRu?: string | null;
  nameAr?: string | null;
  price: number;
  image: string;
  isDeliveryRequired: boolean;
  /** The most one order may take; null or absent: no limit of its own. */
  perOrder?: number | null;
  /** Units its stock has left when the page was read (0: sold out); null or absent: no stock. The commit decides. */
  available?: number | null;
}

export interface FeaturesResponse {
  features: ApiFeature[];
}
export interface PresentationsResponse {
  presentations: ApiPresentation[];
  hasReserved: boolean;
  hasGA: boolean;
}
export interface PresentationResponse {
  presentation: ApiPresentation & { products: ApiProduct[] };
}
export interface TicketGroupsResponse {
  ticketGroups: ApiTicketGroup[];
  /** Hold mode (isHold=1) only, as on ApiPresentation. */
  holdDeadline?: string;
  isHoldAvailable?: boolean;
  serviceCharge: ApiGlobalServiceCharge;
}
export interface DatePresentationsResponse {
  presentations: ApiPresentation[];
}
export interface HealthResponse {
  status: 'ok' | 'degraded';
  postgres: { ok: boolean; latencyMs: number | null; error?: 'timeout' | 'unreachable' };
  redis: { ok: boolean; latencyMs: number | null; error?: 'timeout' | 'unreachable' };
}
/** One periodic job of a node (GET /api/health/jobs): counters since the node started; times are ISO strings. */
export interface JobMetrics {
  name: string;
  /** Period on this node; 0 = not scheduled here (only triggered). */
  everyMs: number;
  lease: 'none' | 'cluster';
  running: boolean;
  runs: number;
  failures: number;
  /** Failures since the last success: the back-off doubles with each. */
  consecutiveFailures: number;
  /** Scheduled runs skipped because another node held the job's lease. */
  leaseSkips: number;
  lastDurationMs: number | null;
  lastRunAt: string | null;
  lastSuccessAt: string | null;
  lastErrorAt: string | null;
  nextRunAt: string | null;
}
export interface JobsHealthResponse {
  jobs: JobMetrics[];
}
