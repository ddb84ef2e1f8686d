import type { ApiPresentation } from '@hotline/shared';
import { SeatMap } from './SeatMap';

export interface SeatMapSlotProps {
  presentation: ApiPresentation;
}

/**
 * Where the seat map goes on the order page: give it a presentation, it fills
 * the region (see SeatMap.tsx and docs/seat-map.md).
 */
export function SeatMapSlot({ presentation }: SeatMapSlotProps) {
  return <SeatMap presentation={presentation} />;
}
