import type {
  AdminFeature,
  AdminFeatureInput,
  AdminFeatureListResponse,
  AdminPresentation,
  AdminPresentationCancel,
  AdminPresentationListResponse,
  AdminPresentationMove,
  AdminPresentationMoved,
  AdminPresentationSeriesInput,
  AdminPriceChange,
  AdminCouponChange,
  AdminCouponInput,
  AdminTicketInput,
  AdminMemberPrices,
  AdminDateSettingsChange,
  AdminDateSettingsResponse,
  AdminSaleWindowChange,
  AdminHoldPolicyChange,
  AdminChannelAllocationsChange,
  AdminSetAsideChange,
  AdminSetAsideSeats,
  ApiSeatplan,
  AdminWatchingChange,
  AdminSeatPlanChange,
  AdminRotatingCodeChange,
  AdminProduct,
  AdminProductInput,
  AdminProductListResponse,
  AdminVenueListResponse,
  AdminZoneListResponse,
} from '@hotline/shared';
import { apiRequest } from '../../api/client';

/** Events and their dates (permission 291, docs/catalogue-admin.md); every answer is in the reader's language. */
export const eventsApi = {
  features: () => apiRequest<AdminFeatureListResponse>('/admin/features'),
  createFeature: (input: AdminFeatureInput) =>
    apiRequest<AdminFeature>('/admin/features', { method: 'POST', body: input }),
  /** An event's image: the file as it is, with the type the browser gives it (the server checks the bytes). */
  uploadImage: (featureId: number, revision: number, file: File) =>
    apiRequest<AdminFeature>(`/admin/features/${featureId}/image`, {
      method: 'PUT',
      query: { revision },
      rawBody: { text: file, type: file.type || 'application/octet-stream' },
    }),
  /** The event's image removed: buyers see the generated placeholder again. */
  removeImage: (featureId: number, revision: number) =>
    apiRequest<AdminFeature>(`/admin/features/${featureId}/image`, { method: 'DELETE', query: { revision } }),
  /** The venues with their seat-plan versions: a date is sold on a published one. */
  venues: () => apiRequest<AdminVenueListResponse>('/admin/venues'),
  zones: (seatPlanId: number) => apiRequest<AdminZoneListResponse>(`/admin/seat-plans/${seatPlanId}/zones`),
  /** A page of an event's dates in start order: the first, or the one after `after` (a list's `next`). */
  presentations: (featureId: number, after?: string, limit?: number) =>
    apiRequest<AdminPresentationListResponse>('/admin/presentations', { query: { featureId, after, limit } }),
  createSeries: (input: AdminPresentationSeriesInput) =>
    apiRequest<AdminPresentationListResponse>('/admin/presentations', { method: 'POST', body: input }),
  publish: (presentationId: number, revision: number) =>
    apiRequest<AdminPresentation>(`/admin/presentations/${presentationId}/publish`, {
      method: 'POST',
      body: { revision },
    }),
  /** A date (draft or published) to a new Jerusalem date and time; every order for it is sent the new time. */
  move: (presentationId: number, change: AdminPresentationMove) =>
    apiRequest<AdminPresentationMoved>(`/admin/presentations/${presentationId}/move`, { method: 'POST', body: change }),
  /** New prices for a date's tickets; on a date on sale they apply to new sales (tickets sold keep what was paid). */
  changePrices: (presentationId: number, change: AdminPriceChange) =>
    apiRequest<AdminPresentation>(`/admin/presentations/${presentationId}/prices`, { method: 'PUT', body: change }),
  /** A date's waiver and the buyer's cancellation policy, with the date's latest revision. */
  settings: (presentationId: number) =>
    apiRequest<AdminDateSettingsResponse>(`/admin/presentations/${presentationId}/settings`),
  changeSettings: (presentationId: number, change: AdminDateSettingsChange) =>
    apiRequest<AdminDateSettingsResponse>(`/admin/presentations/${presentationId}/settings`, {
      method: 'PUT',
      body: change,
    }),
  /** When the public may buy the date (null: no limit on that side); the box office sells outside it. */
  changeSaleWindow: (presentationId: number, change: AdminSaleWindowChange) =>
    apiRequest<AdminPresentation>(`/admin/presentations/${presentationId}/sale-window`, {
      method: 'PUT',
      body: change,
    }),
  /** What a member's unpaid hold may do on the date (allowed, released when, living how long). */
  changeHoldPolicy: (presentationId: number, change: AdminHoldPolicyChange) =>
    apiRequest<AdminPresentation>(`/admin/presentations/${presentationId}/hold-policy`, {
      method: 'PUT',
      body: change,
    }),
  /** A date between the hall and online (refused once a ticket of it is sold or held). */
  changeWatching: (presentationId: number, change: AdminWatchingChange) =>
    apiRequest<AdminPresentation>(`/admin/presentations/${presentationId}/watching`, {
      method: 'PUT',
      body: change,
    }),
  /** The date to another published version of its plan (409 SEAT_PLAN_SEATS_MISSING with the places it lacks). */
  changeSeatPlan: (presentationId: number, change: AdminSeatPlanChange) =>
    apiRequest<AdminPresentation>(`/admin/presentations/${presentationId}/seat-plan`, {
      method: 'POST',
      body: change,
    }),
  /** At most how many seats each sales channel sells for the date (counted quotas, all at once). */
  changeChannelAllocations: (presentationId: number, change: AdminChannelAllocationsChange) =>
    apiRequest<AdminPresentation>(`/admin/presentations/${presentationId}/channel-allocations`, {
      method: 'PUT',
      body: change,
    }),
  /** The seats a date sets aside, each with its allocation and release (the set-aside form starts from them). */
  setAsideSeats: (presentationId: number) =>
    apiRequest<AdminSetAsideSeats>(`/admin/presentations/${presentationId}/set-aside-seats`),
  /** One allocation's named seats on a date until a release instant (replaces the allocation's). */
  changeSetAside: (presentationId: number, change: AdminSetAsideChange) =>
    apiRequest<AdminPresentation>(`/admin/presentations/${presentationId}/set-aside-seats`, {
      method: 'PUT',
      body: change,
    }),
  /** A seat plan's sections, rows and seats as the storefront draws them (the set-aside form picks from them). */
  seatPlan: (venueId: number, seatplanId: number) =>
    apiRequest<{ seatplan: ApiSeatplan }>('/seats/seatplan', { query: { venueId, seatplanId } }),
  /** The price a member pays per zone (added, or its amount and units changed). */
  /** The doors take only the e-ticket's code that changes every 15 s, or not (refused once the doors opened). */
  changeRotatingCode: (presentationId: number, change: AdminRotatingCodeChange) =>
    apiRequest<AdminPresentation>(`/admin/presentations/${presentationId}/rotating-code`, {
      method: 'PUT',
      body: change,
    }),
  /** The price a member pays per zone (added, or its amount and units changed). */
  memberPrices: (presentationId: number, change: AdminMemberPrices) =>
    apiRequest<AdminPresentation>(`/admin/presentations/${presentationId}/member-prices`, {
      method: 'PUT',
      body: change,
    }),
  /** One more ticket (no code; e.g. a couple ticket) on a zone the date prices, draft or on sale. */
  addTicket: (presentationId: number, input: AdminTicketInput) =>
    apiRequest<AdminPresentation>(`/admin/presentations/${presentationId}/tickets`, { method: 'POST', body: input }),
  /** One more coupon on a zone the date prices, draft or on sale. */
  addCoupon: (presentationId: number, input: AdminCouponInput) =>
    apiRequest<AdminPresentation>(`/admin/presentations/${presentationId}/coupons`, { method: 'POST', body: input }),
  /** A coupon's cap and terms (on or off, from and until, channels, seats per order). */
  changeCoupon: (presentationId: number, ticketId: number, change: AdminCouponChange) =>
    apiRequest<AdminPresentation>(`/admin/presentations/${presentationId}/coupons/${ticketId}`, {
      method: 'PUT',
      body: change,
    }),
  /** Takes a date off sale now; a server job then cancels, refunds and tells every order (202, with its progress). */
  cancel: (presentationId: number, change: AdminPresentationCancel) =>
    apiRequest<AdminPresentation>(`/admin/presentations/${presentationId}/cancel`, { method: 'POST', body: change }),
  /** The products sold at the venues of the staff member's businesses, active or not. */
  products: () => apiRequest<AdminProductListResponse>('/admin/products'),
  createProduct: (input: AdminProductInput) =>
    apiRequest<AdminProduct>('/admin/products', { method: 'POST', body: input }),
  /** A product's fields (not its venue), against the revision the form was filled from. */
  updateProduct: (productId: number, change: Omit<AdminProductInput, 'venueId'> & { revision: number }) =>
    apiRequest<AdminProduct>(`/admin/products/${productId}`, { method: 'PUT', body: change }),
};
