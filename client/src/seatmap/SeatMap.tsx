import { BACK_OFFICE_PERMISSION, isVideoOnDemand, type ApiPresentation } from '@hotline/shared';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { ErrorView } from '../components/StateViews';
import { useLocale } from '../hooks/useLocale';
import { formatApiShekels } from '../lib/money';
import { asTranslate } from './a11y/describe';
import { staffMe } from './api';
import { markStaffSession, mayHaveStaffSession } from '../lib/staff-presence';
import { SeatMapController, type MembershipSeatPort } from './controller';
import type { SeatChangeTargets } from './managers/change';
import { connectCart } from './booking-adapter';
import { Filters } from './ui/Filters';
import { layoutSetting } from './render/palette';
import { stageLabelIn } from './model/plan-names';
import { stageSide } from './model/stage-side';
import { createUiStore, type SelectedSeatView } from './ui-state';
import { Legend } from './ui/Legend';
import { BestAvailable, ChangeBar, GaList, MobileBar, SelectionSummary, SheetHandle } from './ui/Panel';
import { holdExpiredPath } from '../system/hold-expired-path';
import { SeatCard } from './ui/SeatCard';
import { SeatGrid } from './ui/SeatGrid';
import { useBottomOverlay } from './ui/useBottomOverlay';
import { useMapGestures } from './ui/useMapGestures';
import '../vod/i18n';
import './seatmap.css';

export interface SeatMapProps {
  presentation: ApiPresentation;
  /** Continue after choosing seats; default: straight to checkout. */
  onContinue?: () => void;
  /** Membership mode: the seat is held through the membership's calls and the ticket cart is left alone. */
  membership?: MembershipSeatPort;
  /** Changing an order's seats: see SeatMapChange. */
  change?: SeatMapChange;
}

/**
 * Changing the seats of a paid order on this map (managers/change.ts): the order's seats are marked, only the seats the
 * server allows for the ticket being moved can be chosen (one, nothing is held), the rest say why. The page brings
 * its own summary (the choice and the swap button) for the panel and for the phone's pinned bar.
 */
export interface SeatMapChange {
  targets: SeatChangeTargets;
  /** The panel's first block: what is being changed, the choice, the swap button. */
  summary: ReactNode;
  /** The phone's pinned bar (under 900 px) while a seat is chosen; null hides it. */
  bar: ReactNode | null;
  /** The chosen seat (names in the map's language), or null. */
  onChoice: (seat: SelectedSeatView | null) => void;
  /** A swap to the chosen seat is in flight: the seat turning sold is this order's own doing, not a loss. */
  swapping: boolean;
}

/**
 * Settings read from the address: box-office mode, palette layout, test hook. Box-office mode is for staff: the
 * address asks for it, and it is taken only in a browser that signed in to the back office (checked against the
 * server below) or on the seat-map benchmark page (client/bench), whose synthetic plans have no staff.
 */
function readSettings() {
  const params = new URLSearchParams(window.location.search);
  const benchPage = (window as { __HOTLINE_BENCH__?: boolean }).__HOTLINE_BENCH__ === true;
  return {
    boxOffice: params.get('mode') === 'boxoffice' && (mayHaveStaffSession() || benchPage),
    benchPage,
    layout: layoutSetting(window.location.search, (window as { __HOTLINE_CONFIG__?: unknown }).__HOTLINE_CONFIG__),
    debug: params.has('debug') || params.has('test'),
    /** Benchmarks only (with ?test): the naive one-Konva-node-per-seat baseline. */
    naive: (params.has('debug') || params.has('test')) && params.get('renderer') === 'naive',
  };
}

/**
 * The seat map: canvas (Konva, driven imperatively by SeatMapController), the
 * accessible grid over it, zoom controls, seat card, toast, live region, and
 * the side panel (legend with prices, best available, standing areas, your
 * seats with the order timer).
 */
export function SeatMap({ presentation, onContinue, membership, change }: SeatMapProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [settings] = useState(readSettings);
  const [controller, setController] = useState<SeatMapController | null>(null);
  /** Signed-in staff allowed to sell (permission 267): they see the box-office switch. */
  const [staffSeller, setStaffSeller] = useState(false);
  const formatPrice = useCallback((shekels: number) => formatApiShekels(shekels, locale), [locale]);

  // One controller per presentation; language changes update it in place.
  useEffect(() => {
    const c = new SeatMapController({
      presentation,
      locale,
      layout: settings.layout,
      boxOffice: settings.boxOffice,
      t: asTranslate(t),
      formatPrice,
      membership,
      seatChange: change !== undefined,
    });
    setController(c);
    // Membership and order-change modes leave the ticket cart alone.
    const disconnectCart = membership || change ? () => undefined : connectCart(c);
    const ac = new AbortController();
    if (settings.naive) {
      void import('./render/naive-renderer').then(({ NaiveSeatLayer }) => {
        c.loader.layerFactory = (host, camera, scene, pixelRatio) =>
          new NaiveSeatLayer(host, camera, scene, pixelRatio);
        return c.load(ac.signal);
      });
    } else void c.load(ac.signal);
    // The test hook (window.__seatmap) is test code: its own chunk, fetched only with ?test or ?debug.
    let uninstall: (() => void) | null = null;
    if (settings.debug)
      void import('./debug-hook').then(({ installDebugHook }) => {
        if (!ac.signal.aborted) uninstall = installDebugHook(c);
      });
    // Staff (a back-office session with permission 267) get the box-office switch; in box office their blocks lock
    // in one all-or-nothing lock-seats call up to the staff limit (docs/back-office.md). Only a browser that signed
    // in to the back office asks; a session that has ended leaves box office for the ordinary map.
    if (mayHaveStaffSession())
      staffMe().then(
        ({ staff }) => {
          if (ac.signal.aborted) return;
          const canSell = staff.permissions.includes(BACK_OFFICE_PERMISSION.producerTicketSale);
          setStaffSeller(canSell);
          if (canSell && settings.boxOffice) c.holds.enableStaffBlocks(staff.boxOfficeMaxSeats);
        },
        () => {
          markStaffSession(false);
          if (ac.signal.aborted) return;
          setStaffSeller(false);
          if (settings.boxOffice) window.location.replace(withBoxOffice(false));
        },
      );
    return () => {
      ac.abort();
      uninstall?.();
      disconnectCart();
      c.destroy();
    };
    // Only a different presentation (or settings) makes a new map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [presentation.id, settings]);

  useEffect(() => {
    if (!controller) return;
    controller.opts.t = asTranslate(t);
    controller.opts.formatPrice = formatPrice;
    controller.opts.locale = locale;
    if (controller.renderer) {
      controller.renderer.staticChanged();
      controller.holds.publishSelection();
    }
  }, [controller, t, locale, formatPrice]);

  // Changing an order: the page's targets (the ticket being moved, the seats the server allows) reach the map.
  const targets = change?.targets;
  useEffect(() => {
    if (controller && targets) controller.change.set(targets);
  }, [controller, targets]);
  const swapping = change?.swapping ?? false;
  useEffect(() => {
    if (controller) controller.change.swapping = swapping;
  }, [controller, swapping]);
  const selected = useStore(controller?.ui ?? PLACEHOLDER_UI, (s) => s.selected);
  const onChoice = change?.onChoice;
  useEffect(() => {
    onChoice?.(selected[0] ?? null);
  }, [selected, onChoice]);

  const phase = useStore(controller?.ui ?? PLACEHOLDER_UI, (s) => s.phase);
  const error = useStore(controller?.ui ?? PLACEHOLDER_UI, (s) => s.error);

  // Continue once every seat tapped has its lock's answer: the cart gets a seat from that answer, and this map (with
  // its cart connection) goes away with the step, so an answer still on its way would be held and missing from the
  // cart. A seat refused meanwhile leaves the selection; with nothing left held there is nothing to continue with.
  const continuing = useRef(false);
  const next = onContinue ?? (() => navigate('/booking/checkout'));
  const continueWhenHeld = async () => {
    if (!controller || continuing.current) return;
    continuing.current = true;
    try {
      await controller.holds.settled();
      const { selected, ga } = controller.ui.getState();
      if (!controller.destroyed && selected.length + ga.reduce((n, g) => n + g.places.length, 0) > 0) next();
    } finally {
      continuing.current = false;
    }
  };

  // The hold ran out: a page that says so and offers to start again (not the timer's URL, a silent jump).
  const onExpire = useCallback(
    () => navigate(holdExpiredPath(presentation.id), { replace: true }),
    [navigate, presentation.id],
  );
  // The server's word that our hold ended: say so at once, without waiting for the timer or a later delta.
  const holdEnded = useStore(controller?.ui ?? PLACEHOLDER_UI, (s) => s.holdEnded);
  useEffect(() => {
    // The box office keeps its own block and timer; a storefront visitor is told on the hold-expired page.
    if (holdEnded && !settings.boxOffice) onExpire();
  }, [holdEnded, onExpire, settings.boxOffice]);

  return (
    <div
      className={`seatmap${settings.boxOffice ? ' seatmap--boxoffice' : ''}`}
      role="region"
      aria-label={t('order.seatMapLabel')}
      data-presentation-id={presentation.id}
      data-venue-id={presentation.venueId}
      data-seatplan-id={presentation.seatplanId}
      data-phase={controller ? phase : 'loading'}
    >
      {controller && phase === 'error' ? (
        <ErrorView message={t('seatmap.error')} error={error} onRetry={() => void controller.load()} />
      ) : controller ? (
        <MapShell
          controller={controller}
          ready={phase === 'ready'}
          boxOffice={settings.boxOffice}
          showBoxOfficeSwitch={staffSeller || (settings.boxOffice && settings.benchPage)}
          onExpire={onExpire}
          onContinue={() => void continueWhenHeld()}
          change={change}
        />
      ) : (
        <LoadingState />
      )}
    </div>
  );
}

function LoadingState() {
  const { t } = useTranslation();
  return (
    <div className="seatmap__loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t('seatmap.loading')}</span>
    </div>
  );
}

const PLACEHOLDER_UI = createUiStore();

/**
 * The map's frame is on the page from the start, so the canvas can be mounted
 * and drawn the moment the data is in — inside the controller's load, before
 * React renders the panel and the accessible grid around it.
 */
function MapShell({
  controller,
  ready,
  boxOffice,
  showBoxOfficeSwitch,
  onExpire,
  onContinue,
  change,
}: {
  controller: SeatMapController;
  ready: boolean;
  change?: SeatMapChange;
  boxOffice: boolean;
  /** Only staff who may sell see the switch (and leave box office with it). */
  showBoxOfficeSwitch: boolean;
  onExpire: (url: string) => void;
  onContinue: () => void;
}) {
  const { t } = useTranslation();
  const viewportRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const pointerFocus = useRef(false);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const helpId = useId();
  const panelId = useId();
  // Phones: the panel is a bottom sheet, closed until pulled up (seatmap.css); wider screens ignore this.
  const [sheetOpen, setSheetOpen] = useState(false);
  const rectangleTool = useStore(controller.ui, (s) => s.rectangleTool);
  const zoomedIn = useStore(controller.ui, (s) => s.zoomedIn);
  // An online show (video on demand) has one "area" and nothing to see on a map: no stage, zoom, filters or
  // legend, only how many viewings. The stage stays mounted (hidden) for the loader.
  const online = isVideoOnDemand(controller.presentation.venueTypeId);

  useLayoutEffect(() => {
    const el = viewportRef.current;
    const host = hostRef.current;
    if (!el || !host) return;
    const current = () => ({ width: Math.round(el.clientWidth), height: Math.round(el.clientHeight) });
    controller.loader.attachHost(host, current);
    const ro = new ResizeObserver(() => {
      const next = current();
      setSize((prev) => (prev.width === next.width && prev.height === next.height ? prev : next));
      controller.resize(next.width, next.height);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [controller]);

  useBottomOverlay(viewportRef, controller);
  useMapGestures(viewportRef, controller, {
    boxOffice,
    rectangleTool,
    onPointerFocus: () => {
      if (document.activeElement !== gridRef.current) {
        pointerFocus.current = true;
        gridRef.current?.focus({ preventScroll: true });
      }
    },
  });

  const leaveMap = () => {
    // The first control on screen (the phone sheet's handle is not rendered on wider screens).
    const controls = panelRef.current?.querySelectorAll<HTMLElement>('button:not([disabled]), select, a[href]') ?? [];
    const first = [...controls].find((el) => el.getClientRects().length > 0);
    (first ?? panelRef.current)?.focus();
  };

  return (
    <div
      className={`seatmap__layout${online ? ' seatmap__layout--online' : ''}`}
      onKeyDown={(e) => {
        if (!boxOffice || e.altKey) return;
        if ((e.target as HTMLElement).closest('input, select, textarea, [contenteditable="true"]')) return;
        // Box office: Ctrl+Z (or Cmd+Z) gives back the last block, all of it.
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z' && controller.ui.getState().lastBlock > 0) {
          e.preventDefault();
          void controller.holds.undoLastBlock();
          return;
        }
        // M switches select / pan while the map has focus (not while typing in a field), so a single letter never
        // fires from elsewhere on the page (WCAG 2.1.4).
        if (e.ctrlKey || e.metaKey || e.key.toLowerCase() !== 'm') return;
        e.preventDefault();
        toggleDragMode(controller, t);
      }}
    >
      <div className="seatmap__stage" hidden={online}>
        <div
          ref={viewportRef}
          className={`seatmap__viewport${zoomedIn ? ' is-zoomed' : ''}`}
          data-testid="seatmap-viewport"
          onContextMenu={(e) => e.preventDefault()}
        >
          <div ref={hostRef} className="seatmap__canvas" aria-hidden="true" />
          {ready ? (
            <>
              <SeatGrid
                controller={controller}
                gridRef={gridRef}
                helpId={helpId}
                onEscape={leaveMap}
                pointerFocus={pointerFocus}
              />
              <SeatCard controller={controller} viewport={size} />
            </>
          ) : (
            <div className="seatmap__loading seatmap__loading--overlay" role="status">
              <span className="spinner" aria-hidden="true" />
              <span>{t('seatmap.loading')}</span>
            </div>
          )}
        </div>
        {ready && !online && (
          <>
            <Toolbar controller={controller} />
            {boxOffice && <DragMode controller={controller} />}
            {boxOffice && <BlockControls controller={controller} />}
            <BackToVenue controller={controller} />
            <LiveBadge controller={controller} />
          </>
        )}
        <p id={helpId} className="visually-hidden">
          {t('seatmap.keyboardHelp')}
          {boxOffice && ` ${t('seatmap.boxOffice.shortcut')} ${t('seatmap.boxOffice.blockHelp')}`}
          {ready && <StageWords controller={controller} />}
        </p>
      </div>
      <aside
        ref={panelRef}
        id={panelId}
        className={`seatmap__panel${sheetOpen ? ' is-open' : ''}`}
        // On a phone the panel is the bottom sheet, fixed over the map: the camera keeps the last rows above its
        // handle (useBottomOverlay skips it where it sits beside or below the map).
        data-map-overlay="bottom"
        tabIndex={-1}
        aria-label={t('seatmap.panelLabel')}
        aria-busy={!ready}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && sheetOpen) {
            setSheetOpen(false);
            panelRef.current?.querySelector<HTMLElement>('.seatmap-sheet__handle')?.focus();
          }
        }}
      >
        {ready ? (
          <>
            <SheetHandle
              controller={controller}
              open={sheetOpen}
              panelId={panelId}
              onOpenChange={setSheetOpen}
              changeFrom={change?.targets.moving}
            />
            {change ? (
              <>
                {change.summary}
                <Legend controller={controller} />
              </>
            ) : (
              <>
                <SelectionSummary controller={controller} onExpire={onExpire} onContinue={onContinue} online={online} />
                {!online && <BestAvailable controller={controller} />}
                <GaList controller={controller} online={online} />
                {!online && <Filters controller={controller} />}
                {!online && <Legend controller={controller} />}
                {showBoxOfficeSwitch && <BoxOfficeSwitch controller={controller} boxOffice={boxOffice} />}
              </>
            )}
          </>
        ) : (
          <div className="seatmap-panel__block seatmap-panel__skeleton" aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
        )}
      </aside>
      {ready && (
        <>
          {change ? (
            change.bar && <ChangeBar>{change.bar}</ChangeBar>
          ) : (
            <MobileBar controller={controller} onExpire={onExpire} onContinue={onContinue} />
          )}
          <Toast controller={controller} />
          <LiveRegion controller={controller} />
        </>
      )}
    </div>
  );
}

/** The address of this page with or without box-office mode. */
function withBoxOffice(on: boolean): string {
  const params = new URLSearchParams(window.location.search);
  if (on) params.set('mode', 'boxoffice');
  else params.delete('mode');
  const query = params.toString();
  return `${window.location.pathname}${query ? `?${query}` : ''}`;
}

/**
 * Box office is entered from the product by staff, not through a hidden address: a visible switch at the foot of
 * the panel, shown to a signed-in staff member who may sell (permission 267) and in box office itself. There a block
 * locks in one all-or-nothing lock-seats call up to the staff limit, and the panel says that limit. (On the
 * benchmark page box office runs without staff, seat by seat under the per-order maximum, and says so.)
 */
function BoxOfficeSwitch({ controller, boxOffice }: { controller: SeatMapController; boxOffice: boolean }) {
  const { t } = useTranslation();
  const href = withBoxOffice(!boxOffice);
  const max = controller.presentation.maxSeatsPerOrder;
  const staffCap = useStore(controller.ui, (s) => s.staffCap);
  return (
    <section className="seatmap-panel__block seatmap-boxoffice-switch" data-testid="boxoffice-switch">
      {boxOffice && staffCap !== null ? (
        <p className="seatmap-boxoffice-switch__cap" data-testid="boxoffice-staff-cap">
          {t('seatmap.boxOffice.staffCap', { count: staffCap })}
        </p>
      ) : (
        boxOffice &&
        max > 0 && <p className="seatmap-boxoffice-switch__cap">{t('seatmap.boxOffice.cap', { count: max })}</p>
      )}
      <a className="button button--secondary" href={href}>
        {boxOffice ? t('seatmap.boxOffice.leave') : t('seatmap.boxOffice.enter')}
      </a>
    </section>
  );
}

/**
 * Box office: a block larger than an order's usual size is asked first (how many seats, the total), and the last
 * block can be given back whole with one button or Ctrl+Z. Over the map, beside the drag switch.
 */
function BlockControls({ controller }: { controller: SeatMapController }) {
  const { t } = useTranslation();
  const pending = useStore(controller.ui, (s) => s.blockToConfirm);
  const lastBlock = useStore(controller.ui, (s) => s.lastBlock);
  const lockRef = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  useEffect(() => {
    if (pending) lockRef.current?.focus();
  }, [pending]);
  if (pending) {
    return (
      <div className="seatmap-block" role="alertdialog" aria-labelledby={questionId} data-testid="block-confirm">
        <p id={questionId} className="seatmap-block__question">
          {t('seatmap.boxOffice.blockConfirm', {
            count: pending.seats.length,
            total: controller.opts.formatPrice(pending.total),
          })}
        </p>
        <div className="seatmap-block__actions">
          <button
            ref={lockRef}
            type="button"
            className="button button--primary"
            onClick={() => void controller.holds.confirmBlock(true)}
          >
            {t('seatmap.boxOffice.blockLock', { count: pending.seats.length })}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void controller.holds.confirmBlock(false)}
          >
            {t('seatmap.boxOffice.blockCancel')}
          </button>
        </div>
      </div>
    );
  }
  if (lastBlock === 0) return null;
  return (
    <div className="seatmap-block seatmap-block--undo">
      <button
        type="button"
        className="button button--secondary"
        aria-keyshortcuts="Control+Z"
        data-testid="block-undo"
        onClick={() => void controller.holds.undoLastBlock()}
      >
        {t('seatmap.boxOffice.blockUndo', { count: lastBlock })}
      </button>
    </div>
  );
}

/** Box office: what a drag on the map does, switched by `M` while the map has focus; said aloud when it changes. */
function toggleDragMode(controller: SeatMapController, t: (key: string) => string): void {
  const next = !controller.ui.getState().rectangleTool;
  controller.ui.setState({ rectangleTool: next });
  controller.announce(next ? t('seatmap.boxOffice.nowSelect') : t('seatmap.boxOffice.nowPan'));
}

/**
 * Box office: the drag mode as a labelled two-way switch on the map (it used to be a small
 * corner icon whose state nobody could read), with its keyboard shortcut shown and announced.
 */
function DragMode({ controller }: { controller: SeatMapController }) {
  const { t } = useTranslation();
  const rectangleTool = useStore(controller.ui, (s) => s.rectangleTool);
  const labelId = useId();
  const set = (on: boolean) => {
    if (on !== rectangleTool) toggleDragMode(controller, t);
  };
  return (
    <div className="seatmap-dragmode" role="group" aria-labelledby={labelId} data-testid="boxoffice-drag-mode">
      <span id={labelId} className="seatmap-dragmode__label">
        {t('seatmap.boxOffice.dragLabel')}
      </span>
      <button
        type="button"
        className="seatmap-dragmode__option"
        aria-pressed={rectangleTool}
        aria-keyshortcuts="M"
        onClick={() => set(true)}
      >
        {t('seatmap.boxOffice.select')}
      </button>
      <button
        type="button"
        className="seatmap-dragmode__option"
        aria-pressed={!rectangleTool}
        aria-keyshortcuts="M"
        onClick={() => set(false)}
      >
        {t('seatmap.boxOffice.pan')}
      </button>
      <span className="seatmap-dragmode__key" aria-hidden="true">
        <kbd>M</kbd>
      </span>
    </div>
  );
}

/** Where the stage is, for a screen reader (the canvas itself is hidden from it): "Stage: at the top of the map." */
function StageWords({ controller }: { controller: SeatMapController }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const side = stageSide(controller.plan);
  const label = stageLabelIn(controller.plan.Stage, locale);
  if (!side || !label) return null;
  return <span data-testid="seatmap-stage-words">{` ${t(`seatmap.stageAt.${side}`, { label })}`}</span>;
}

function Toolbar({ controller }: { controller: SeatMapController }) {
  const { t } = useTranslation();
  const canIn = useStore(controller.ui, (s) => s.canZoomIn);
  const canOut = useStore(controller.ui, (s) => s.canZoomOut);
  return (
    <div className="seatmap-toolbar" role="toolbar" aria-label={t('seatmap.toolbar')}>
      <button
        type="button"
        className="seatmap-tool"
        disabled={!canIn}
        onClick={() => controller.camera.zoomBy(1.6, undefined, undefined, true)}
        title={t('seatmap.zoomIn')}
        aria-label={t('seatmap.zoomIn')}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6Z" />
        </svg>
      </button>
      <button
        type="button"
        className="seatmap-tool"
        disabled={!canOut}
        onClick={() => controller.camera.zoomBy(1 / 1.6, undefined, undefined, true)}
        title={t('seatmap.zoomOut')}
        aria-label={t('seatmap.zoomOut')}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M5 11h14v2H5Z" />
        </svg>
      </button>
      <button
        type="button"
        className="seatmap-tool"
        onClick={() => controller.camera.reset(true)}
        title={t('seatmap.reset')}
        aria-label={t('seatmap.reset')}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M4 4h6v2H6v4H4Zm10 0h6v6h-2V6h-4ZM4 14h2v4h4v2H4Zm14 0h2v6h-6v-2h4Z" />
        </svg>
      </button>
    </div>
  );
}

/** After zooming into a section: one tap back to the whole venue (animated). */
function BackToVenue({ controller }: { controller: SeatMapController }) {
  const { t } = useTranslation();
  const zoomed = useStore(controller.ui, (s) => s.zoomedToSection);
  if (!zoomed) return null;
  return (
    <button type="button" className="seatmap-back" onClick={() => controller.camera.reset(true)}>
      <span className="arrow arrow--back" aria-hidden="true" />
      {t('seatmap.backToVenue')}
    </button>
  );
}

/** Server messages (lock refused…) for 3 seconds at the top centre. Screen readers get them from the live region. */
function Toast({ controller }: { controller: SeatMapController }) {
  const toast = useStore(controller.ui, (s) => s.toast);
  if (!toast) return null;
  return (
    <div
      key={toast.id}
      className={`seatmap-toast seatmap-toast--${toast.tone}`}
      data-testid="seatmap-toast"
      aria-hidden="true"
    >
      {toast.text}
    </div>
  );
}

function LiveBadge({ controller }: { controller: SeatMapController }) {
  const { t } = useTranslation();
  const connected = useStore(controller.ui, (s) => s.connected);
  return (
    <p className={`seatmap-live${connected ? ' is-live' : ''}`} data-testid="seatmap-live">
      <span className="seatmap-live__dot" aria-hidden="true" />
      {connected ? t('seatmap.live.on') : t('seatmap.live.off')}
    </p>
  );
}

/** Polite announcements: selection results, lock failures, expiring holds. */
function LiveRegion({ controller }: { controller: SeatMapController }) {
  const a = useStore(controller.ui, (s) => s.announcement);
  // Alternate a zero-width suffix so the same sentence twice is still announced twice.
  return (
    <div
      className="visually-hidden"
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="seatmap-announcer"
    >
      {a.text ? `${a.text}${a.id % 2 ? '\u200b' : ''}` : ''}
    </div>
  );
}
