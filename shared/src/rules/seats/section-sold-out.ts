import { assertNonNegativeInteger } from '../assert';

/**
 * A section is sold out when none of its seats is available; a section with no
 * seats at all is sold out too (storefront-spec.md section 4), so an empty GA
 * area or a placeholder section never shows as open for sale.
 */
export function isSectionSoldOut(sectionSeatCount: number, availableCount: number): boolean {
  assertNonNegativeInteger(sectionSeatCount, 'sectionSeatCount');
  assertNonNegativeInteger(availableCount, 'availableCount');
  if (availableCount > sectionSeatCount) {
    throw new RangeError(`availableCount (${availableCount}) cannot exceed sectionSeatCount (${sectionSeatCount})`);
  }
  return sectionSeatCount === 0 || availableCount === 0;
}
