import type { OnSaleConfig, OnSaleControlRoom, OnSalePresentationsResponse } from '@hotline/shared';
import { apiRequest } from '../../api/client';

/** The on-sale admin calls (permission 290, docs/waiting-room.md "The back-office screen"). */
export const onSalesApi = {
  presentations: () => apiRequest<OnSalePresentationsResponse>('/admin/on-sales/presentations'),
  controlRoom: (presentationId: number) =>
    apiRequest<OnSaleControlRoom>(`/admin/on-sales/${presentationId}/control-room`),
  save: (config: OnSaleConfig) => apiRequest<OnSaleConfig>('/admin/on-sales', { method: 'PUT', body: config }),
};
