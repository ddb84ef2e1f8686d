import type { BoxOfficeHoldMethod, BoxOfficeHoldPaymentResponse, CustomerHoldsResponse } from '@hotline/shared';
import { api, apiRequest } from '../api/client';

/** Hold-order calls (docs/hold-orders.md). Sessions (customer, staff) are httpOnly cookies the browser sends. */
export const holdsApi = {
  mine: () => api.get<CustomerHoldsResponse>('/customer-area/holds'),
  openAtBoxOffice: () => apiRequest<CustomerHoldsResponse>('/backoffice/holds'),
  payAtBoxOffice: (resId: string, method: BoxOfficeHoldMethod, paymentKey: string) =>
    apiRequest<BoxOfficeHoldPaymentResponse>(`/backoffice/holds/${encodeURIComponent(resId)}/pay`, {
      method: 'POST',
      body: { method, paymentKey },
    }),
};
