import { assertFiniteNumber, assertSafeInteger } from '../assert';
import { roundHalfAwayFromZero } from './round-half-away-from-zero';

/**
 * Converts a shekel amount (as prices arrive from forms and legacy APIs) to whole
 * agorot, the unit every other money rule works in, so sums never drift.
 * Sub-agora fractions round half away from zero (1.005 -> 101).
 */
export function shekelsToAgorot(shekels: number): number {
  assertFiniteNumber(shekels, 'shekels');
  const agorot = roundHalfAwayFromZero(shekels * 100);
  assertSafeInteger(agorot, 'agorot');
  return agorot;
}
