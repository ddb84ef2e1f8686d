import { assertNonNegativeInteger } from '../assert';

/**
 * Taken seats over all seats, rounded to 3 decimals (storefront-spec.md section 4).
 * With no seats at all the ratio is 1: the spec counts a seatless section as
 * sold out, and "fully taken" keeps the two rules telling the same story.
 */
export function takenRatio(taken: number, total: number): number {
  assertNonNegativeInteger(taken, 'taken');
  assertNonNegativeInteger(total, 'total');
  if (taken > total) throw new RangeError(`taken (${taken}) cannot exceed total (${total})`);
  if (total === 0) return 1;
  // Integer arithmetic before the single division, so 0.0005 boundaries round as written.
  return Math.round((taken * 1000) / total) / 1000;
}
