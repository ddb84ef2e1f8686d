import type { AdminSeatPlanSummary, AdminVenue } from '@hotline/shared';
import { apiRequest } from '../../api/client';
import type { VenueDocument } from '@hotline/seatmaps/designer';

/** The upload media type: the API reads up to 16 MB of it, and only on the seat-plan routes. */
const SEAT_PLAN_MEDIA_TYPE = 'application/vnd.hotline.seat-plan+json';
const raw = (doc: VenueDocument) => ({ text: JSON.stringify(doc), type: SEAT_PLAN_MEDIA_TYPE });

/** Seat-plan drafts as the designer reads and writes them (permission 291, docs/seat-plan-designer.md). */
export const designerApi = {
  /** The venue with its seat-plan versions (to find the published version a draft replaces). */
  venue: (id: number) => apiRequest<AdminVenue>(`/admin/venues/${id}`),
  plan: (id: number) => apiRequest<AdminSeatPlanSummary>(`/admin/seat-plans/${id}`),
  document: (id: number) => apiRequest<VenueDocument>(`/admin/seat-plans/${id}/document`),
  create: (venueId: number, doc: VenueDocument) =>
    apiRequest<AdminSeatPlanSummary>(`/admin/venues/${venueId}/seat-plans`, { method: 'POST', rawBody: raw(doc) }),
  replace: (id: number, revision: number, doc: VenueDocument) =>
    apiRequest<AdminSeatPlanSummary>(`/admin/seat-plans/${id}?revision=${revision}`, {
      method: 'PUT',
      rawBody: raw(doc),
    }),
  publish: (id: number, revision: number) =>
    apiRequest<AdminSeatPlanSummary>(`/admin/seat-plans/${id}/publish`, { method: 'POST', body: { revision } }),
};
