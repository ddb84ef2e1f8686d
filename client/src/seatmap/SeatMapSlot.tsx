import type { ApiPresentation } from '@hotline/shared';
import { useTranslation } from 'react-i18next';

export interface SeatMapSlotProps {
  presentation: ApiPresentation;
}

/**
 * Where the seat map goes on the order page. The canvas (konva) and its model
 * (client/src/seatmap/model/) are built separately; this boundary is all the order
 * page knows: give it a presentation, it fills the region.
 */
export function SeatMapSlot({ presentation }: SeatMapSlotProps) {
  const { t } = useTranslation();
  return (
    <div
      className="seatmap-slot"
      role="region"
      aria-label={t('order.seatMapLabel')}
      data-presentation-id={presentation.id}
      data-venue-id={presentation.venueId}
      data-seatplan-id={presentation.seatplanId}
    >
      <svg className="seatmap-slot__art" viewBox="0 0 240 120" aria-hidden="true" focusable="false">
        <path d="M40 18 Q120 2 200 18" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
        {Array.from({ length: 5 }, (_, row) =>
          Array.from({ length: 11 - (row % 2) }, (_, col) => (
            <rect
              key={`${row}-${col}`}
              x={30 + col * 17 + (row % 2) * 8.5}
              y={36 + row * 16}
              width="12"
              height="10"
              rx="3"
              fill="currentColor"
              opacity={0.25 + ((row * 7 + col * 3) % 5) * 0.1}
            />
          )),
        )}
      </svg>
      <p>{t('order.seatMapPending')}</p>
    </div>
  );
}
