import { SeatStatus } from '../../seats/seat-status';
import { findOrphanSeats } from './orphan-seats';
import type { RowSeatState } from './row-seats';

/**
 * The no-single-seat-gap rule (memberships-backoffice-spec.md section 5: "a selection must not leave a single empty
 * seat"), judged on the visitor's WHOLE selection, never on one click in isolation.
 *
 * A buyer picks seats one at a time. Judged click by click, the first seat of a pair next to a row end ("13" of 14)
 * would strand the end seat, and the second seat of "7 and 9" would strand 8, so the natural order of picking was
 * refused although the finished selection leaves no gap. The visitor's own seats are therefore never the reason a gap
 * counts against the next click: the question is what the selection as a whole leaves next to OTHER people's seats
 * and the row ends.
 *
 * Own seats: status 2 (selected by this visitor) plus `addedXs` (the seats being locked now).
 */

/**
 * The gaps the visitor's whole selection leaves in one row: free seats stranded (see `findOrphanSeats`) once the own
 * seats are taken, that were not stranded with those seats free. A seat stranded by other people's sales alone is
 * nobody's fault in this selection and does not count (refusing it would make the rest of the row unsellable).
 * Every gap returned borders one of the visitor's own seats, so the visitor can close it. Ascending x values.
 */
export function selectionGaps(rowSeats: readonly RowSeatState[], addedXs: Iterable<number> = []): number[] {
  const own = new Set<number>(addedXs);
  for (const seat of rowSeats) if (seat.status === SeatStatus.Selected) own.add(seat.x);
  const withoutSelection = rowSeats.map((seat) => (own.has(seat.x) ? { ...seat, status: SeatStatus.Available } : seat));
  const before = new Set(findOrphanSeats(withoutSelection));
  return findOrphanSeats(withoutSelection, own).filter((x) => !before.has(x));
}

/**
 * The lock-time rule the seat engine applies (the Lua lock script mirrors it; a randomized test checks both agree).
 * While a selection is in progress a gap beside one's own seat is fine: the visitor can still pick it. It becomes
 * unfillable only when the visitor cannot add enough seats to close every gap the selection leaves, so a lock is
 * refused (SINGLE_SEAT_GAP) when the gaps left after it outnumber `seatsLeftToAdd` (the order's maximum minus the
 * visitor's seats after this lock). With the maximum reached, the selection must be gap-free as it stands.
 */
export function lockLeavesUnfillableGap(
  rowSeats: readonly RowSeatState[],
  lockXs: Iterable<number>,
  seatsLeftToAdd: number,
): boolean {
  return selectionGaps(rowSeats, lockXs).length > Math.max(0, seatsLeftToAdd);
}

/** True when the finished selection leaves a single free seat: checked before the order is committed. */
export function selectionLeavesSingleSeatGap(rowSeats: readonly RowSeatState[]): boolean {
  return selectionGaps(rowSeats).length > 0;
}
