import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoxOfficeHoldMethod, HoldOrderSummary } from '@hotline/shared';
import { userMessage } from '../api/user-message';
import { useLocale } from '../hooks/useLocale';
import { formatJerusalemDateTime, formatShekels, shekelsToAgorot } from '../lib/rules';
import { holdsApi } from './holds-api';
import './i18n';

/** The box office's unpaid hold orders (permission 267): take payment in cash or on the counter's terminal. */
export function BoxOfficeHoldsPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [holds, setHolds] = useState<HoldOrderSummary[] | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  // Bumped after a payment: the list is read again.
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    holdsApi
      .openAtBoxOffice()
      .then((r) => active && setHolds(r.holds))
      .catch(() => {
        if (!active) return;
        setHolds([]);
        setNotice({ ok: false, text: t('holds.boxOffice.loadFailed') });
      });
    return () => {
      active = false;
    };
  }, [version, t]);

  async function pay(h: HoldOrderSummary, method: BoxOfficeHoldMethod) {
    setBusy(h.reservationIdentifier);
    setNotice(null);
    try {
      const r = await holdsApi.payAtBoxOffice(h.reservationIdentifier, method, crypto.randomUUID());
      setNotice({
        ok: true,
        text: t('holds.boxOffice.paid', {
          id: r.reservationIdentifier,
          method: t(`holds.boxOffice.${method}`),
          amount: formatShekels(shekelsToAgorot(r.charged), locale),
        }),
      });
      setVersion((v) => v + 1);
    } catch (e) {
      setNotice({ ok: false, text: t('holds.boxOffice.failed', { message: userMessage(e, t) }) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="bo-panel bo-holds" aria-labelledby="bo-holds-title">
      <h2 id="bo-holds-title">{t('holds.boxOffice.title')}</h2>
      {notice && (
        <div className={notice.ok ? 'notice' : 'notice notice--error'} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </div>
      )}
      {holds !== null && holds.length === 0 && <p>{t('holds.boxOffice.empty')}</p>}
      {holds !== null && holds.length > 0 && (
        <div className="bo-table-wrap">
          <table className="bo-table">
            <thead>
              <tr>
                <th scope="col">{t('holds.list.reservation', { id: '' })}</th>
                <th scope="col">{t('holds.boxOffice.customer')}</th>
                <th scope="col">{t('holds.boxOffice.events')}</th>
                <th scope="col">{t('holds.boxOffice.deadline')}</th>
                <th scope="col">{t('holds.boxOffice.total')}</th>
                <th scope="col">{t('holds.boxOffice.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {holds.map((h) => (
                <tr key={h.reservationIdentifier} data-testid="bo-hold-row">
                  <td>
                    <bdi>{h.reservationIdentifier}</bdi>
                  </td>
                  <td>{h.customerName}</td>
                  <td>
                    {h.events.map((e) => (
                      <div key={e.presentationId}>
                        {e.name} · {formatJerusalemDateTime(e.dateTime, locale)} ·{' '}
                        {e.seats.map((s) => t('holds.list.seat', { row: s.row, seat: s.seat })).join('; ')}
                      </div>
                    ))}
                  </td>
                  <td>{formatJerusalemDateTime(h.deadline, locale)}</td>
                  <td>{formatShekels(shekelsToAgorot(h.total), locale)}</td>
                  <td>
                    <div className="button-row">
                      {(['cash', 'terminal'] as const).map((m) => (
                        <button
                          key={m}
                          type="button"
                          className="button button--secondary"
                          disabled={busy !== null}
                          onClick={() => void pay(h, m)}
                          aria-label={`${t(`holds.boxOffice.${m}`)}: ${h.reservationIdentifier}`}
                        >
                          {t(`holds.boxOffice.${m}`)}
                        </button>
                      ))}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
