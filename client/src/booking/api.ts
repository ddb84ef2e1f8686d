import type {
  Cart,
  CommitResponse,
  CustomerFormConfig,
  EDocumentResponse,
  LockSeatInput,
  LockSeatResponse,
  PaymentFormResponse,
  PresentationResponse,
  RestoreCartResponse,
  SaveCartResponse,
  TicketByCodeResponse,
  TicketGroupsResponse,
  TimerResponse,
  UnlockSeatResponse,
  VoucherLookupResponse,
} from '@hotline/shared';
import { api } from '../api/client';
import { storedVisitorId } from '../api/identity';
import { withChannel } from '../storefront-modes/channel';

/** The booking flow's calls (storefront-spec.md section 7, docs/booking.md). All go through the shared client (uuid header, lang, ApiError). */

const id = (n: number) => encodeURIComponent(String(n));

export function getPresentationWithProducts(presentationId: number, signal?: AbortSignal) {
  return api.get<PresentationResponse>(`/presentations/${id(presentationId)}`, {}, signal).then((r) => r.presentation);
}

export function getTicketGroups(presentationId: number, signal?: AbortSignal) {
  return api.get<TicketGroupsResponse>(`/presentations/${id(presentationId)}/ticketGroups`, {}, signal);
}

export function getTimer(presentationId: number, signal?: AbortSignal) {
  return api.get<TimerResponse>(`/presentations/timer/${id(presentationId)}`, {}, signal);
}

export function lockSeat(seat: LockSeatInput, recaptchaToken: string) {
  return api.put<LockSeatResponse>('/seats/lock-seat', { recaptchaToken, seat });
}

export function unlockSeat(seat: LockSeatInput, recaptchaToken: string) {
  return api.put<UnlockSeatResponse>('/seats/unlock-seat', { recaptchaToken, seat });
}

export interface TicketByCodeParams {
  presentationId: number;
  ticketCode: string;
  ticketGroupId?: number;
  sectionId?: number;
  ticketId?: number;
  ignoreTicketIds?: readonly number[];
  miniSiteUrl?: string | null;
  recaptchaToken: string;
}

export function getTicketByCode(p: TicketByCodeParams) {
  return api.get<TicketByCodeResponse>(`/presentations/${id(p.presentationId)}/ticket`, {
    ticketCode: p.ticketCode,
    ticketGroupId: p.ticketGroupId,
    sectionId: p.sectionId,
    ticketId: p.ticketId,
    ignoreTicketIds: p.ignoreTicketIds && p.ignoreTicketIds.length ? p.ignoreTicketIds : undefined,
    miniSiteUrl: p.miniSiteUrl ?? undefined,
    recaptchaToken: p.recaptchaToken,
  });
}

export function getVoucher(reference: string, recaptchaToken: string) {
  return api.get<VoucherLookupResponse>('/payment/voucher', { reference, recaptchaToken });
}

export function getCustomerFormConfig(signal?: AbortSignal) {
  return api.get<CustomerFormConfig>('/payment/customer-form', {}, signal);
}

export function getPaymentForm(
  locale: string,
  params: {
    total: number;
    recaptchaToken: string;
    ssn?: string;
    locationId?: number;
    authProfileId?: number;
    businessId?: number;
  },
) {
  return api.get<PaymentFormResponse>(`/payment/form/${encodeURIComponent(locale)}`, {
    total: params.total.toFixed(2),
    recaptchaToken: params.recaptchaToken,
    ssn: params.ssn || undefined,
    locationId: params.locationId,
    authProfileId: params.authProfileId,
    businessId: params.businessId,
  });
}

export function commitPayment(cart: Cart, recaptchaToken: string, miniSiteUrl?: string | null) {
  const sent = withChannel(cart);
  return api.post<CommitResponse>('/payment/commit', {
    cart: sent,
    miniSiteUrl: miniSiteUrl ?? sent.miniSiteUrl ?? null,
    recaptchaToken,
  });
}

/** Saving writes a row server-side, so it carries the bot check like a lock does. */
export async function saveCart(cart: Cart) {
  const uuid = storedVisitorId() ?? undefined;
  // Loaded on first save: the solver pulls in a Web Worker module (and keeps it out of unit tests).
  const { withBotToken } = await import('../seatmap/botcheck');
  return withBotToken((recaptchaToken) => api.post<SaveCartResponse>('/cart', { cart, uuid, recaptchaToken }));
}

export function restoreCart(resId: string, signal?: AbortSignal) {
  // The visitor travels in the uuid header only: a credential never goes into a URL.
  return api.get<RestoreCartResponse>(`/reservations/${encodeURIComponent(resId)}`, {}, signal);
}

export function getEDocument(documentKey: string, signal?: AbortSignal) {
  return api.get<EDocumentResponse>(`/edocument/${encodeURIComponent(documentKey)}`, {}, signal);
}
