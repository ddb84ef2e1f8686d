/**
 * Catalogue administration, products (what a buyer adds to a cart beside the tickets: popcorn, a programme), under
 * /api/admin; permission 291 (docs/catalogue-admin.md). A product is sold at one venue (its location), to every
 * event there or to one event only, and buyers see it while it is active. Every edit names the revision it was made
 * against; a stale one is refused (409) with the current state.
 */
import type { AdminNames } from './catalogue-admin';

/**
 * The pictures a product may have (drawn by the server, never emoji text), by name; the value is the key the
 * product table stores (the demo's rows were written with it).
 */
export const PRODUCT_ICONS = {
  popcorn: '🍿',
  drink: '🥤',
  programme: '📖',
  shirt: '👕',
  gift: '🎁',
} as const;

export type ProductIcon = keyof typeof PRODUCT_ICONS;

export interface AdminProduct {
  id: number;
  businessId: number;
  /** The venue it is sold at (products belong to the venue's location). */
  venueId: number;
  /** Sold only with this event's dates; null: with every date at the venue. */
  featureId: number | null;
  /** Sold only with this one date (of `featureId`); null: with every date of the event (or at the venue). */
  presentationId: number | null;
  /** That date's start (ISO 8601), read only; null with `presentationId`. */
  presentationStartsAt: string | null;
  name: AdminNames;
  /** The price of one, in agorot, VAT included (prices are shown and charged as they are). */
  priceAgorot: number;
  icon: ProductIcon;
  /** Buyers see and buy it only while active; switching it off keeps what was sold. */
  active: boolean;
  /**
   * How many may be sold in all; null: no stock (sold as often as ordered). Claimed before money moves and given
   * back when an order is cancelled or a hold released; lowered below `sold`, nothing more is sold.
   */
  stock: number | null;
  /** The most one order may take; null: no limit. */
  perOrder: number | null;
  /** Held by live orders (paid, or held unpaid), counted whether it has a stock or not. */
  sold: number;
  revision: number;
}

/** POST /api/admin/products; PUT /api/admin/products/:id adds `revision` (and cannot move it to another venue). */
export interface AdminProductInput {
  venueId: number;
  featureId: number | null;
  /**
   * One date of `featureId` at the venue, or null; left out: null. A date of another event or venue is refused (422
   * PRODUCT_DATE_ELSEWHERE).
   */
  presentationId?: number | null;
  name: AdminNames;
  priceAgorot: number;
  icon: ProductIcon;
  active: boolean;
  stock: number | null;
  perOrder: number | null;
}

/** GET /api/admin/products */
export interface AdminProductListResponse {
  products: AdminProduct[];
}
