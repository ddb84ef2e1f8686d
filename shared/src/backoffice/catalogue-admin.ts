/**
 * Catalogue administration, venues and seat plans, under /api/admin; permission 291
 * (docs/catalogue-admin.md). A seat plan is kept in versions: a draft can be replaced, a published version never
 * changes, and only a published version can be sold. Every edit names the revision it was made against; a stale
 * one is refused (409) with the current state.
 */
import type { VenueKind } from '../rules/backoffice/report-venue-kind';

/** A name in the four languages of the product; Hebrew and English are required, Russian and Arabic may be empty. */
export interface AdminNames {
  he: string;
  en: string;
  ru: string;
  ar: string;
}

export type SeatPlanStatus = 'draft' | 'published';

export interface AdminSeatPlanSummary {
  id: number;
  venueId: number;
  code: string;
  name: AdminNames;
  /** 1, 2, …: each upload for the venue and plan code is the next version. */
  version: number;
  status: SeatPlanStatus;
  /** Bumped by every change; an edit sends the revision it saw. */
  revision: number;
  seatCount: number;
  sectionCount: number;
  zoneCount: number;
  publishedAt: string | null;
  /** How many presentations sell this version (none for a draft). */
  presentationCount: number;
}

export interface AdminVenue {
  id: number;
  businessId: number;
  locationId: number;
  code: string;
  name: AdminNames;
  address: string;
  kind: VenueKind;
  revision: number;
  seatPlans: AdminSeatPlanSummary[];
}

/** GET /api/admin/venues */
export interface AdminVenueListResponse {
  venues: AdminVenue[];
}

/** POST /api/admin/venues; PUT /api/admin/venues/:id adds `revision`. */
export interface AdminVenueInput {
  businessId: number;
  code: string;
  name: AdminNames;
  address: string;
  kind: VenueKind;
}

/** One problem of an uploaded seat plan: where (a JSON pointer into the file) and what. */
export interface SeatPlanProblem {
  path: string;
  message: string;
  /** Refused publishing only: the plan check's code (e.g. SEATS_OVERLAP) and where on the plan, in plan units. */
  code?: string;
  at?: { x: number; y: number } | null;
}
