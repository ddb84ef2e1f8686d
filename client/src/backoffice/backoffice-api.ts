import type {
  AuthenticatorEnrolment,
  CapacityReportResponse,
  LockSeatsResponse,
  SalesReport,
  StaffMeResponse,
  StaffSignInRequest,
} from '@hotline/shared';
import { apiRequest } from '../api/client';

/** The back-office calls (docs/back-office.md). The session is an httpOnly cookie the browser sends. */
export const backOfficeApi = {
  me: () => apiRequest<StaffMeResponse>('/backoffice/me'),
  signIn: (body: StaffSignInRequest) => apiRequest<StaffMeResponse>('/backoffice/sign-in', { method: 'POST', body }),
  signOut: () => apiRequest<{ success: true }>('/backoffice/sign-out', { method: 'POST', body: {} }),
  startAuthenticator: (password: string) =>
    apiRequest<AuthenticatorEnrolment>('/backoffice/authenticator', { method: 'POST', body: { password } }),
  confirmAuthenticator: (code: string) =>
    apiRequest<{ success: true }>('/backoffice/authenticator/confirm', { method: 'POST', body: { code } }),
  capacityByLocation: (date: string) =>
    apiRequest<CapacityReportResponse>(`/PRES-live/locationTicketSales/data/${encodeURIComponent(date)}/0`),
  capacityByFeature: (date: string) =>
    apiRequest<CapacityReportResponse>(`/PRES-live/featureTicketSales/data/${encodeURIComponent(date)}`),
  presentationSales: (startDate: string, endDate: string) =>
    apiRequest<SalesReport>('/PRES-live/monitors/PresentationSales/data', {
      query: { startDate, endDate, dateType: 2 },
    }),
  availablePresentations: () =>
    apiRequest<{
      presentations: {
        PresentationId: number;
        FeatureName: string;
        FeatureNameEn: string;
        FeatureNameRu: string | null;
        FeatureNameAr: string | null;
        LocationName: string;
        LocationNameEn: string;
        LocationNameRu: string | null;
        LocationNameAr: string | null;
        PresentationDateTime: string;
      }[];
    }>('/PRES-live/v2/availablePresentations'),
  producerReservations: () =>
    apiRequest<{
      reservations: {
        ReservationIdentifier: string;
        ResStateId: number;
        StartDateTime: string;
        FeatureName: string;
        FeatureNameEn: string;
        FeatureNameRu: string | null;
        FeatureNameAr: string | null;
        LocationName: string;
        LocationNameEn: string;
        LocationNameRu: string | null;
        LocationNameAr: string | null;
        Tickets: number;
        TotalAgorot: number;
        CustomerName: string;
        MobileLast4: string | null;
      }[];
    }>('/PRES-live/v2/producerReservations'),
  producerCancel: (resId: string, isHoldRes: boolean) =>
    apiRequest<{ success: true } | { err: string }>(`/reservations/${encodeURIComponent(resId)}/producerCancel`, {
      method: 'POST',
      body: { isHoldRes },
    }),
  sendAgain: (resId: string) => apiRequest<{ success: true }>('/PRES-live/v2/sendResAgain', { query: { resId } }),
  lockSeats: (presentationId: number, seats: { sectionId: number; x: number; y: number }[]) =>
    apiRequest<LockSeatsResponse>('/backoffice/lock-seats', { method: 'PUT', body: { presentationId, seats } }),
};
