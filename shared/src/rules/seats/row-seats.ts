import { assertSafeInteger } from '../assert';

/** One seat of a row as the single-seat rules need it. `x` is the seat's column. */
export interface RowSeatState {
  x: number;
  /** Seat status code (SeatStatus): 1 available, 2 selected, 3 on hold, others unavailable. */
  status: number;
  /** Feature codes (SEAT_FEATURE_CODES); absent means none. */
  features?: readonly number[];
}

/**
 * Indexes a row by column. Seats need not be sorted; gaps in x are aisles, so
 * "next to" is always x ± 1 and never "the next seat in the array".
 */
export function indexRowByX<T extends { x: number }>(rowSeats: readonly T[]): Map<number, T> {
  const byX = new Map<number, T>();
  rowSeats.forEach((seat, index) => {
    assertSafeInteger(seat.x, `rowSeats[${index}].x`);
    if (byX.has(seat.x)) throw new RangeError(`rowSeats has two seats at x=${seat.x}`);
    byX.set(seat.x, seat);
  });
  return byX;
}
