import { SEAT_FEATURE_CODES } from '../../../seats/seat-features';
import { SeatStatus } from '../../../seats/seat-status';
import type { RowSeatState } from '../row-seats';

/**
 * Test shorthand for one row, one character per column starting at x = 1:
 *   . available   x sold   s selected by this visitor   h on hold   b single-seat blocked
 *   k kept free (blocked, not for sale: distancing events)   o locked by someone else
 *   L M R available left/middle/right seat (31/32/33)   ' ' no seat (aisle or row end)
 */
export function row(picture: string): RowSeatState[] {
  const seats: RowSeatState[] = [];
  [...picture].forEach((cell, index) => {
    const x = index + 1;
    switch (cell) {
      case ' ':
        return;
      case '.':
        seats.push({ x, status: SeatStatus.Available, features: [] });
        return;
      case 'x':
        seats.push({ x, status: SeatStatus.Sold, features: [] });
        return;
      case 's':
        seats.push({ x, status: SeatStatus.Selected, features: [] });
        return;
      case 'h':
        seats.push({ x, status: SeatStatus.OnHold, features: [] });
        return;
      case 'k':
        seats.push({ x, status: SeatStatus.Blocked, features: [] });
        return;
      case 'o':
        seats.push({ x, status: SeatStatus.LockedByOther, features: [] });
        return;
      case 'b':
        seats.push({ x, status: SeatStatus.SingleSeatBlocked, features: [] });
        return;
      case 'L':
        seats.push({ x, status: SeatStatus.Available, features: [SEAT_FEATURE_CODES.isLeftSeat] });
        return;
      case 'M':
        seats.push({ x, status: SeatStatus.Available, features: [SEAT_FEATURE_CODES.isMiddleSeat] });
        return;
      case 'R':
        seats.push({ x, status: SeatStatus.Available, features: [SEAT_FEATURE_CODES.isRightSeat] });
        return;
      default:
        throw new Error(`unknown cell ${JSON.stringify(cell)}`);
    }
  });
  return seats;
}
