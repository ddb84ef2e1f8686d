import type { ModifiableReservation, SwapOptionsResponse, SwapSeatsResponse } from '@hotline/shared';
import { api } from '../../api/client';

/** Changing the seats of an existing order (docs/order-changes.md). Ownership is the login cookie or this browser. */
export const orderChangeApi = {
  view: (resId: string, signal?: AbortSignal) =>
    api.get<ModifiableReservation>(`/order-changes/${encodeURIComponent(resId)}`, undefined, signal),
  options: (resId: string, ticket: string) =>
    api.get<SwapOptionsResponse>(`/order-changes/${encodeURIComponent(resId)}/options`, { ticket }),
  swap: (
    resId: string,
    body: {
      modifiedTickets: { TicketIdentifier: string; sectionId: number; x: number; y: number }[];
      transactionId: string;
    },
  ) => api.post<SwapSeatsResponse>(`/order-changes/${encodeURIComponent(resId)}/swap`, body),
};
