import type { AdminSeatPlanSummary, AdminVenue, AdminVenueInput, AdminVenueListResponse } from '@hotline/shared';
import { apiRequest } from '../../api/client';

/** The upload media type: the API reads up to 16 MB of it, and only on the seat-plan routes. */
const SEAT_PLAN_MEDIA_TYPE = 'application/vnd.hotline.seat-plan+json';

/** Venues and seat plans (permission 291, docs/catalogue-admin.md). */
export const venuesApi = {
  list: () => apiRequest<AdminVenueListResponse>('/admin/venues'),
  create: (input: AdminVenueInput) => apiRequest<AdminVenue>('/admin/venues', { method: 'POST', body: input }),
  upload: (venueId: number, fileText: string) =>
    apiRequest<AdminSeatPlanSummary>(`/admin/venues/${venueId}/seat-plans`, {
      method: 'POST',
      rawBody: { text: fileText, type: SEAT_PLAN_MEDIA_TYPE },
    }),
  publish: (planId: number, revision: number) =>
    apiRequest<AdminSeatPlanSummary>(`/admin/seat-plans/${planId}/publish`, { method: 'POST', body: { revision } }),
};
