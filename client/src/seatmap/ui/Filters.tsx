import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatMapController } from '../controller';
import { hasAccessibleSeats } from '../model/seat-filter';

/**
 * Filters that point seats out on the map (rings; nothing is hidden): wheelchair spaces with their companion seats,
 * and a price cap over the all-in prices on sale. The number of matching free seats is announced.
 */
export function Filters({ controller }: { controller: SeatMapController }) {
  const { t } = useTranslation();
  const id = useId();
  const [accessible, setAccessible] = useState(controller.filter.accessible);
  const [maxPrice, setMaxPrice] = useState<number | null>(controller.filter.maxPrice);
  const [matches, setMatches] = useState<number | null>(null);
  const offerAccessible = useMemo(() => hasAccessibleSeats(controller.store), [controller]);
  const prices = useMemo(() => {
    const set = new Set<number>();
    for (const g of controller.groupByZone.values()) {
      const p = controller.groupPrice(g);
      if (p !== null) set.add(p);
    }
    return [...set].sort((a, b) => a - b);
  }, [controller]);
  if (!offerAccessible && prices.length < 2) return null;

  const apply = (next: { accessible: boolean; maxPrice: number | null }) => {
    setAccessible(next.accessible);
    setMaxPrice(next.maxPrice);
    const n = controller.setFilter(next);
    setMatches(next.accessible || next.maxPrice !== null ? n : null);
  };

  return (
    <section className="seatmap-panel__block seatmap-filters" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="seatmap-panel__title">
        {t('seatmap.filters.title')}
      </h2>
      {offerAccessible && (
        <label className="seatmap-filters__check">
          <input
            type="checkbox"
            checked={accessible}
            onChange={(e) => apply({ accessible: e.target.checked, maxPrice })}
            data-testid="filter-accessible"
          />
          {t('seatmap.filters.accessible')}
        </label>
      )}
      {prices.length > 1 && (
        <>
          <label htmlFor={`${id}-price`} className="seatmap-best__label">
            {t('seatmap.filters.maxPrice')}
          </label>
          <select
            id={`${id}-price`}
            className="seatmap-select"
            value={maxPrice ?? ''}
            onChange={(e) => apply({ accessible, maxPrice: e.target.value === '' ? null : Number(e.target.value) })}
            data-testid="filter-price"
          >
            <option value="">{t('seatmap.filters.anyPrice')}</option>
            {prices.map((p) => (
              <option key={p} value={p}>
                {t('seatmap.filters.upTo', { price: controller.opts.formatPrice(p) })}
              </option>
            ))}
          </select>
        </>
      )}
      <p className="seatmap-filters__count" role="status" data-testid="filter-count">
        {matches === null ? '' : t('seatmap.filters.matches', { count: matches })}
      </p>
    </section>
  );
}
