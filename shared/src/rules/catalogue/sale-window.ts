import type { CouponChannel } from './coupon-terms';

/** When a date is sold: from `opensAt` (inclusive) until `closesAt` (exclusive); null on a side: no limit there. */
export interface SaleWindow {
  opensAt: Date | null;
  closesAt: Date | null;
}

/** Where a date stands against its window now: what the storefront shows. */
export type SaleWindowState = 'open' | 'notYet' | 'closed';

export type SaleWindowRefusal = 'SALES_NOT_OPEN' | 'SALES_CLOSED';

export function saleWindowState(window: SaleWindow, now: Date): SaleWindowState {
  if (window.opensAt && now.getTime() < window.opensAt.getTime()) return 'notYet';
  if (window.closesAt && now.getTime() >= window.closesAt.getTime()) return 'closed';
  return 'open';
}

/**
 * Why a sale may not take a seat of the date now, or null when it may. The box office sells outside the window: a
 * counter sells before the public sale opens (to subscribers, the house's guests) and at the door after online sales
 * have closed; the window is the public's (storefront, mini-sites, partners' links, hold orders).
 */
export function saleWindowRefusal(
  window: SaleWindow,
  use: { now: Date; channel: CouponChannel },
): SaleWindowRefusal | null {
  if (use.channel === 'box-office') return null;
  const state = saleWindowState(window, use.now);
  if (state === 'notYet') return 'SALES_NOT_OPEN';
  if (state === 'closed') return 'SALES_CLOSED';
  return null;
}

/** A window whose close is not after its open sells nothing: refused when it is written. */
export function saleWindowIsValid(window: SaleWindow): boolean {
  return !window.opensAt || !window.closesAt || window.closesAt.getTime() > window.opensAt.getTime();
}
