import type {
  AdminFeature,
  AdminFeatureInput,
  AdminFeatureListResponse,
  AdminPresentation,
  AdminPresentationListResponse,
  AdminPresentationSeriesInput,
  AdminVenueListResponse,
  AdminZoneListResponse,
} from '@hotline/shared';
import { apiRequest } from '../../../api/client';

/** Events and their dates (permission 291, docs/catalogue-admin.md); every answer is in the reader's language. */
export const eventsApi = {
  features: () => apiRequest<AdminFeatureListResponse>('/admin/features'),
  createFeature: (input: AdminFeatureInput) =>
    apiRequest<AdminFeature>('/admin/features', { method: 'POST', body: input }),
  /** The venues with their seat-plan versions: a date is sold on a published one. */
  venues: () => apiRequest<AdminVenueListResponse>('/admin/venues'),
  zones: (seatPlanId: number) => apiRequest<AdminZoneListResponse>(`/admin/seat-plans/${seatPlanId}/zones`),
  presentations: (featureId: number) =>
    apiRequest<AdminPresentationListResponse>('/admin/presentations', { query: { featureId } }),
  createSeries: (input: AdminPresentationSeriesInput) =>
    apiRequest<AdminPresentationListResponse>('/admin/presentations', { method: 'POST', body: input }),
  publish: (presentationId: number, revision: number) =>
    apiRequest<AdminPresentation>(`/admin/presentations/${presentationId}/publish`, {
      method: 'POST',
      body: { revision },
    }),
};
