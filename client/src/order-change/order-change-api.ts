import type { ModifiableReservation, SwapSeatsResponse, SwapTargetsResponse } from '@hotline/shared';
import { api } from '../api/client';

/**
 * Changing the seats of an existing order (docs/order-changes.md). The buyer's calls prove ownership by the login
 * cookie or this browser; staff's go through the back office (session, permission 268, business scope).
 */
export function orderChangeApi(staff: boolean) {
  const base = staff ? '/PRES-live/v2/order-changes' : '/order-changes';
  return {
    view: (resId: string, signal?: AbortSignal) =>
      api.get<ModifiableReservation>(`${base}/${encodeURIComponent(resId)}`, undefined, signal),
    /** Every seat the ticket may move to by the rule; the map shows the live state over it. */
    targets: (resId: string, ticket: string, signal?: AbortSignal) =>
      api.get<SwapTargetsResponse>(`${base}/${encodeURIComponent(resId)}/targets`, { ticket }, signal),
    swap: (
      resId: string,
      body: {
        modifiedTickets: { TicketIdentifier: string; sectionId: number; x: number; y: number }[];
        transactionId: string;
      },
    ) => api.post<SwapSeatsResponse>(`${base}/${encodeURIComponent(resId)}/swap`, body),
  };
}
