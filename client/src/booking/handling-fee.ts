import type { ApiGlobalServiceCharge } from '@hotline/shared';
import { globalServiceChargeConfig } from './cart-logic';

/** The order-level handling fee as a buyer should hear it before choosing seats, or null when there is none. */
export type HandlingFeeTerms = { kind: 'fixed'; agorot: number } | { kind: 'percent'; rate: number } | null;

/**
 * What the seat step says about the order-level fee (the per-ticket fees are already inside every price shown):
 * a fixed amount per order, or a percent of the order. Same reading of the configuration as the totals
 * (globalServiceChargeConfig), so the note and the charge cannot disagree.
 */
export function handlingFeeTerms(charge: ApiGlobalServiceCharge | null | undefined): HandlingFeeTerms {
  const config = globalServiceChargeConfig(charge);
  if (config.amountPerOrder && config.amountPerOrder > 0) return { kind: 'fixed', agorot: config.amountPerOrder };
  if (config.percentRatePerOrder && config.percentRatePerOrder > 0)
    return { kind: 'percent', rate: config.percentRatePerOrder };
  return null;
}
