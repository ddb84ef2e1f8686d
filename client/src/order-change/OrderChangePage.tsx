import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link, useParams } from 'react-router-dom';
import type { ModifiableReservation, ModifiableTicket } from '@hotline/shared';
import { getPresentation } from '../api/catalogue';
import { ApiError } from '../api/client';
import { ErrorView, LoadingView } from '../components/StateViews';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useLocale } from '../hooks/useLocale';
import { formatJerusalemDateTime } from '../lib/datetime';
import { formatShekels } from '../lib/rules';
import { SeatMap, type SeatMapChange } from '../seatmap/SeatMap';
import type { SelectedSeatView } from '../seatmap/ui-state';
import { orderChangeApi } from './order-change-api';
import './i18n';
import './order-change.css';

const seatKeyOf = (s: { sectionId: number; x: number; y: number }) => `${s.sectionId}:${s.x}:${s.y}`;

type Calls = ReturnType<typeof orderChangeApi>;

/**
 * /booking/customer-portal/orders/:resId/change — change a seat of a paid order on the same seat map the booking uses
 *: the order's seats are marked, only seats of the same ticket group and price can be chosen (the server
 * lists them, GET .../targets), the rest are struck through and say why. The server checks the choice again and swaps
 * in one step; the order keeps its number, which is what the confirmation names.
 */
export default function OrderChangePage({ staff = false }: { staff?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const resId = useParams().resId ?? '';
  const calls = useMemo(() => orderChangeApi(staff), [staff]);
  const query = useLatestQuery((signal) => calls.view(resId, signal), [resId, calls]);
  const back = staff ? `/backoffice/producer-reservations?lang=${locale}` : '/booking/customer-portal';

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
  return <OrderChange key={resId} initial={query.data} calls={calls} staff={staff} back={back} />;
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

/**
 * The map is what the page is for: when a change starts (the page opens, another ticket is picked) the least scroll
 * that shows all of it below the sticky header, or its top when it is taller than the screen. At 1280x800 it used to
 * start 445 px down, mostly below the fold.
 */
function bringIntoView(el: HTMLElement) {
  const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
  const box = el.getBoundingClientRect();
  const margin = 8;
  let dy = 0;
  if (box.top < header || box.height > window.innerHeight - header - 2 * margin) dy = box.top - header - margin;
  else if (box.bottom > window.innerHeight) dy = box.bottom - window.innerHeight + margin;
  if (Math.abs(dy) >= 1) window.scrollBy({ top: dy, behavior: 'instant' });
}

/** A person scrolling or typing: the page stops bringing the map into view. */
const USER_SCROLL_EVENTS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

/** The map's chosen seat in the page's words (names come from the plan, in the map's language). */
function choiceLabel(t: TFunction, s: SelectedSeatView) {
  return seatLabel(t, { SectionName: s.section, RowName: s.row, SeatName: s.seat });
}

function OrderChange({
  initial,
  calls,
  staff,
  back,
}: {
  initial: ModifiableReservation;
  calls: Calls;
  staff: boolean;
  back: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [order, setOrder] = useState(initial);
  const [movingId, setMovingId] = useState(initial.Tickets[0]?.TicketIdentifier ?? '');
  const moving = order.Tickets.find((x) => x.TicketIdentifier === movingId) ?? order.Tickets[0];
  const [choice, setChoice] = useState<SelectedSeatView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);
  const radioName = useId();
  // One id per choice: a retry of the same choice is answered once by the server (idempotent).
  const transactionId = useMemo(() => crypto.randomUUID(), [choice?.index, moving?.TicketIdentifier]); // eslint-disable-line react-hooks/exhaustive-deps

  const presentation = useLatestQuery(
    (signal) => getPresentation(order.PresentationId, signal),
    [order.PresentationId],
  );
  // The seats this ticket may move to by the rule (the map adds the live state); again after every change.
  const movingKey = moving ? seatKeyOf(moving) : '';
  const targetsQuery = useLatestQuery(
    (signal) =>
      moving
        ? calls.targets(order.ReservationIdentifier, moving.TicketIdentifier, signal)
        : Promise.resolve({ TicketIdentifier: '', TicketGroupId: 0, seats: [] }),
    [order.ReservationIdentifier, moving?.TicketIdentifier, movingKey, calls],
  );
  const allowed = targetsQuery.status === 'success' ? targetsQuery.data.seats : null;
  const mapRef = useRef<HTMLDivElement>(null);
  const mapShown = presentation.status === 'success';
  useEffect(() => {
    const el = mapRef.current;
    if (!mapShown || !el) return;
    // The map takes its height as it loads: follow it until it is drawn, unless the person scrolls first.
    let done = false;
    const stop = () => {
      done = true;
      sized.disconnect();
      drawn.disconnect();
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
    };
    const follow = () => {
      if (done) return;
      bringIntoView(el);
      if (el.querySelector('.seatmap[data-phase="ready"]')) stop();
    };
    const sized = new ResizeObserver(follow);
    const drawn = new MutationObserver(follow);
    sized.observe(el);
    drawn.observe(el, { subtree: true, attributes: true, attributeFilter: ['data-phase'] });
    for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [mapShown, moving?.TicketIdentifier]);
  const targets = useMemo(
    () => ({ yours: order.ChosenSeats, moving: movingKey || null, allowed }),
    [order.ChosenSeats, movingKey, allowed],
  );

  const swap = useCallback(async () => {
    if (!moving || !choice) return;
    setBusy(true);
    setError(null);
    try {
      const from = seatLabel(t, moving);
      const to = choiceLabel(t, choice);
      const r = await calls.swap(order.ReservationIdentifier, {
        modifiedTickets: [
          { TicketIdentifier: moving.TicketIdentifier, sectionId: choice.sectionId, x: choice.x, y: choice.y },
        ],
        transactionId,
      });
      // The human reference the customer area shows (the order's own number), not the change's technical id.
      setDone(t('orderChange.done', { from, to, order: r.ReservationIdentifier }));
      setOrder(await calls.view(order.ReservationIdentifier));
      requestAnimationFrame(() => doneRef.current?.focus());
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('orderChange.error'));
    } finally {
      setBusy(false);
    }
  }, [calls, choice, moving, order.ReservationIdentifier, t, transactionId]);

  const onChoice = useCallback((seat: SelectedSeatView | null) => {
    setChoice(seat);
    if (seat) setError(null);
  }, []);

  const swapButton = (
    <button
      type="button"
      className="button button--primary"
      disabled={busy || !choice}
      onClick={() => void swap()}
      data-testid="order-change-swap"
    >
      {t('orderChange.confirm')}
    </button>
  );

  const summary = moving && (
    <section className="seatmap-panel__block order-change__summary" aria-labelledby="order-change-summary-title">
      <h2 id="order-change-summary-title" className="seatmap-panel__title">
        {t('orderChange.summaryTitle')}
      </h2>
      <p className="order-change__now">{t('orderChange.now', { seat: seatLabel(t, moving) })}</p>
      <p className="order-change__new" data-testid="order-change-choice">
        {choice ? t('orderChange.newSeat', { seat: choiceLabel(t, choice) }) : t('orderChange.chooseOnMap')}
      </p>
      {targetsQuery.status === 'loading' && <p role="status">{t('orderChange.loadingSeats')}</p>}
      {allowed !== null && allowed.length === 0 && <p>{t('orderChange.noSeats')}</p>}
      {targetsQuery.status === 'error' && (
        <p className="notice notice--error" role="alert">
          {targetsQuery.error instanceof ApiError ? targetsQuery.error.message : t('orderChange.seatsError')}
        </p>
      )}
      {choice && <div className="button-row">{swapButton}</div>}
      {error && (
        <div className="notice notice--error" role="alert">
          {error}
        </div>
      )}
    </section>
  );

  const change: SeatMapChange = {
    targets,
    summary,
    // Phones: the choice and the swap button pinned under the map (the panel is a closed sheet there).
    bar: choice ? (
      <>
        <p className="seatmap-mobilebar__text order-change__bar-text">
          {t('orderChange.newSeat', { seat: choiceLabel(t, choice) })}
        </p>
        <button type="button" className="button" disabled={busy} onClick={() => void swap()}>
          {t('orderChange.confirm')}
        </button>
      </>
    ) : null,
    onChoice,
    swapping: busy,
  };

  return (
    <section className="container page order-change" aria-labelledby="order-change-title">
      <h1 id="order-change-title">{t('orderChange.title')}</h1>
      <p className="order-change__meta">
        {order.FeatureName} · {formatJerusalemDateTime(order.DateTime, locale)} · {t('orderChange.orderNumber')}{' '}
        <bdi dir="ltr" data-testid="order-change-reference">
          {order.ReservationIdentifier}
        </bdi>
      </p>
      <p className="order-change__rule">{t('orderChange.rule')}</p>
      {done && (
        <div className="notice" role="status" tabIndex={-1} ref={doneRef} data-testid="order-change-done">
          {done}
        </div>
      )}
      {order.Tickets.length > 1 ? (
        <fieldset className="order-change__which">
          <legend>{t('orderChange.which')}</legend>
          <ul className="order-change__tickets">
            {order.Tickets.map((ticket) => (
              <TicketOption
                key={ticket.TicketIdentifier}
                ticket={ticket}
                name={radioName}
                checked={ticket.TicketIdentifier === moving?.TicketIdentifier}
                onPick={() => setMovingId(ticket.TicketIdentifier)}
              />
            ))}
          </ul>
        </fieldset>
      ) : (
        moving && (
          <ul className="order-change__tickets">
            <li className="order-change__ticket" data-ticket={moving.TicketIdentifier} data-seat={seatKeyOf(moving)}>
              {t('orderChange.moving', { seat: seatLabel(t, moving) })} · {formatShekels(moving.AmountWithSC, locale)}
            </li>
          </ul>
        )
      )}
      <div className="order-change__map" ref={mapRef}>
        {presentation.status === 'success' ? (
          <SeatMap presentation={presentation.data} change={change} />
        ) : presentation.status === 'error' ? (
          <ErrorView message={t('orderChange.error')} error={presentation.error} onRetry={presentation.retry} />
        ) : (
          <LoadingView label={t('orderChange.loadingSeats')} />
        )}
      </div>
      <Link className="button button--secondary" to={back}>
        {t(staff ? 'orderChange.backToOffice' : 'orderChange.backToArea')}
      </Link>
    </section>
  );
}

function TicketOption({
  ticket,
  name,
  checked,
  onPick,
}: {
  ticket: ModifiableTicket;
  name: string;
  checked: boolean;
  onPick: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <li className="order-change__ticket" data-ticket={ticket.TicketIdentifier} data-seat={seatKeyOf(ticket)}>
      <label className="order-change__pick">
        <input type="radio" name={name} checked={checked} onChange={onPick} />
        <span>
          {seatLabel(t, ticket)} · {formatShekels(ticket.AmountWithSC, locale)}
        </span>
      </label>
    </li>
  );
}
