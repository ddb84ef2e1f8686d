import { assertFiniteNumber, assertSafeInteger } from '../assert';

// A local reference: global lookups are slow in sandboxed contexts (jest's vm).
const { min } = Math;

/** What best-available needs of a seat; the server maps its seat records onto this. */
export interface BestAvailableSeat {
  /** Column inside the section; seats of one row with x differing by 1 sit side by side. */
  x: number;
  /** Row coordinate inside the section; orders the rows. */
  y: number;
  /** Seat centre in plan units, for distances to the focal point. */
  px: number;
  py: number;
  /** Seats with the same rowKey form one row (the plan's row, e.g. its RowName). */
  rowKey: string | number;
  available: boolean;
}

export interface BestAvailableRow<T extends BestAvailableSeat> {
  key: string | number;
  /** Position of the row when rows are ordered by y; adjacent indexes are adjacent rows. */
  index: number;
  /** All seats of the row, ascending x. */
  seats: T[];
}

/**
 * Groups a section's seats into rows ordered by their smallest y (then by first
 * appearance), each row's seats ascending by x. Sold rows are kept so that row
 * indexes, and with them "adjacent rows", do not shift with availability.
 */
export function groupSeatsIntoRows<T extends BestAvailableSeat>(seats: readonly T[]): BestAvailableRow<T>[] {
  const rowsByKey = new Map<string | number, { key: string | number; y: number; order: number; seats: T[] }>();
  seats.forEach((seat, index) => {
    assertSafeInteger(seat.x, `seats[${index}].x`);
    assertFiniteNumber(seat.y, `seats[${index}].y`);
    assertFiniteNumber(seat.px, `seats[${index}].px`);
    assertFiniteNumber(seat.py, `seats[${index}].py`);
    let row = rowsByKey.get(seat.rowKey);
    if (row === undefined) {
      row = { key: seat.rowKey, y: seat.y, order: rowsByKey.size, seats: [] };
      rowsByKey.set(seat.rowKey, row);
    }
    row.y = min(row.y, seat.y);
    row.seats.push(seat);
  });

  const rows = [...rowsByKey.values()].sort((a, b) => a.y - b.y || a.order - b.order);
  return rows.map((row, index) => {
    const sorted = row.seats.sort((a, b) => a.x - b.x);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]!.x === sorted[i - 1]!.x) {
        throw new RangeError(`row ${String(row.key)} has two seats at x=${sorted[i]!.x}`);
      }
    }
    return { key: row.key, index, seats: sorted };
  });
}

/**
 * The maximal runs of side-by-side available seats in a row (x differing by 1).
 * A run ends at a taken seat, an aisle (a gap in x) or the row end, so a
 * block's leftovers inside its run are the only free seats it can strand.
 */
export function availableRuns<T extends BestAvailableSeat>(rowSeats: readonly T[]): T[][] {
  const runs: T[][] = [];
  let current: T[] = [];
  for (const seat of rowSeats) {
    const continuesRun = current.length > 0 && seat.x === current[current.length - 1]!.x + 1;
    if (!seat.available) {
      if (current.length > 0) runs.push(current);
      current = [];
    } else if (continuesRun) {
      current.push(seat);
    } else {
      if (current.length > 0) runs.push(current);
      current = [seat];
    }
  }
  if (current.length > 0) runs.push(current);
  return runs;
}
