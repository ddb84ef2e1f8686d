import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { formatJerusalemDateTime, shekelsToAgorot, type SystemVoucherHistoryResponse } from '@hotline/shared';
import { ApiError } from '../api/client';
import { money } from '../booking/format';
import { getVoucherHistory } from './gift-api';
import { useLocale } from '../hooks/useLocale';
import { pickText } from '../lib/localized';
import '../booking/booking.css';
import './gifts.css';

/**
 * /system-vouchers/history: a voucher's balance and history (GET /system-vouchers/:ref/history). The code is typed
 * (or handed over in navigation state from the customer area), never put in the page address: it is the voucher.
 */
export default function VoucherHistoryPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const inputId = useId();
  const given = (useLocation().state as { reference?: string } | null)?.reference ?? '';
  const [code, setCode] = useState(given);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [data, setData] = useState<SystemVoucherHistoryResponse | null>(null);

  async function load(reference: string) {
    if (!reference.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      setData(await getVoucherHistory(reference.trim()));
    } catch (e) {
      setData(null);
      setError(e instanceof ApiError ? e.message : t('gifts.loadFailed'));
    } finally {
      setBusy(false);
    }
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    void load(code);
  }
  const date = (iso: string) => formatJerusalemDateTime(iso, locale);
  return (
    <div className="container page gift-page" data-testid="voucher-history-page">
      <h1 className="booking-page__title">{t('gifts.history.title')}</h1>
      <form className="booking-card" onSubmit={submit} noValidate>
        <label htmlFor={inputId} className="field__label">
          {t('voucher.label')}
        </label>
        <div className="inline-form">
          <input
            id={inputId}
            className="input inline-form__input"
            dir="ltr"
            autoComplete="off"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {t('gifts.history.show')}
          </button>
        </div>
        {error && (
          <p id={`${inputId}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </form>
      {data && (
        <section className="booking-card" aria-labelledby="history-title" data-testid="voucher-history">
          <h2 id="history-title" className="booking-card__title">
            {pickText(locale, data.Name, data.NameEn, data.NameRu, data.NameAr)} · <bdi dir="ltr">{data.Reference}</bdi>
          </h2>
          <dl className="confirmation__facts">
            <div>
              <dt>{t('gifts.history.balance')}</dt>
              <dd data-testid="voucher-balance">{money(shekelsToAgorot(data.Balance), locale)}</dd>
            </div>
            <div>
              <dt>{t('gifts.history.value')}</dt>
              <dd>{money(shekelsToAgorot(data.Value), locale)}</dd>
            </div>
            <div>
              <dt>{t('gifts.history.valid')}</dt>
              <dd>{data.EndDate ? date(data.EndDate) : t('gifts.history.noEnd')}</dd>
            </div>
            <div>
              <dt>{t('gifts.history.status')}</dt>
              <dd>
                {t(data.IsActive ? 'gifts.history.active' : 'gifts.history.inactive')}
                {data.IsForReplacement ? ` · ${t('customerArea.vouchers.replacement')}` : ''}
              </dd>
            </div>
          </dl>
          <div className="gift-history__scroll">
            <table className="gift-history">
              <caption className="visually-hidden">{t('gifts.history.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('gifts.history.date')}</th>
                  <th scope="col">{t('gifts.history.what')}</th>
                  <th scope="col">{t('gifts.history.amount')}</th>
                  <th scope="col">{t('gifts.history.after')}</th>
                  <th scope="col">{t('gifts.history.order')}</th>
                </tr>
              </thead>
              <tbody>
                {data.history.map((e, i) => (
                  <tr key={i} data-kind={e.kind}>
                    <td>{date(e.date)}</td>
                    <td>{t(`gifts.history.kinds.${e.kind}`)}</td>
                    <td>{e.amount ? money(shekelsToAgorot(e.amount), locale) : '—'}</td>
                    <td>{money(shekelsToAgorot(e.balance), locale)}</td>
                    <td>{e.reservationIdentifier ? <bdi dir="ltr">{e.reservationIdentifier}</bdi> : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}
