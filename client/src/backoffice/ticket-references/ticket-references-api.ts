import type {
  EditReferenceQuantityResponse,
  TicketRefAgentsResponse,
  TicketReferenceAdminResponse,
  TicketReferenceDetailResponse,
  TicketReferenceRow,
  TicketReferenceSalesResponse,
} from '@hotline/shared';
import { apiRequest } from '../../api/client';

/** Ticket-reference administration calls (permission 269, docs/back-office.md "Ticket references"). */
export const ticketReferencesApi = {
  agents: () => apiRequest<TicketRefAgentsResponse>('/pres-live/getTicketRefAgents'),
  rows: (customerId: number | null) =>
    apiRequest<TicketReferenceAdminResponse>('/pres-live/monitors/TicketReferencePromptAdmin/data', {
      query: { customerId: customerId ?? undefined },
    }),
  detail: (rowId: number) =>
    apiRequest<TicketReferenceDetailResponse>('/pres-live/monitors/TicketReferencePromptAdminDetail/data', {
      query: { rowId },
    }),
  sales: (startDate: string, endDate: string, customerId: number | null) =>
    apiRequest<TicketReferenceSalesResponse>('/pres-live/monitors/TicketReferencePromptAdminTicketSales/data', {
      query: { startDate, endDate, dateType: 2, customerId: customerId ?? undefined },
    }),
  editQuantity: (row: TicketReferenceRow, quantity: number) =>
    apiRequest<EditReferenceQuantityResponse>(
      `/pres-live/editReferencePromptOptionQuantity/1/${row.PriceType}/${row.PriceId}/${row.PriceRowId}`,
      { method: 'POST', body: { reference: row.Reference1, reference2: row.Reference2, quantity } },
    ),
};
