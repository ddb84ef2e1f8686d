import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { asTranslate, formatCountdown, seatName, type Translate } from '../a11y/describe';
import type { SeatMapController } from '../controller';
import { seatIndexOf } from '../model/seat-store';
import type { SelectedSeatView } from '../ui-state';
import { handlingFeeTerms } from '../../booking/handling-fee';
import { usePresentationDetails } from '../../booking/hooks';
import { formatShekels } from '../../lib/rules';

/** The order timer: counts down each second from the earliest hold's expiry; at zero the browser goes to the timer's URL. */
export function OrderTimer({
  controller,
  onExpire,
  mirror = false,
}: {
  controller: SeatMapController;
  onExpire: (url: string) => void;
  mirror?: boolean;
}) {
  const { t } = useTranslation();
  const deadline = useStore(controller.ui, (s) => s.deadline);
  const url = useStore(controller.ui, (s) => s.timerUrl);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [deadline]);
  const left = deadline === null ? null : Math.max(0, Math.ceil((deadline - now) / 1000));
  useEffect(() => {
    // The copy in the mobile bar only shows the time; the panel's timer announces and expires.
    if (mirror) return;
    if (left === 60) controller.announce(t('seatmap.timer.oneMinute'));
    if (left === 0 && deadline !== null) onExpire(url ?? '/booking');
  }, [left, deadline, url, onExpire, controller, t, mirror]);
  if (left === null) return null;
  if (mirror) {
    return (
      <p className="seatmap-timer" aria-hidden="true">
        <span className="seatmap-timer__time">{formatCountdown(left)}</span>
      </p>
    );
  }
  return (
    <p className={`seatmap-timer${left <= 60 ? ' seatmap-timer--urgent' : ''}`} data-testid="order-timer">
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M9 1h6v2H9Z M12 4a9 9 0 1 1 0 18a9 9 0 1 1 0-18Zm0 2a7 7 0 1 0 0 14a7 7 0 1 0 0-14Zm-1 2h2v5.4l3.2 3.2l-1.4 1.4L11 14.2Z"
        />
      </svg>
      <span>{t('seatmap.timer.label')}</span>
      <span
        role="timer"
        aria-label={t('seatmap.timer.aria', { time: formatCountdown(left) })}
        className="seatmap-timer__time"
      >
        {formatCountdown(left)}
      </span>
    </p>
  );
}

export function GaStepper({ controller, sectionIndex }: { controller: SeatMapController; sectionIndex: number }) {
  const { t } = useTranslation();
  const ga = useStore(controller.ui, (s) => s.ga.find((g) => g.sectionIndex === sectionIndex));
  const busy = useStore(controller.ui, (s) => s.busy);
  if (!ga) return null;
  const held = ga.places.length;
  return (
    <div className="seatmap-stepper" role="group" aria-label={t('seatmap.ga.quantity', { section: ga.name })}>
      <button
        type="button"
        className="seatmap-stepper__btn"
        disabled={busy || held === 0}
        onClick={() => void controller.changeGa(sectionIndex, -1)}
        aria-label={t('seatmap.ga.remove', { section: ga.name })}
      >
        −
      </button>
      <output className="seatmap-stepper__value" aria-live="polite">
        {held}
      </output>
      <button
        type="button"
        className="seatmap-stepper__btn"
        disabled={busy || ga.soldOut}
        onClick={() => void controller.changeGa(sectionIndex, 1)}
        aria-label={t('seatmap.ga.add', { section: ga.name })}
      >
        +
      </button>
    </div>
  );
}

/** Standing areas (general admission): a quantity picker per area; for an online show, the number of viewings. */
export function GaList({ controller, online = false }: { controller: SeatMapController; online?: boolean }) {
  const { t } = useTranslation();
  const ga = useStore(controller.ui, (s) => s.ga);
  if (ga.length === 0) return null;
  return (
    <section className="seatmap-panel__block" aria-labelledby="seatmap-ga-title">
      <h2 id="seatmap-ga-title" className="seatmap-panel__title">
        {online ? t('vod.viewings') : t('seatmap.ga.title')}
      </h2>
      <ul className="seatmap-ga plain">
        {ga.map((g) => (
          <li key={g.sectionId} className="seatmap-ga__item">
            <div className="seatmap-ga__text">
              <span className="seatmap-ga__name">{g.name}</span>
              <span className="seatmap-ga__meta">
                {[
                  g.price !== null ? controller.opts.formatPrice(g.price) : '',
                  // An online show's "places left" is a virtual hall's size, not news for a viewer.
                  g.soldOut
                    ? t('seatmap.ga.soldOut')
                    : g.remaining !== null && !online
                      ? t('seatmap.ga.left', { count: g.remaining })
                      : '',
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </div>
            <GaStepper controller={controller} sectionIndex={g.sectionIndex} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Best available": the server picks and holds the best block of N seats. */
export function BestAvailable({ controller }: { controller: SeatMapController }) {
  const { t } = useTranslation();
  const busy = useStore(controller.ui, (s) => s.busy);
  const id = useId();
  const max = Math.max(1, Math.min(controller.presentation.maxSeatsPerOrder || 10, 10));
  const [quantity, setQuantity] = useState(2);
  const [ticketGroupId, setTicketGroupId] = useState(0);
  const [sectionId, setSectionId] = useState(0);
  if (controller.store.count === 0) return null;
  // Price preference: the price categories on sale here (all-in prices). Zone preference: the reserved sections,
  // offered when a list of them is still usable (a stadium's hundreds are chosen on the map instead).
  const groups = [...controller.groupByZone.values()];
  const sections = controller.store.sections.filter((sec) => sec.isReserved && sec.seatEnd > sec.seatStart);
  return (
    <section className="seatmap-panel__block" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="seatmap-panel__title">
        {t('seatmap.best.title')}
      </h2>
      <form
        className="seatmap-best"
        onSubmit={(e) => {
          e.preventDefault();
          void controller.bestAvailable(quantity, ticketGroupId || undefined, sectionId || undefined);
        }}
      >
        <label htmlFor={`${id}-qty`} className="seatmap-best__label">
          {t('seatmap.best.quantity')}
        </label>
        <select
          id={`${id}-qty`}
          className="seatmap-select"
          value={quantity}
          onChange={(e) => setQuantity(Number(e.target.value))}
        >
          {Array.from({ length: max }, (_, k) => k + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        {groups.length > 1 && (
          <>
            <label htmlFor={`${id}-price`} className="seatmap-best__label">
              {t('seatmap.best.price')}
            </label>
            <select
              id={`${id}-price`}
              className="seatmap-select"
              value={ticketGroupId}
              onChange={(e) => setTicketGroupId(Number(e.target.value))}
            >
              <option value={0}>{t('seatmap.best.anyPrice')}</option>
              {groups.map((g) => {
                const price = controller.groupPrice(g);
                return (
                  <option key={g.id} value={g.id}>
                    {controller.groupName(g)}
                    {price !== null ? ` · ${controller.opts.formatPrice(price)}` : ''}
                  </option>
                );
              })}
            </select>
          </>
        )}
        {sections.length > 1 && sections.length <= 40 && (
          <>
            <label htmlFor={`${id}-area`} className="seatmap-best__label">
              {t('seatmap.best.area')}
            </label>
            <select
              id={`${id}-area`}
              className="seatmap-select"
              value={sectionId}
              onChange={(e) => setSectionId(Number(e.target.value))}
            >
              <option value={0}>{t('seatmap.best.anyArea')}</option>
              {sections.map((sec) => (
                <option key={sec.id} value={sec.id}>
                  {controller.sectionName(sec.index)}
                </option>
              ))}
            </select>
          </>
        )}
        <button type="submit" className="button button--secondary seatmap-best__go" disabled={busy}>
          {t('seatmap.best.find')}
        </button>
      </form>
    </section>
  );
}

/** The visitor's seats, their prices, the total and the timer. */
export function SelectionSummary({
  controller,
  onExpire,
  onContinue,
  online = false,
}: {
  controller: SeatMapController;
  onExpire: (url: string) => void;
  onContinue: () => void;
  /** An online show: "your viewings", and no hint about a map it does not show. */
  online?: boolean;
}) {
  const { t } = useTranslation();
  const tr = asTranslate(t);
  const selected = useStore(controller.ui, (s) => s.selected);
  const ga = useStore(controller.ui, (s) => s.ga);
  const gaHeld = ga.filter((g) => g.places.length > 0);
  const count = selected.length + gaHeld.reduce((n, g) => n + g.places.length, 0);
  const total = controller.selectedTotal();
  const gapped = useStore(controller.ui, (s) => s.gaps.length > 0);
  const gapNoticeId = useId();
  return (
    <section className="seatmap-panel__block seatmap-summary" aria-labelledby="seatmap-summary-title">
      <div className="seatmap-summary__head">
        <h2 id="seatmap-summary-title" className="seatmap-panel__title">
          {online ? t('vod.yourViewings') : t('seatmap.summary.title')}
        </h2>
        <OrderTimer controller={controller} onExpire={onExpire} />
      </div>
      {count === 0 ? (
        <p className="seatmap-summary__empty">{online ? t('vod.chooseViewings') : t('seatmap.summary.empty')}</p>
      ) : (
        <ul className="seatmap-summary__list plain" data-testid="selected-seats">
          {selected.map((s) => (
            <li key={s.index} className={`seatmap-summary__item${s.pending ? ' is-pending' : ''}`}>
              <span className="seatmap-summary__seat">
                <span className="seatmap-summary__section">{s.section}</span>
                <span>{seatName(s, tr)}</span>
              </span>
              <span className="seatmap-summary__price">
                {s.price !== null ? controller.opts.formatPrice(s.price) : ''}
              </span>
              <button
                type="button"
                className="seatmap-icon-btn"
                disabled={s.pending}
                onClick={() => void controller.toggleSeat(s.index)}
                aria-label={t('seatmap.summary.remove', { seat: `${s.section} ${seatName(s, tr)}` })}
              >
                <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path
                    fill="currentColor"
                    d="M6.4 4.6L12 10.2l5.6-5.6l1.8 1.8L13.8 12l5.6 5.6l-1.8 1.8L12 13.8l-5.6 5.6l-1.8-1.8L10.2 12L4.6 6.4Z"
                  />
                </svg>
              </button>
            </li>
          ))}
          {gaHeld.map((g) => (
            <li key={`ga-${g.sectionId}`} className="seatmap-summary__item">
              <span className="seatmap-summary__seat">
                <span className="seatmap-summary__section">{g.name}</span>
                <span>{t('seatmap.ga.tickets', { count: g.places.length })}</span>
              </span>
              <span className="seatmap-summary__price">
                {g.price !== null ? controller.opts.formatPrice(g.price * g.places.length) : ''}
              </span>
              <span />
            </li>
          ))}
        </ul>
      )}
      <HandlingFeeNote controller={controller} />
      {count > 0 && (
        <div className="seatmap-summary__foot">
          <p className="seatmap-summary__total">
            <span>{t('seatmap.summary.total', { count })}</span>
            <strong>{controller.opts.formatPrice(total)}</strong>
          </p>
          <GapNotice controller={controller} id={gapNoticeId} />
          <button
            type="button"
            className="button button--primary seatmap-summary__continue"
            onClick={onContinue}
            disabled={gapped}
            aria-describedby={gapped ? gapNoticeId : undefined}
          >
            {t('seatmap.summary.continue')}
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * The single-seat-gap rule, said at the tap that breaks it (the commit refuses such a selection after the card):
 * which seat would be left alone, the rule in the server's own words, and a button that takes the seat too. The
 * order's continue waits until the selection leaves no seat alone. Said aloud once by the map's live region
 * (`HoldsManager.checkGaps`), so the desktop panel and the phone bar can both show it.
 */
export function GapNotice({ controller, id }: { controller: SeatMapController; id: string }) {
  const { t } = useTranslation();
  const gaps = useStore(controller.ui, (s) => s.gaps);
  const selected = useStore(controller.ui, (s) => s.selected);
  if (gaps.length === 0) return <span id={id} hidden />;
  const max = controller.holds.seatLimit();
  const room = selected.length + gaps.length <= max;
  const seats = gaps.map((g) => g.name).join('; ');
  return (
    <div className="seatmap-gap" data-testid="seatmap-gap-notice">
      <p id={id} className="seatmap-gap__text">
        {t('seatmap.gap.rule')}{' '}
        {t(room ? 'seatmap.gap.takeOrChoose' : 'seatmap.gap.choose', { seats, count: gaps.length })}
      </p>
      {room && (
        <button
          type="button"
          className="button button--secondary seatmap-gap__take"
          onClick={() => void controller.holds.takeGaps()}
        >
          {t('seatmap.gap.take', { seats, count: gaps.length })}
        </button>
      )}
    </div>
  );
}

/**
 * The order-level handling fee, said on the seat step (the per-ticket fees are already in every price shown), so
 * the buyer knows the whole price before leaving the map. From the same ticket-group data the totals use.
 */
export function HandlingFeeNote({ controller }: { controller: SeatMapController }) {
  const { t } = useTranslation();
  const entry = usePresentationDetails(controller.presentation.id);
  if (entry?.status !== 'ready') return null;
  const terms = handlingFeeTerms(entry.serviceCharge);
  return (
    <p className="seatmap-summary__fee" data-testid="handling-fee-note">
      {terms === null
        ? t('seatmap.fee.none')
        : terms.kind === 'fixed'
          ? t('seatmap.fee.fixed', { amount: formatShekels(terms.agorot, controller.opts.locale) })
          : t('seatmap.fee.percent', {
              rate: new Intl.NumberFormat(controller.opts.locale).format(terms.rate),
            })}
    </p>
  );
}

/** Phones and tablets: count, total, timer and continue pinned to the bottom of the screen while the map fills it. */
export function MobileBar({
  controller,
  onExpire,
  onContinue,
}: {
  controller: SeatMapController;
  onExpire: (url: string) => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const selected = useStore(controller.ui, (s) => s.selected);
  const ga = useStore(controller.ui, (s) => s.ga);
  const count = selected.length + ga.reduce((n, g) => n + g.places.length, 0);
  const shown = count > 0;
  const gapped = useStore(controller.ui, (s) => s.gaps.length > 0);
  const gapNoticeId = useId();
  const bar = useRef<HTMLDivElement>(null);
  useMobileBarHeight(bar, shown);
  if (!shown) return null;
  return (
    <div ref={bar} className="seatmap-mobilebar" data-testid="seatmap-mobilebar" data-map-overlay="bottom">
      <p className="seatmap-mobilebar__text">
        <span>{t('seatmap.summary.total', { count })}</span>
        <span className="seatmap-mobilebar__total">{controller.opts.formatPrice(controller.selectedTotal())}</span>
      </p>
      <OrderTimer controller={controller} onExpire={onExpire} mirror />
      <button
        type="button"
        className="button"
        onClick={onContinue}
        disabled={gapped}
        aria-describedby={gapped ? gapNoticeId : undefined}
      >
        {t('seatmap.summary.continue')}
      </button>
      <GapNotice controller={controller} id={gapNoticeId} />
    </div>
  );
}

/**
 * The sheet's handle sits on the bar: it needs the bar's real height (a longer text or a bigger font wraps it), not the
 * one the stylesheet assumes.
 */
function useMobileBarHeight(bar: RefObject<HTMLDivElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const el = bar.current;
    const layout = el?.closest<HTMLElement>('.seatmap__layout');
    if (!el || !layout) return;
    const ro = new ResizeObserver(() => layout.style.setProperty('--mobilebar-h', `${Math.ceil(el.offsetHeight)}px`));
    ro.observe(el);
    return () => {
      ro.disconnect();
      layout.style.removeProperty('--mobilebar-h');
    };
  }, [bar, shown]);
}

/** Order-change mode's phone bar (the choice and the swap button): measured like the booking bar, as it wraps too. */
export function ChangeBar({ children }: { children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  useMobileBarHeight(bar, true);
  return (
    <div ref={bar} className="seatmap-mobilebar" data-testid="seatmap-mobilebar" data-map-overlay="bottom">
      {children}
    </div>
  );
}

/** How far a drag on the handle must travel (px) to count as a pull rather than a tap. */
const SHEET_DRAG_PX = 24;

/**
 * Phones (< 600 px): the panel is a bottom sheet over the map (seatmap.css), and this is its handle — a button
 * (tap, Enter or Space toggles it) that can also be pulled up to open and pulled down to close. Hidden on wider
 * screens, where the panel sits beside or below the map.
 */
export function SheetHandle({
  controller,
  open,
  panelId,
  onOpenChange,
  changeFrom,
}: {
  controller: SeatMapController;
  open: boolean;
  panelId: string;
  onOpenChange: (open: boolean) => void;
  /** Order-change mode: the seat being moved ("sectionId:x:y"), named beside the chosen one instead of a price. */
  changeFrom?: string | null;
}) {
  const { t } = useTranslation();
  const tr = asTranslate(t);
  const selected = useStore(controller.ui, (s) => s.selected);
  const ga = useStore(controller.ui, (s) => s.ga);
  const count = selected.length + ga.reduce((n, g) => n + g.places.length, 0);
  const [startY, setStartY] = useState<number | null>(null);
  const [pulled, setPulled] = useState(false);
  // Whether the press that ends in a click began on this handle. A phone's browser moves a fingertip's tap on a seat
  // just above the handle onto the handle (touch adjustment snaps taps to the nearest button), while the map under
  // the finger has already taken the tap: such a click is not for the sheet.
  const pressed = useRef(false);
  return (
    <button
      type="button"
      className="seatmap-sheet__handle"
      aria-expanded={open}
      aria-controls={panelId}
      data-testid="seatmap-sheet-handle"
      onPointerDown={(e) => {
        pressed.current = true;
        setStartY(e.clientY);
        setPulled(false);
        e.currentTarget.setPointerCapture?.(e.pointerId);
      }}
      onPointerMove={(e) => {
        if (startY === null || pulled) return;
        const dy = e.clientY - startY;
        if (dy < -SHEET_DRAG_PX && !open) {
          setPulled(true);
          onOpenChange(true);
        } else if (dy > SHEET_DRAG_PX && open) {
          setPulled(true);
          onOpenChange(false);
        }
      }}
      onPointerUp={() => setStartY(null)}
      onPointerCancel={() => setStartY(null)}
      onClick={(e) => {
        const mine = pressed.current;
        pressed.current = false;
        // Keyboard clicks (Enter, Space: detail 0) always count; a pointer's only when it was pressed here.
        if (e.detail !== 0 && !mine) return;
        // A pull already moved the sheet; the click that ends it must not undo that.
        if (pulled) {
          setPulled(false);
          return;
        }
        onOpenChange(!open);
      }}
    >
      <span className="seatmap-sheet__grip" aria-hidden="true" />
      <span className="seatmap-sheet__label">{t('seatmap.panelLabel')}</span>
      {count > 0 && (
        <span className="seatmap-sheet__count" data-testid="seatmap-sheet-count">
          {controller.change.active
            ? changeLabel(controller, changeFrom ?? null, selected[0], tr)
            : `${t('seatmap.summary.total', { count })} · ${controller.opts.formatPrice(controller.selectedTotal())}`}
        </span>
      )}
    </button>
  );
}

/**
 * The handle's summary in order-change mode: a swap costs nothing here (the change page states any difference), so it
 * names the move, "Row 5, seat 12 → Row 5, seat 14" (the arrow follows the reading direction), or just the new seat.
 */
function changeLabel(
  controller: SeatMapController,
  fromKey: string | null,
  to: SelectedSeatView | undefined,
  tr: Translate,
): string {
  const toName = to ? seatName(to, tr) : '';
  const [s, x, y] = (fromKey ?? '').split(':').map(Number);
  const from = fromKey ? seatIndexOf(controller.store, s!, x!, y!) : -1;
  if (from < 0 || !toName) return toName;
  return tr('seatmap.changeMove', { from: seatName(controller.seatFacts(from), tr), to: toName });
}
