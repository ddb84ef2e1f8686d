import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HoldOrderSummary } from '@hotline/shared';
import { useLocale } from '../hooks/useLocale';
import { formatJerusalemDateTime, formatShekels, shekelsToAgorot } from '../lib/rules';
import { holdsApi } from './holds-api';
import type { HoldPlacedState } from './HoldOrderOption';
import './i18n';

/** The customer area's hold orders: each with its pay-and-collect deadline and state (docs/hold-orders.md). */
export function HoldsPanel({ placed }: { placed: HoldPlacedState['holdPlaced'] | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [holds, setHolds] = useState<HoldOrderSummary[] | null>(null);

  useEffect(() => {
    let active = true;
    holdsApi
      .mine()
      .then((r) => active && setHolds(r.holds))
      .catch(() => active && setHolds([]));
    return () => {
      active = false;
    };
  }, []);

  return (
    <div className="ca-holds">
      <h2 className="ca-section-title">{t('holds.list.title')}</h2>
      {placed && (
        <div className="notice" role="status" data-testid="hold-placed" data-reservation={placed.reservationIdentifier}>
          {t('holds.list.placed', {
            id: placed.reservationIdentifier,
            deadline: formatJerusalemDateTime(placed.holdDeadline, locale),
          })}
        </div>
      )}
      {holds !== null && holds.length === 0 && <p className="ca-empty">{t('holds.list.empty')}</p>}
      {holds !== null && holds.length > 0 && (
        <ul className="ca-list">
          {holds.map((h) => (
            <li
              key={h.reservationIdentifier}
              className="ca-card"
              data-testid="hold-card"
              data-state={h.state}
              data-reservation={h.reservationIdentifier}
            >
              <p>
                <strong>{t('holds.list.reservation', { id: h.reservationIdentifier })}</strong>
                {' · '}
                <span>{t(`holds.list.state.${h.state}`)}</span>
              </p>
              <p>{t('holds.list.deadline', { deadline: formatJerusalemDateTime(h.deadline, locale) })}</p>
              <p>{t('holds.list.total', { amount: formatShekels(shekelsToAgorot(h.total), locale) })}</p>
              {h.events.map((e) => (
                <div key={e.presentationId}>
                  <p>
                    {e.name} · {formatJerusalemDateTime(e.dateTime, locale)}
                  </p>
                  <p>{e.seats.map((s) => t('holds.list.seat', { row: s.row, seat: s.seat })).join('; ')}</p>
                </div>
              ))}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
