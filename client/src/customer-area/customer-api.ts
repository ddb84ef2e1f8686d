import type {
  CancellationQuoteResponse,
  CancelReservationRequest,
  CancelReservationResponse,
  CustomerAreaInfo,
  CustomerDetailsUpdate,
  MobileLoginResponse,
} from '@hotline/shared';
import { api, ApiError } from '../api/client';
import { customerSessionHint } from '../lib/customer-session-hint';
import { withBotToken } from '../booking/botcheck';

/** A call that answers with the customer's area: a session exists; a 401: none does (customer-session-hint.ts). */
function remembered<T>(call: Promise<T>): Promise<T> {
  return call.then(
    (r) => {
      customerSessionHint.signedIn();
      return r;
    },
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) customerSessionHint.signedOut();
      throw error;
    },
  );
}

/** The customer-area calls (storefront-spec.md section 7). The session is an httpOnly cookie the browser keeps. */
export const customerApi = {
  requestCode: (body: { ssn: string; mobileNumber: string; customerEmail?: string }) =>
    withBotToken((recaptchaToken) =>
      api.post<MobileLoginResponse>('/customer-area/mobile-login', { ...body, recaptchaToken }),
    ),
  validate: (smsCode: string) =>
    remembered(api.post<{ customerAreaInfo: CustomerAreaInfo }>('/customer-area/mobile-login-validation', { smsCode })),
  data: (jwtToken?: string) =>
    remembered(
      api.get<{ customerAreaInfo: CustomerAreaInfo }>('/customer-area/customerAreaData', jwtToken ? { jwtToken } : {}),
    ),
  logout: () =>
    api.post<{ success: boolean }>('/customer-area/logout').then((r) => {
      customerSessionHint.signedOut();
      return r;
    }),
  save: (id: number, body: CustomerDetailsUpdate) =>
    api.put<{ success: true; message: string; customerAreaInfo: CustomerAreaInfo }>(
      `/customer-area/customers/${id}`,
      body,
    ),
  cancelVoucher: (reference: string) =>
    api.post<{ success: true; Reference: string; RefundAgorot?: number }>(
      `/system-vouchers/${encodeURIComponent(reference)}/cancel`,
      {},
    ),
  replaceVoucher: (reference: string) =>
    api.post<{ IsForReplacement: true; StartDate: string; EndDate: string; DateTimeCreated: string }>(
      `/system-vouchers/${encodeURIComponent(reference)}/replacement`,
      {},
    ),
  /** What `cancel` with the same choice would charge and refund now, and where the refund goes (read-only). */
  cancellationQuote: (reservationIdentifier: string, body: CancelReservationRequest, signal?: AbortSignal) =>
    api.get<CancellationQuoteResponse>(
      `/reservations/${encodeURIComponent(reservationIdentifier)}/cancellation-quote`,
      { items: body.itemsToCancel ?? [], refundToTransactionCredit: body.refundToTransactionCredit ?? false },
      signal,
    ),
  cancel: (reservationIdentifier: string, body: CancelReservationRequest) =>
    api.post<CancelReservationResponse>(`/reservations/${encodeURIComponent(reservationIdentifier)}/cancel`, body),
};
