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
} from '@hotline/shared';
