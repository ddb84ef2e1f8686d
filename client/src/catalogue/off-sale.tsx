import type { ApiPresentation } from '@hotline/shared';
import { useTranslation } from 'react-i18next';
import { formatJerusalemDateTime } from '../lib/datetime';
import { useLocale } from '../hooks/useLocale';

/** Outside its sale window by the server's clock (catalogue `saleWindow`): not yet on sale, or sales closed. */
export function offSaleOf(p: ApiPresentation): 'notYet' | 'closed' | null {
  if (p.saleWindow === 'notYet') return 'notYet';
  if (p.saleWindow === 'closed') return 'closed';
  return null;
}

/**
 * The badge a date outside its sale window shows instead of a way to buy it: short on screen, the whole sentence
 * (event, day, time and when sales open) for a screen reader, as the sold-out badge does.
 */
export function OffSaleBadge({
  presentation,
  state,
  vars,
  className = 'badge badge--muted',
}: {
  presentation: ApiPresentation;
  state: 'notYet' | 'closed';
  vars: Record<string, string>;
  className?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const opens = presentation.salesOpenAt ? formatJerusalemDateTime(presentation.salesOpenAt, locale) : '';
  return (
    <span className={className} data-testid="off-sale" data-off-sale={state}>
      <span aria-hidden="true">{t(state === 'notYet' ? 'booking.notYetOnSale' : 'booking.salesClosed')}</span>
      <span className="visually-hidden">
        {t(state === 'notYet' ? 'booking.notYetOnSaleAria' : 'booking.salesClosedAria', { ...vars, opens })}
      </span>
    </span>
  );
}
