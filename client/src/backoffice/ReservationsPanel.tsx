import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatJerusalemDateTime, formatShekels } from '@hotline/shared';
import { ApiError } from '../api/client';
import { useLocale } from '../hooks/useLocale';
import { pickText } from '../lib/localized';
import { backOfficeApi } from './backoffice-api';

type Reservation = Awaited<ReturnType<typeof backOfficeApi.producerReservations>>['reservations'][number];

/**
 * Producer reservations (permission 268): your businesses' live orders, with "send again" and "cancel". Cancel asks
 * first (in the row: what happens, then "yes" or "keep"); a cancelled order leaves the list.
 */
export function ReservationsPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [list, setList] = useState<Reservation[] | null | 'failed'>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);

  // The confirmation takes focus on its safe choice, so a second Enter never cancels by accident.
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
  }, [confirming]);

  useEffect(() => {
    let current = true;
    backOfficeApi.producerReservations().then(
      (r) => current && setList(r.reservations),
      () => current && setList('failed'),
    );
    return () => {
      current = false;
    };
  }, []);

  const sendAgain = async (id: string) => {
    setNotice(null);
    try {
      await backOfficeApi.sendAgain(id);
      setNotice(t('backOffice.reservations.sent', { id }));
    } catch (e) {
      setNotice(e instanceof ApiError && e.status < 500 && e.message ? e.message : t('backOffice.reports.failed'));
    }
  };

  const cancel = async (r: Reservation) => {
    const id = r.ReservationIdentifier;
    setNotice(null);
    setBusy(true);
    try {
      const answer = await backOfficeApi.producerCancel(id, r.ResStateId === 2);
      if ('err' in answer) setNotice(answer.err);
      else {
        setNotice(t('backOffice.reservations.cancelled', { id }));
        setList((l) => (Array.isArray(l) ? l.filter((x) => x.ReservationIdentifier !== id) : l));
      }
      setConfirming(null);
    } catch (e) {
      setNotice(e instanceof ApiError && e.status < 500 && e.message ? e.message : t('backOffice.reports.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="bo-card" aria-labelledby="bo-reservations-title">
      <h2 id="bo-reservations-title">{t('backOffice.reservations.title')}</h2>
      <p className="bo-notice" role="status">
        {notice}
      </p>
      {list === null && <p role="status">{t('backOffice.reports.loading')}</p>}
      {list === 'failed' && <p role="alert">{t('backOffice.reports.failed')}</p>}
      {Array.isArray(list) &&
        (list.length === 0 ? (
          <p>{t('backOffice.reservations.empty')}</p>
        ) : (
          <div className="bo-table-wrap">
            <table className="bo-table" id="bo-reservations">
              <thead>
                <tr>
                  <th scope="col">{t('backOffice.reservations.columns.id')}</th>
                  <th scope="col">{t('backOffice.reports.columns.show')}</th>
                  <th scope="col">{t('backOffice.reports.columns.date')}</th>
                  <th scope="col">{t('backOffice.reservations.columns.customer')}</th>
                  <th scope="col">{t('backOffice.reservations.columns.tickets')}</th>
                  <th scope="col">{t('backOffice.reservations.columns.total')}</th>
                  <th scope="col">{t('backOffice.reservations.columns.state')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('backOffice.reservations.columns.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((r) => (
                  <tr key={r.ReservationIdentifier}>
                    <th scope="row" dir="ltr">
                      {r.ReservationIdentifier}
                    </th>
                    <td>
                      {pickText(locale, r.FeatureName, r.FeatureNameEn, r.FeatureNameRu, r.FeatureNameAr)} ·{' '}
                      {pickText(locale, r.LocationName, r.LocationNameEn, r.LocationNameRu, r.LocationNameAr)}
                    </td>
                    <td>{formatJerusalemDateTime(r.StartDateTime, locale)}</td>
                    <td>
                      {/* The buyer's own name, as typed: not translated. */}
                      <bdi translate="no">{r.CustomerName}</bdi>
                      {r.MobileLast4 && <span dir="ltr"> ···{r.MobileLast4}</span>}
                    </td>
                    <td>{r.Tickets}</td>
                    <td>{formatShekels(r.TotalAgorot, locale)}</td>
                    <td>{t(`backOffice.reservations.state.${r.ResStateId === 2 ? 'hold' : 'paid'}`)}</td>
                    <td>
                      {confirming === r.ReservationIdentifier ? (
                        <div
                          className="bo-confirm"
                          role="group"
                          aria-labelledby={`bo-confirm-${r.ReservationIdentifier}`}
                        >
                          <p id={`bo-confirm-${r.ReservationIdentifier}`}>
                            {t('backOffice.reservations.confirmCancel', { id: r.ReservationIdentifier })}
                          </p>
                          <button
                            type="button"
                            className="button button--danger"
                            disabled={busy}
                            onClick={() => void cancel(r)}
                          >
                            {t('backOffice.reservations.confirmYes', { id: r.ReservationIdentifier })}
                          </button>
                          <button
                            type="button"
                            className="button"
                            ref={keepRef}
                            disabled={busy}
                            onClick={() => setConfirming(null)}
                          >
                            {t('backOffice.reservations.keep')}
                          </button>
                        </div>
                      ) : (
                        <div className="bo-actions">
                          {r.ResStateId !== 2 && (
                            <Link
                              className="button"
                              to={`/backoffice/orders/${encodeURIComponent(r.ReservationIdentifier)}/change?lang=${locale}`}
                              aria-label={t('backOffice.reservations.changeSeatsFor', { id: r.ReservationIdentifier })}
                            >
                              {t('backOffice.reservations.changeSeats')}
                            </Link>
                          )}
                          <button
                            type="button"
                            className="button"
                            onClick={() => void sendAgain(r.ReservationIdentifier)}
                            aria-label={t('backOffice.reservations.sendAgainFor', { id: r.ReservationIdentifier })}
                          >
                            {t('backOffice.reservations.sendAgain')}
                          </button>
                          <button
                            type="button"
                            className="button"
                            disabled={busy}
                            onClick={() => setConfirming(r.ReservationIdentifier)}
                            aria-label={t('backOffice.reservations.cancelFor', { id: r.ReservationIdentifier })}
                          >
                            {t('backOffice.reservations.cancel')}
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}
