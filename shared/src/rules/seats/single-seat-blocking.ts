import { isSeatAvailableCode, isSeatUnavailableCode } from '../../seats/seat-status';
import { indexRowByX, type RowSeatState } from './row-seats';
import { isExemptFromSingleSeatRule } from './single-seat-exemption';

/**
 * Seating policy 3, single-seat blocking (storefront-spec.md section 4): "an
 * available seat directly next to an unavailable seat that is not a left, middle
 * or right seat is marked as a blocked single seat and unavailable".
 *
 * Read literally, every free seat beside a sold one would be blocked, so a row
 * with one sale would lose its neighbours and become unsellable piece by piece.
 * The intent is the classic single-seat gap, so a seat is blocked when ALL hold:
 * - it is available (status 1);
 * - it is not a left/middle/right seat (31/32/33) - the "that is not" clause is
 *   read as applying to the available seat, the one being blocked;
 * - at least one direct neighbour (x ± 1) exists and is unavailable;
 * - its other side is closed too: unavailable, or no seat there (row end or aisle).
 * So it is a free seat that nobody could buy together with a neighbour.
 *
 * Only codes other than 1/2/3 count as unavailable, as the spec defines it: a
 * seat this visitor selected (2) or holds (3) does not block its neighbour, the
 * selection rules (`leavesSingleSeatGap`) police that instead. A seat with no
 * neighbours at all is a single by design and is not blocked. Blocking never
 * cascades: a blocked seat's neighbours are already closed.
 *
 * Returns the blocked x values in ascending order.
 */
export function singleSeatBlocking(rowSeats: readonly RowSeatState[]): number[] {
  const byX = indexRowByX(rowSeats);
  const isClosed = (x: number): boolean => {
    const seat = byX.get(x);
    return seat === undefined || isSeatUnavailableCode(seat.status);
  };
  const isUnavailableSeat = (x: number): boolean => {
    const seat = byX.get(x);
    return seat !== undefined && isSeatUnavailableCode(seat.status);
  };

  const blocked: number[] = [];
  for (const seat of byX.values()) {
    if (!isSeatAvailableCode(seat.status) || isExemptFromSingleSeatRule(seat.features)) continue;
    const left = seat.x - 1;
    const right = seat.x + 1;
    const besideUnavailable = isUnavailableSeat(left) || isUnavailableSeat(right);
    if (besideUnavailable && isClosed(left) && isClosed(right)) blocked.push(seat.x);
  }
  return blocked.sort((a, b) => a - b);
}
