import type { DonationsResponse, SystemVoucherHistoryResponse, SystemVoucherOffersResponse } from '@hotline/shared';
import { api } from '../api/client';

/** Gift vouchers and donations on sale, a voucher's history (docs/vouchers-donations-waivers.md). Buying is the one commit. */

export function getVoucherOffers(superClassId: number | null, signal?: AbortSignal) {
  const path = superClassId === null ? '/system-vouchers' : `/system-vouchers/${encodeURIComponent(superClassId)}`;
  return api.get<SystemVoucherOffersResponse>(path, {}, signal);
}

export function getDonations(signal?: AbortSignal) {
  return api.get<DonationsResponse>('/donations', {}, signal);
}

/** The reference goes in the path of an API call (never in a page URL the browser keeps in its history). */
export function getVoucherHistory(reference: string, signal?: AbortSignal) {
  return api.get<SystemVoucherHistoryResponse>(`/system-vouchers/${encodeURIComponent(reference)}/history`, {}, signal);
}
