import { NO_ALLOCATION, seatKey } from '@hotline/shared';

/**
 * The part of a seat layout (seats' Layout, seat-layout.ts) the live-domain allocation rule reads. Declared here so
 * channels imports nothing from seats: seats asks channels for the channel scope, so that import closed a context
 * cycle. A seats Layout satisfies it as is.
 */
export interface AllocatedLayout {
  presentation: { id: number };
  sections: ReadonlyMap<number, { id: number; isReserved: boolean; allocations?: ReadonlyMap<number, number> }>;
  seats: ReadonlyMap<string, { rowName: string; seatName: string; allocationId?: number }>;
}

/** The AllocationId of one place (-1 when it has none), as seats' applyAllocations put it on the layout. */
export function allocationOf(layout: AllocatedLayout, sectionId: number, x: number, y: number): number {
  const seat = layout.seats.get(seatKey(sectionId, x, y));
  if (seat) return seat.allocationId ?? NO_ALLOCATION;
  return layout.sections.get(sectionId)?.allocations?.get(x) ?? NO_ALLOCATION;
}
