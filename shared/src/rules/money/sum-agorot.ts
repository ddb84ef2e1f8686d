import { assertSafeInteger } from '../assert';

/** Sums agorot amounts; a fraction or NaN anywhere is a bug upstream, so it throws. */
export function sumAgorot(amounts: readonly number[]): number {
  let total = 0;
  amounts.forEach((amount, index) => {
    assertSafeInteger(amount, `amounts[${index}]`);
    total += amount;
  });
  assertSafeInteger(total, 'sum');
  return total === 0 ? 0 : total;
}
