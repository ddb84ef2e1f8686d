import type { AdminSeatPlanSummary, AdminVenue } from '@hotline/shared';
import { apiRequest } from '../../api/client';
import type { SeatPlanPatch, VenueDocument } from '@hotline/seatmaps/designer';
import { documentBody } from './seat-plan-body';

/** Seat-plan drafts as the designer reads and writes them (permission 291, docs/seat-plan-designer.md). */
export const designerApi = {
  /** The venue with its seat-plan versions (to find the published version a draft replaces). */
  venue: (id: number) => apiRequest<AdminVenue>(`/admin/venues/${id}`),
  plan: (id: number) => apiRequest<AdminSeatPlanSummary>(`/admin/seat-plans/${id}`),
  document: (id: number) => apiRequest<VenueDocument>(`/admin/seat-plans/${id}/document`),
  create: async (venueId: number, doc: VenueDocument) =>
    apiRequest<AdminSeatPlanSummary>(`/admin/venues/${venueId}/seat-plans`, {
      method: 'POST',
      rawBody: await documentBody(doc),
    }),
  /** The draft saved over `revision`: its whole document, or a patch of the document stored at `revision`. */
  replace: async (id: number, revision: number, doc: VenueDocument | SeatPlanPatch) =>
    apiRequest<AdminSeatPlanSummary>(`/admin/seat-plans/${id}?revision=${revision}`, {
      method: 'PUT',
      rawBody: await documentBody(doc),
    }),
  publish: (id: number, revision: number) =>
    apiRequest<AdminSeatPlanSummary>(`/admin/seat-plans/${id}/publish`, { method: 'POST', body: { revision } }),
};
