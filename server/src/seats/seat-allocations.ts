import { seatKey } from '@hotline/shared';
import type { Layout } from './seat-layout';

/** One row of seat_allocation (migration 1795740000000): a place of a presentation set aside for mini-sites / the live domain. */
export interface AllocationRow {
  section_id: number;
  x: number;
  y: number;
  allocation_id: number;
}

/**
 * Puts each seat's AllocationId on the cached layout (reserved seats on the seat, general-admission places on
 * their section), so every seat-status row carries it. Places that are not on the plan are ignored. Reading it
 * back is channels' rule (channels/seat-allocation.ts, allocationOf).
 */
export function applyAllocations(layout: Layout, rows: readonly AllocationRow[]): void {
  for (const r of rows) {
    const seat = layout.seats.get(seatKey(r.section_id, r.x, r.y));
    if (seat) {
      seat.allocationId = r.allocation_id;
      continue;
    }
    const section = layout.sections.get(r.section_id);
    if (section && !section.isReserved && r.x >= 1 && r.x <= section.capacity) {
      (section.allocations ??= new Map()).set(r.x, r.allocation_id);
    }
  }
}
