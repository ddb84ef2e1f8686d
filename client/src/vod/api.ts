import type { VodAccessRequest, VodAccessResponse, VodInfo } from '@hotline/shared';
import { api } from '../api/client';

/** Video-on-demand calls. */
export function getVod(vodId: number, signal?: AbortSignal) {
  return api.get<VodInfo>(`/vod/${encodeURIComponent(String(vodId))}`, {}, signal);
}

/** Proof of purchase -> a short-lived signed stream URL (the session cookie counts as proof too). */
export function requestVodAccess(vodId: number, proof: VodAccessRequest) {
  return api.post<VodAccessResponse>(`/vod/${encodeURIComponent(String(vodId))}/access`, proof);
}

/** "name@example.com" is an e-mail address; anything else is taken as a mobile number. */
export function proofOf(reservationIdentifier: string, contact: string): VodAccessRequest {
  const value = contact.trim();
  return {
    reservationIdentifier: reservationIdentifier.trim(),
    ...(value.includes('@') ? { email: value } : { mobileNumber: value }),
  };
}
