import { assertSafeInteger } from '../assert';
import { isSeatAvailableCode } from '../../seats/seat-status';
import { indexRowByX, type RowSeatState } from './row-seats';
import { isExemptFromSingleSeatRule } from './single-seat-exemption';

/**
 * The free seats of one row that would be stranded once the seats at
 * `takenAfter` are taken as well: a free seat (status 1) whose both sides are
 * closed - a taken seat, or no seat (row end, aisle) - with at least one taken
 * seat beside it. A seat with no neighbours at all is a single by design, not an
 * orphan, and left/middle/right seats are exempt as in single-seat blocking.
 *
 * "Taken" is every status other than available: seats sold, locked by anyone,
 * selected or held by this visitor are all out of reach for the next buyer.
 * Returns ascending x values.
 */
export function findOrphanSeats(rowSeats: readonly RowSeatState[], takenAfter: Iterable<number> = []): number[] {
  const byX = indexRowByX(rowSeats);
  const alsoTaken = new Set<number>();
  for (const x of takenAfter) {
    assertSafeInteger(x, 'takenAfter x');
    if (!byX.has(x)) throw new RangeError(`takenAfter names x=${x}, which is not a seat of this row`);
    alsoTaken.add(x);
  }
  const isFree = (x: number): boolean => {
    const seat = byX.get(x);
    return seat !== undefined && isSeatAvailableCode(seat.status) && !alsoTaken.has(x);
  };
  const isTakenSeat = (x: number): boolean => byX.has(x) && !isFree(x);

  const orphans: number[] = [];
  for (const seat of byX.values()) {
    if (!isFree(seat.x) || isExemptFromSingleSeatRule(seat.features)) continue;
    const left = seat.x - 1;
    const right = seat.x + 1;
    if (isFree(left) || isFree(right)) continue;
    if (isTakenSeat(left) || isTakenSeat(right)) orphans.push(seat.x);
  }
  return orphans.sort((a, b) => a - b);
}
