import { Injectable } from '@nestjs/common';
import type { PaymentFormResponse } from '@hotline/shared';
import type { Locale } from '../common/locale';
import { PaymentProvider } from './payment-provider.port';

/** GET /api/payment/form/:locale: a hosted card page for this visitor, from the provider. */
@Injectable()
export class PaymentFormService {
  constructor(private readonly provider: PaymentProvider) {}

  async create(visitorId: string, locale: Locale, q: { total?: number; ssn?: string }): Promise<PaymentFormResponse> {
    const { path } = await this.provider.createPaymentForm({
      visitorId,
      locale,
      displayTotalAgorot: q.total ?? 0,
      ssn: q.ssn || null,
    });
    // Relative on purpose: the page is served by this API's origin, whatever host or proxy the storefront came through.
    return { paymentFormURL: `${path}?lang=${locale}` };
  }
}
