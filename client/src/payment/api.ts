import type { PaymentFormResponse } from '@hotline/shared';
import { api } from '../api/client';
import { getPaymentForm } from '../booking/api';

export type PaymentMethod = 'card' | 'wallet';

/** GET /api/payment/wallet/form/:locale: the wallet's checkout page (a SANDBOX simulation), like the card's form. */
export function getWalletForm(locale: string, params: { total: number; recaptchaToken: string }) {
  return api.get<PaymentFormResponse>(`/payment/wallet/form/${encodeURIComponent(locale)}`, {
    total: params.total.toFixed(2),
    recaptchaToken: params.recaptchaToken,
  });
}

/** The hosted page of the chosen method; both post the same authorised/cancelled messages to the storefront. */
export function openPaymentPage(
  method: PaymentMethod,
  locale: string,
  params: { total: number; recaptchaToken: string; ssn?: string },
): Promise<PaymentFormResponse> {
  return method === 'wallet' ? getWalletForm(locale, params) : getPaymentForm(locale, params);
}
