/**
 * The one place the seat engine reaches for the shared pure rules
 * (shared/src/rules/seats), so nothing here re-implements them.
 */
export {
  singleSeatBlocking,
  selectionGaps,
  expandSoldTogether,
  takenRatio,
  isPresentationSoldOut,
  isSectionSoldOut,
  bestAvailable,
  groupSeatsIntoRows,
} from '@hotline/shared';
export type { BestAvailableRow } from '@hotline/shared';
