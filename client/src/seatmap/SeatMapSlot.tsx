import type { ApiPresentation } from '@hotline/shared';
import { SeatMap } from './SeatMap';

export interface SeatMapSlotProps {
  presentation: ApiPresentation;
  /** What the map's Continue does (the order page moves to the tickets step); default: checkout. */
  onContinue?: () => void;
}

/**
 * Where the seat map goes on the order page: give it a presentation, it fills
 * the region (see SeatMap.tsx and docs/seat-map.md).
 */
export function SeatMapSlot({ presentation, onContinue }: SeatMapSlotProps) {
  return <SeatMap presentation={presentation} onContinue={onContinue} />;
}
