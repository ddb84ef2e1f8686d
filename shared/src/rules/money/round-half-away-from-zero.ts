import { assertFiniteNumber } from '../assert';

// Below this magnitude 15 significant digits still reach past the decimal point,
// so rounding to them only removes binary noise, never real digits.
const NOISE_FREE_LIMIT = 1e15;

/**
 * Rounds to a whole number, halves away from zero (2.5 -> 3, -2.5 -> -3), so a
 * refund is the exact mirror of the charge it reverses.
 *
 * Binary floating point stores 1.005 * 100 as 100.49999999999999; people mean
 * 100.5. Re-reading the value at 15 significant digits (all a double holds
 * reliably) drops that noise before rounding. Never returns -0, which would
 * print as "-0" and fail Object.is comparisons.
 */
export function roundHalfAwayFromZero(value: number): number {
  assertFiniteNumber(value, 'value');
  const denoised = Math.abs(value) < NOISE_FREE_LIMIT ? Number(value.toPrecision(15)) : value;
  const rounded = Math.sign(denoised) * Math.round(Math.abs(denoised));
  return rounded === 0 ? 0 : rounded;
}
