import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link, useParams } from 'react-router-dom';
import type { ModifiableTicket, SwapOption } from '@hotline/shared';
import { ApiError } from '../../api/client';
import { ErrorView, LoadingView } from '../../components/StateViews';
import { useLatestQuery } from '../../hooks/useLatestQuery';
import { useLocale } from '../../hooks/useLocale';
import { formatJerusalemDateTime } from '../../lib/datetime';
import { formatShekels } from '../../lib/rules';
import { orderChangeApi } from './order-change-api';
import './i18n';
import './order-change.css';

const seatKeyOf = (s: { sectionId: number; x: number; y: number }) => `${s.sectionId}:${s.x}:${s.y}`;

/**
 * /booking/customer-portal/orders/:resId/change — change a seat of a paid order for another free seat of the same
 * ticket group and price (the server checks both and swaps in one step; the order keeps its number and history).
 */
export default function OrderChangePage({ staff = false }: { staff?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const resId = useParams().resId ?? '';
  const calls = useMemo(() => orderChangeApi(staff), [staff]);
  const query = useLatestQuery((signal) => calls.view(resId, signal), [resId, calls]);
  const back = staff ? `/backoffice/producer-reservations?lang=${locale}` : '/booking/customer-portal';
  const [done, setDone] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (query.status === 'loading') return <LoadingView label={t('orderChange.loading')} />;
  if (query.status === 'error') {
    const missing = query.error instanceof ApiError && query.error.status < 500;
    return (
      <div className="container page">
        {missing ? (
          <div className="notice" role="alert">
            <p className="notice__title">{query.error instanceof ApiError ? query.error.message : ''}</p>
            <Link className="button button--primary" to={back}>
              {t(staff ? 'orderChange.backToOffice' : 'orderChange.backToArea')}
            </Link>
          </div>
        ) : (
          <ErrorView message={t('orderChange.error')} error={query.error} onRetry={query.retry} />
        )}
      </div>
    );
  }
  const order = query.data;
  return (
    <section className="container page order-change" aria-labelledby="order-change-title">
      <h1 id="order-change-title" tabIndex={-1} ref={headingRef}>
        {t('orderChange.title')}
      </h1>
      <p className="order-change__meta">
        {order.FeatureName} · {formatJerusalemDateTime(order.DateTime, locale)} · {t('orderChange.orderNumber')}{' '}
        <bdi dir="ltr">{order.ReservationIdentifier}</bdi>
      </p>
      <p>{t('orderChange.rule')}</p>
      {done && (
        <div className="notice" role="status" data-testid="order-change-done">
          {done}
        </div>
      )}
      <ul className="order-change__tickets">
        {order.Tickets.map((ticket) => (
          <TicketChange
            key={ticket.TicketIdentifier}
            resId={order.ReservationIdentifier}
            calls={calls}
            ticket={ticket}
            onChanged={async (text) => {
              setDone(text);
              query.retry();
            }}
          />
        ))}
      </ul>
      {order.LastTransactionId && (
        <p className="order-change__meta">
          {t('orderChange.lastChange')} <bdi dir="ltr">{order.LastTransactionId}</bdi>
        </p>
      )}
      <Link className="button button--secondary" to={back}>
        {t(staff ? 'orderChange.backToOffice' : 'orderChange.backToArea')}
      </Link>
    </section>
  );
}

function seatLabel(t: TFunction, s: { SectionName: string; RowName: string; SeatName: string }) {
  return [
    s.SectionName,
    s.RowName ? t('orderChange.row', { row: s.RowName }) : '',
    t('orderChange.seat', { seat: s.SeatName }),
  ]
    .filter(Boolean)
    .join(' · ');
}

function TicketChange({
  resId,
  calls,
  ticket,
  onChanged,
}: {
  resId: string;
  calls: ReturnType<typeof orderChangeApi>;
  ticket: ModifiableTicket;
  onChanged: (text: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const selectId = useId();
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<SwapOption[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One id per attempt: a retry of the same choice is answered once by the server (idempotent).
  const transactionId = useMemo(() => crypto.randomUUID(), [chosen]); // eslint-disable-line react-hooks/exhaustive-deps
  const label = seatLabel(t, ticket);

  useEffect(() => {
    if (!open || options) return;
    let live = true;
    calls
      .options(resId, ticket.TicketIdentifier)
      .then((r) => live && setOptions(r.options))
      .catch((e: unknown) => live && setError(e instanceof ApiError ? e.message : t('orderChange.error')));
    return () => {
      live = false;
    };
  }, [open, options, resId, ticket.TicketIdentifier, t, calls]);

  const byRow = useMemo(() => {
    const groups = new Map<string, SwapOption[]>();
    for (const o of options ?? []) {
      const g = `${o.SectionName}${o.RowName ? ` · ${t('orderChange.row', { row: o.RowName })}` : ''}`;
      groups.set(g, [...(groups.get(g) ?? []), o]);
    }
    return [...groups.entries()];
  }, [options, t]);

  const confirm = async () => {
    const target = options?.find((o) => seatKeyOf(o) === chosen);
    if (!target) return;
    setBusy(true);
    setError(null);
    try {
      await calls.swap(resId, {
        modifiedTickets: [
          { TicketIdentifier: ticket.TicketIdentifier, sectionId: target.sectionId, x: target.x, y: target.y },
        ],
        transactionId,
      });
      setOpen(false);
      setOptions(null);
      setChosen('');
      await onChanged(t('orderChange.done', { from: label, to: seatLabel(t, target) }));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('orderChange.error'));
      setOptions(null); // the hall moved on: offer fresh seats
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="order-change__ticket" data-ticket={ticket.TicketIdentifier} data-seat={seatKeyOf(ticket)}>
      <p className="order-change__seat">
        <strong>{label}</strong> · {formatShekels(ticket.AmountWithSC, locale)}
      </p>
      {!open ? (
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t('orderChange.change', { seat: label })}
        </button>
      ) : (
        <fieldset className="order-change__form">
          <legend>{t('orderChange.chooseFor', { seat: label })}</legend>
          {options === null && !error && <p role="status">{t('orderChange.loadingSeats')}</p>}
          {options !== null && options.length === 0 && <p>{t('orderChange.noSeats')}</p>}
          {options !== null && options.length > 0 && (
            <>
              <label htmlFor={selectId}>{t('orderChange.newSeat')}</label>
              <select id={selectId} value={chosen} onChange={(e) => setChosen(e.target.value)}>
                <option value="">{t('orderChange.pick')}</option>
                {byRow.map(([group, seats]) => (
                  <optgroup key={group} label={group}>
                    {seats.map((o) => (
                      <option key={seatKeyOf(o)} value={seatKeyOf(o)}>
                        {seatLabel(t, o)}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            </>
          )}
          <div className="button-row">
            <button
              type="button"
              className="button button--primary"
              disabled={busy || !chosen}
              onClick={() => void confirm()}
            >
              {t('orderChange.confirm')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
              {t('orderChange.keep')}
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
