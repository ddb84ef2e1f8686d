import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CancellationQuoteResponse, CancelReservationResponse, CustomerAreaReservation } from '@hotline/shared';
import { ApiError, isAbortError } from '../api/client';
import { useLocale } from '../hooks/useLocale';
import { formatJerusalemDateTime, formatShekels } from '../lib/rules';
import { customerApi } from './customer-api';

/** Tickets: upcoming and past orders, each with its e-ticket link; cancellation where the event allows it. */
export function TicketsPanel({
  reservations,
  onChanged,
}: {
  reservations: CustomerAreaReservation[];
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const upcoming = reservations.filter((r) => !r.IsPast);
  const past = reservations.filter((r) => r.IsPast);
  return (
    <div className="ca-tickets">
      <h2 className="ca-section-title">{t('customerArea.tickets.upcoming')}</h2>
      {upcoming.length === 0 ? (
        <p className="ca-empty">{t('customerArea.tickets.noUpcoming')}</p>
      ) : (
        <ul className="ca-list">
          {upcoming.map((r) => (
            <ReservationCard key={r.ReservationIdentifier} reservation={r} onChanged={onChanged} />
          ))}
        </ul>
      )}
      <h2 className="ca-section-title">{t('customerArea.tickets.past')}</h2>
      {past.length === 0 ? (
        <p className="ca-empty">{t('customerArea.tickets.noPast')}</p>
      ) : (
        <ul className="ca-list">
          {past.map((r) => (
            <ReservationCard key={r.ReservationIdentifier} reservation={r} onChanged={onChanged} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReservationCard({
  reservation: r,
  onChanged,
}: {
  reservation: CustomerAreaReservation;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [cancelling, setCancelling] = useState(false);
  const live = r.Tickets.filter((x) => x.Status === 'live');
  const [chosen, setChosen] = useState<string[]>([]);
  const [toCredit, setToCredit] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<CancelReservationResponse | null>(null);
  // The server's own quote for the current choice: the exact fee, refund and destinations before confirming.
  // Kept with the choice it answers, so a change of choice shows "loading" until its own quote arrives.
  const [answered, setAnswered] = useState<{ key: string; quote: QuoteState } | null>(null);
  const chosenKey = chosen.join(',');
  const quoteKey = `${chosenKey}|${toCredit}`;
  const quote: QuoteState = answered?.key === quoteKey ? answered.quote : { state: 'loading' };
  useEffect(() => {
    if (!cancelling) return;
    const abort = new AbortController();
    const key = `${chosenKey}|${toCredit}`;
    customerApi
      .cancellationQuote(
        r.ReservationIdentifier,
        { itemsToCancel: chosenKey ? chosenKey.split(',') : undefined, refundToTransactionCredit: toCredit },
        abort.signal,
      )
      .then((q) => setAnswered({ key, quote: { state: 'ready', quote: q } }))
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        const message = e instanceof ApiError ? e.message : t('customerArea.cancel.quoteFailed');
        setAnswered({ key, quote: { state: 'refused', message } });
      });
    return () => abort.abort();
  }, [cancelling, chosenKey, toCredit, r.ReservationIdentifier, t]);
  const first = r.Tickets[0];
  const titleId = `ca-res-${r.ReservationIdentifier}`;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await customerApi.cancel(r.ReservationIdentifier, {
        itemsToCancel: chosen.length ? chosen : undefined,
        refundToTransactionCredit: toCredit,
      });
      setDone(result);
      setCancelling(false);
      setChosen([]);
      await onChanged();
    } catch (e) {
      // The refusal's own text (four languages, from the server); nothing changed.
      setError(e instanceof ApiError ? e.message : t('customerArea.cancel.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="ca-card ca-reservation" aria-labelledby={titleId} data-reservation={r.ReservationIdentifier}>
      <div className="ca-reservation__head">
        <h3 id={titleId}>{first?.FeatureName ?? r.ReservationIdentifier}</h3>
        <span className={`ca-badge ca-badge--${r.State}`}>{t(`customerArea.state.${r.State}`, r.State)}</span>
      </div>
      <p className="ca-meta">
        {formatJerusalemDateTime(r.EventDateTime, locale)} · {first?.VenueName} ·{' '}
        <bdi dir="ltr">{r.ReservationIdentifier}</bdi>
      </p>
      <ul className="ca-seats">
        {r.Tickets.map((x) => (
          <li key={x.TicketIdentifier} className={x.Status === 'cancelled' ? 'ca-seat--cancelled' : undefined}>
            {x.SectionName}
            {x.RowName ? ` · ${t('customerArea.tickets.row', { row: x.RowName })}` : ''}
            {x.SeatName ? ` · ${t('customerArea.tickets.seat', { seat: x.SeatName })}` : ''} ·{' '}
            {formatShekels(x.AmountAgorot, locale)}
            {x.Status === 'cancelled' ? ` (${t('customerArea.state.cancelled')})` : ''}
          </li>
        ))}
      </ul>
      <div className="button-row">
        {r.State === 'paid' && (
          <a className="button button--secondary" href={r.ETicketUrl}>
            {t('customerArea.tickets.eticket')}
          </a>
        )}
        {r.State === 'paid' && !r.IsPast && live.length > 0 && (
          <Link
            className="button button--secondary"
            to={`/booking/customer-portal/orders/${encodeURIComponent(r.ReservationIdentifier)}/change`}
          >
            {t('customerArea.tickets.changeSeats')}
          </Link>
        )}
        {r.IsCancellable && !cancelling && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setAnswered(null); // the order may have changed since the last quote
              setCancelling(true);
            }}
          >
            {t('customerArea.cancel.open')}
          </button>
        )}
      </div>
      {done && (
        <div className="notice" role="status">
          {t('customerArea.cancel.done', {
            refund: formatShekels(done.RefundAgorot, locale),
            charge: formatShekels(done.ChargeAgorot, locale),
          })}
        </div>
      )}
      {cancelling && (
        <fieldset className="ca-cancel">
          <legend>{t('customerArea.cancel.title')}</legend>
          <p>{t('customerArea.cancel.choose')}</p>
          {live.map((x) => (
            <label key={x.TicketIdentifier} className="ca-check">
              <input
                type="checkbox"
                checked={chosen.includes(x.TicketIdentifier)}
                onChange={(e) =>
                  setChosen((c) =>
                    e.target.checked ? [...c, x.TicketIdentifier] : c.filter((id) => id !== x.TicketIdentifier),
                  )
                }
              />
              {x.SectionName}
              {x.RowName ? ` · ${t('customerArea.tickets.row', { row: x.RowName })}` : ''}
              {x.SeatName ? ` · ${t('customerArea.tickets.seat', { seat: x.SeatName })}` : ''}
            </label>
          ))}
          <label className="ca-check">
            <input type="checkbox" checked={toCredit} onChange={(e) => setToCredit(e.target.checked)} />
            {t('customerArea.cancel.toCredit')}
          </label>
          <CancellationQuoteSummary quote={quote} />
          <div className="button-row">
            <button
              type="button"
              className="button button--primary"
              disabled={busy || quote.state !== 'ready'}
              onClick={() => void confirm()}
            >
              {chosen.length ? t('customerArea.cancel.confirmChosen') : t('customerArea.cancel.confirmAll')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setCancelling(false)}>
              {t('customerArea.cancel.keep')}
            </button>
          </div>
          {error && (
            <div className="notice notice--error" role="alert">
              {error}
            </div>
          )}
        </fieldset>
      )}
    </li>
  );
}

type QuoteState =
  { state: 'loading' } | { state: 'ready'; quote: CancellationQuoteResponse } | { state: 'refused'; message: string };

/** The fee, the refund and where each part of it goes, as the server quoted them; announced politely as they change. */
function CancellationQuoteSummary({ quote }: { quote: QuoteState }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className="ca-quote" aria-live="polite" aria-busy={quote.state === 'loading'}>
      {quote.state === 'loading' && <p className="ca-meta">{t('customerArea.cancel.quoteLoading')}</p>}
      {quote.state === 'refused' && (
        <p className="notice notice--error" data-testid="cancel-quote-refused">
          {quote.message}
        </p>
      )}
      {quote.state === 'ready' && (
        <dl className="ca-quote__list" data-testid="cancel-quote">
          <div>
            <dt>{t('customerArea.cancel.fee')}</dt>
            <dd>
              {quote.quote.ChargeAgorot > 0
                ? formatShekels(quote.quote.ChargeAgorot, locale)
                : t('customerArea.cancel.noFee')}
            </dd>
          </div>
          <div>
            <dt>{t('customerArea.cancel.refund')}</dt>
            <dd>{formatShekels(quote.quote.RefundAgorot, locale)}</dd>
          </div>
          {quote.quote.RefundedTo.length > 0 && (
            <div>
              <dt>{t('customerArea.cancel.refundTo')}</dt>
              <dd>
                <ul className="ca-quote__parts">
                  {quote.quote.RefundedTo.map((part) => (
                    <li key={part.kind}>
                      {t(`customerArea.cancel.to.${part.kind}`, { amount: formatShekels(part.amountAgorot, locale) })}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          )}
        </dl>
      )}
    </div>
  );
}
