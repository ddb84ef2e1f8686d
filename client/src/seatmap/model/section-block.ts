import { apply, invert, type Point } from '@hotline/shared';
import type { SeatStore } from './seat-store';

/**
 * The box office's block: a drag from one seat to another selects in the frame of the section it starts in, so a
 * drag along a turned row takes that row, not every seat of the screen rectangle around it. In section-local units
 * (the section's own axes: rows run along x) the drag's two ends span a box, widened by a little over half a seat on
 * every side so a drag along one row (a box with no height) still holds it and the rows beside it stay out. Only
 * seats of that section: a block never crosses an aisle into the next section (the caller widens it on purpose).
 */
export interface SectionBlock {
  section: number;
  /** Seat indices of the section inside the box, ascending. */
  seats: number[];
  /** The box's corners on the plan (clockwise from the drag's start), to draw it turned with the section. */
  corners: Point[];
}

/** A little over half a seat: a drag along a row holds it; the next row (a seat and a gap away) stays out. */
const PAD_SEATS = 0.6;

export function sectionBlock(store: SeatStore, section: number, from: Point, to: Point): SectionBlock {
  const info = store.sections[section]!;
  const toLocal = invert(info.transform);
  const a = apply(toLocal, from.x, from.y);
  const b = apply(toLocal, to.x, to.y);
  const pad = store.typicalSeatSize * PAD_SEATS;
  const x0 = Math.min(a.x, b.x) - pad;
  const x1 = Math.max(a.x, b.x) + pad;
  const y0 = Math.min(a.y, b.y) - pad;
  const y1 = Math.max(a.y, b.y) + pad;
  const seats: number[] = [];
  for (let i = info.seatStart; i < info.seatEnd; i++) {
    const lx = store.localX[i]!;
    const ly = store.localY[i]!;
    if (lx >= x0 && lx <= x1 && ly >= y0 && ly <= y1) seats.push(i);
  }
  const corners = [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ].map(([x, y]) => apply(info.transform, x!, y!));
  return { section, seats, corners };
}
