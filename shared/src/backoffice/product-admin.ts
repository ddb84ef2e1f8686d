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
  name: AdminNames;
  /** The price of one, in agorot, VAT included (prices are shown and charged as they are). */
  priceAgorot: number;
  icon: ProductIcon;
  /** Buyers see and buy it only while active; switching it off keeps what was sold. */
  active: boolean;
  revision: number;
}

/** POST /api/admin/products; PUT /api/admin/products/:id adds `revision` (and cannot move it to another venue). */
export interface AdminProductInput {
  venueId: number;
  featureId: number | null;
  name: AdminNames;
  priceAgorot: number;
  icon: ProductIcon;
  active: boolean;
}

/** GET /api/admin/products */
export interface AdminProductListResponse {
  products: AdminProduct[];
}
