import { findOrphanSeats } from './orphan-seats';
import type { RowSeatState } from './row-seats';

/**
 * The seats a selection would strand (memberships-backoffice-spec.md section 5:
 * "a selection must not leave a single empty seat"): orphans after taking
 * `selectionXs` that were not orphans before.
 *
 * Only new orphans count. A seat already stranded by earlier sales is nobody's
 * fault in this request, and refusing every selection in its row would make the
 * rest of the row unsellable.
 */
export function singleSeatGapsCreated(rowSeats: readonly RowSeatState[], selectionXs: Iterable<number>): number[] {
  const before = new Set(findOrphanSeats(rowSeats));
  return findOrphanSeats(rowSeats, selectionXs).filter((x) => !before.has(x));
}

/** True when taking `selectionXs` strands a single free seat; the server refuses with SINGLE_SEAT_GAP. */
export function leavesSingleSeatGap(rowSeats: readonly RowSeatState[], selectionXs: Iterable<number>): boolean {
  return singleSeatGapsCreated(rowSeats, selectionXs).length > 0;
}
