import { assertFiniteNumber, assertSafeInteger } from '../assert';
import { roundHalfAwayFromZero } from './round-half-away-from-zero';

/**
 * `percent` percent of an agorot amount, rounded to whole agorot with halves
 * going up (away from zero), e.g. 5% of ₪0.50 is 2.5 agorot -> 3 agorot.
 * `percent` is a percentage (17 means 17%), not a rate.
 */
export function percentOf(agorot: number, percent: number): number {
  assertSafeInteger(agorot, 'agorot');
  assertFiniteNumber(percent, 'percent');
  const result = roundHalfAwayFromZero((agorot * percent) / 100);
  assertSafeInteger(result, 'result');
  return result;
}
