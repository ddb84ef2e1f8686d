import { saleWindowRefusal } from '@hotline/shared';
import { AppError } from '../common/app-error';
import type { PresentationInfo } from './seat-layout';

/**
 * A public lock (storefront, mini-site, partner, best available) outside the date's sale window: refused before any
 * seat is taken. The box office's blocks do not ask (the box office sells outside the window).
 */
export function refuseOutsideSaleWindow(p: PresentationInfo, now: Date): void {
  const refusal = saleWindowRefusal({ opensAt: p.salesOpenAt, closesAt: p.salesCloseAt }, { now, channel: 'web' });
  if (refusal) throw new AppError(refusal);
}
