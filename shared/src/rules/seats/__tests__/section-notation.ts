import type { BestAvailableSeat } from '../best-available-rows';

export interface TestSeat extends BestAvailableSeat {
  rowKey: string;
}

/**
 * Test shorthand for a section: one string per row, front row first (row A at y = 1),
 * one character per column from x = 1: '.' free, 'x' taken, ' ' no seat (aisle).
 * Seat centres sit on a 10-unit grid: px = 10x, py = 10y.
 */
export function section(pictures: readonly string[]): TestSeat[] {
  const seats: TestSeat[] = [];
  pictures.forEach((picture, rowIndex) => {
    const rowKey = String.fromCharCode(65 + rowIndex);
    const y = rowIndex + 1;
    [...picture].forEach((cell, column) => {
      if (cell === ' ') return;
      if (cell !== '.' && cell !== 'x') throw new Error(`unknown cell ${JSON.stringify(cell)}`);
      const x = column + 1;
      seats.push({ x, y, px: x * 10, py: y * 10, rowKey, available: cell === '.' });
    });
  });
  return seats;
}

/** 'A3' style label of a seat. */
export const label = (seat: TestSeat): string => `${seat.rowKey}${seat.x}`;

/** 'A3-A5' for a block of side-by-side seats in one row; parts joined with '+'. */
export function blockLabel(seats: readonly TestSeat[]): string {
  const parts: TestSeat[][] = [];
  for (const seat of seats) {
    const part = parts[parts.length - 1];
    if (part && part[0]!.rowKey === seat.rowKey) part.push(seat);
    else parts.push([seat]);
  }
  return parts
    .map((part) => (part.length === 1 ? label(part[0]!) : `${label(part[0]!)}-${label(part[part.length - 1]!)}`))
    .join('+');
}
