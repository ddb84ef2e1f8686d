import type { SeatingMode } from '../../catalogue/api';
import { assertNonNegativeInteger } from '../assert';

// SeatingMode ('reserved' | 'mixed' | 'singleGA' | 'multiGA') is the catalogue
// API's type, reused so the rule and the wire can never drift apart.

export interface SectionCounts {
  reservedSectionCount: number;
  /** General-admission sections. */
  gaSectionCount: number;
}

/** The mode plus the derived Presentation fields of storefront-spec.md section 3. */
export interface SeatingModeInfo {
  seatingMode: SeatingMode;
  hasReservedSection: boolean;
  hasGASection: boolean;
  hasMultiGASections: boolean;
  /** The spec's isGA is a count, not a flag: the number of general-admission sections. */
  isGA: number;
}

/**
 * reserved only; mixed (reserved plus general admission, any number of GA
 * sections); single GA (exactly one GA section and nothing reserved); multi GA
 * (more than one GA section and nothing reserved).
 *
 * A presentation without any section throws: no mode describes it, and
 * guessing one would show a seat map with nothing to buy.
 */
export function seatingMode(counts: SectionCounts): SeatingModeInfo {
  const { reservedSectionCount, gaSectionCount } = counts;
  assertNonNegativeInteger(reservedSectionCount, 'reservedSectionCount');
  assertNonNegativeInteger(gaSectionCount, 'gaSectionCount');
  if (reservedSectionCount === 0 && gaSectionCount === 0) {
    throw new RangeError('a presentation needs at least one section to have a seating mode');
  }
  const hasReservedSection = reservedSectionCount > 0;
  const hasGASection = gaSectionCount > 0;
  const hasMultiGASections = gaSectionCount > 1;
  let mode: SeatingMode;
  if (hasReservedSection) mode = hasGASection ? 'mixed' : 'reserved';
  else mode = hasMultiGASections ? 'multiGA' : 'singleGA';
  return { seatingMode: mode, hasReservedSection, hasGASection, hasMultiGASections, isGA: gaSectionCount };
}
