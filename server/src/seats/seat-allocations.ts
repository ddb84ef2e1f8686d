import { keptFromTaker, seatKey, type SetAsideTaker } from '@hotline/shared';
import type { Layout, LayoutSeat } from './seat-layout';

/** One row of seat_allocation (migrations 1795740000000, 1796400000000): a place of a presentation set aside. */
export interface AllocationRow {
  section_id: number;
  x: number;
  y: number;
  allocation_id: number;
  /** Before it the public is kept off the seat; null: until released by hand (docs/decisions/024). */
  release_at: Date | null;
}

/**
 * Puts each seat's AllocationId and set-aside on the cached layout (reserved seats on the seat, general-admission
 * places on their section), so every seat-status row carries it, replacing what the layout had (a node re-reads
 * them when the date changes). Places that are not on the plan are ignored. Reading the AllocationId back is
 * channels' rule (channels/seat-allocation.ts, allocationOf); the set-aside is read by takerMayTake below.
 */
export function applyAllocations(layout: Layout, rows: readonly AllocationRow[]): void {
  for (const seat of layout.seats.values()) {
    delete seat.allocationId;
    delete seat.setAside;
  }
  for (const section of layout.sections.values()) delete section.allocations;
  for (const r of rows) {
    const seat = layout.seats.get(seatKey(r.section_id, r.x, r.y));
    if (seat) {
      seat.allocationId = r.allocation_id;
      seat.setAside = { releaseAt: r.release_at };
      continue;
    }
    const section = layout.sections.get(r.section_id);
    if (section && !section.isReserved && r.x >= 1 && r.x <= section.capacity) {
      (section.allocations ??= new Map()).set(r.x, r.allocation_id);
    }
  }
}

/** Whether `taker` may take the seat at `nowMs`: priced, and not set aside against it (shared keptFromTaker). */
export function takerMayTake(seat: LayoutSeat, taker: SetAsideTaker, nowMs: number): boolean {
  return seat.sellable && (seat.setAside === undefined || !keptFromTaker(seat.setAside, taker, new Date(nowMs)));
}
