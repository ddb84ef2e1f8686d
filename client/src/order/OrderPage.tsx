import { useTranslation } from 'react-i18next';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { isVideoOnDemand, vodWatchUntil } from '@hotline/shared';
import { getPresentation } from '../api/catalogue';
import { ApiError } from '../api/client';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useLocale } from '../hooks/useLocale';
import { formatJerusalemDateTime } from '../lib/datetime';
import { offSaleOf } from '../catalogue/off-sale';
import { CatalogueText } from '../components/CatalogueText';
import { presentationFeatureName, venueAndLocation } from '../lib/localized';
import { formatApiShekels } from '../lib/money';
import { mayHaveStaffSession } from '../lib/staff-presence';
import { endFirstPaint } from '../first-paint/first-paint';
import { SeatMapSlot } from '../seatmap/SeatMapSlot';
import { ErrorView, LoadingView } from '../components/StateViews';
import { NotFoundPage } from '../system/NotFoundPage';
import { QueueNotice } from '../queue/QueueNotice';
import {
  OrderStepper,
  OrderSummary,
  OrderTimer,
  ProductsStep,
  TicketsStep,
  flushCartSave,
  trackViewItem,
  useCartHydration,
  useOrderStep,
} from '../booking';
import '../vod/i18n';
import './order-page.css';

/** The phone layout of seatmap.css and order-page.css (bottom sheet, short show header). */
const PHONE = '(max-width: 599px)';

function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,12}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

/** /order/:presentationId — the order flow for one presentation (seat map first). */
export default function OrderPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = parseId(useParams().presentationId);
  const query = useLatestQuery(
    (signal) => (id === null ? Promise.reject(new ApiError(404, 'NOT_FOUND', '')) : getPresentation(id, signal)),
    [id],
  );
  // Seats -> tickets -> products live on this page (?step=), so back and forward move between steps.
  useCartHydration();
  const [step, goTo] = useOrderStep();
  // After a step change (not on arrival) the new step's heading takes focus; back on the seats, the page title.
  const [shownStep, setShownStep] = useState(step);
  const [stepChanged, setStepChanged] = useState(false);
  if (step !== shownStep) {
    setShownStep(step);
    setStepChanged(true);
  }
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (stepChanged && step === 'seats') titleRef.current?.focus();
  }, [stepChanged, step]);
  const navigate = useNavigate();
  // A box-office sale (staff, map in box-office mode) ends at the box office's own checkout: walk-in buyer, cash or card.
  const [params] = useSearchParams();
  const boxOfficeSale = params.get('mode') === 'boxoffice' && mayHaveStaffSession();
  const loadedId = query.status === 'success' ? query.data.id : null;
  useEffect(() => {
    if (loadedId !== null) trackViewItem(loadedId);
  }, [loadedId]);
  // Phones, on the seats: the page opens scrolled past the site's header (one swipe down brings it back), so the map
  // gets the screen under the show's name and date instead of about 400 px of it. Only from the very top: a visitor
  // who has scrolled is never moved. Before the map measures the sheet over it (a layout effect, before paint).
  const seatsShown = loadedId !== null && step === 'seats' && !boxOfficeSale;
  useLayoutEffect(() => {
    if (!seatsShown || window.scrollY > 0 || !window.matchMedia(PHONE).matches) return;
    const main = document.getElementById('main');
    if (main) window.scrollTo({ top: main.getBoundingClientRect().top, behavior: 'instant' });
  }, [seatsShown, loadedId]);

  // The first-paint picture of the seats (first-paint/, drawn before this page's code arrived) stays only where the
  // map is about to replace it: an error, another step, a show off sale or an online show has no map.
  const mapComing =
    query.status === 'loading' ||
    (query.status === 'success' &&
      step === 'seats' &&
      !(boxOfficeSale ? null : offSaleOf(query.data)) &&
      !isVideoOnDemand(query.data.venueTypeId));
  useEffect(() => {
    if (!mapComing) endFirstPaint();
  }, [mapComing]);
  // Leaving the page (the waiting room, another page) before the map drew.
  useEffect(() => endFirstPaint, []);

  if (id === null) return <NotFoundPage />;
  if (query.status === 'loading') return <LoadingView label={t('order.loading')} />;
  if (query.status === 'error') {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="container page">
        {notFound ? (
          <div className="notice" role="alert">
            <p className="notice__title">{t('order.notFound')}</p>
            <Link className="button button--primary" to="/booking">
              {t('notFound.home')}
            </Link>
          </div>
        ) : (
          <ErrorView message={t('order.error')} error={query.error} onRetry={query.retry} />
        )}
      </div>
    );
  }

  const p = query.data;
  const name = presentationFeatureName(p, locale);
  // An online show is bought like general admission but shown as what it is: no venue, a viewing window.
  const online = isVideoOnDemand(p.venueTypeId);
  const publicOffSale = boxOfficeSale ? null : offSaleOf(p);
  const toSale = async () => {
    await flushCartSave();
    navigate(boxOfficeSale ? `/backoffice/sell?lang=${locale}` : '/booking/checkout');
  };
  const watchUntil = online ? formatJerusalemDateTime(vodWatchUntil(p.dateTime), locale) : '';
  return (
    <div className="container page order-page">
      <p className="breadcrumbs">
        <Link to={`/booking/features/${p.featureId}`} className="text-link text-link--back">
          <span className="arrow arrow--back" aria-hidden="true" />
          {t('order.back', { feature: name })}
        </Link>
      </p>
      <header className="order-header">
        <h1 tabIndex={-1} ref={titleRef}>
          <CatalogueText locale={locale}>{name}</CatalogueText>
        </h1>
        <dl className="facts">
          {online ? (
            <>
              <div>
                <dt>{t('order.where')}</dt>
                <dd data-testid="order-online">{t('vod.online')}</dd>
              </div>
              <div>
                <dt>{t('vod.watchUntil')}</dt>
                <dd>
                  <time dateTime={vodWatchUntil(p.dateTime)}>{t('vod.watchWindow', { date: watchUntil })}</time>
                </dd>
              </div>
            </>
          ) : (
            <>
              <div>
                <dt>{t('order.when')}</dt>
                <dd>
                  <time dateTime={p.dateTime}>{formatJerusalemDateTime(p.dateTime, locale)}</time>
                </dd>
              </div>
              <div>
                <dt>{t('order.where')}</dt>
                <dd>
                  <CatalogueText locale={locale}>{venueAndLocation(p, locale)}</CatalogueText>
                </dd>
              </div>
            </>
          )}
          {p.priceFrom !== null && (
            <div>
              <dt>{t('order.prices')}</dt>
              <dd>{t('booking.priceFrom', { price: formatApiShekels(p.priceFrom, locale) })}</dd>
            </div>
          )}
        </dl>
        {online && (
          <p className="order-header__online" data-testid="order-online-intro">
            {t('vod.orderIntro', { date: watchUntil })}
          </p>
        )}
      </header>
      <QueueNotice presentationId={p.id} />
      {(p.soldout || p.availability === 'soldOut') && (
        <p className="notice notice--warning" role="status">
          {t('order.soldOut')}
        </p>
      )}
      {publicOffSale && (
        <p className="notice notice--warning" role="status" data-testid="order-off-sale">
          {publicOffSale === 'notYet'
            ? t('order.notYetOnSale', { opens: formatJerusalemDateTime(p.salesOpenAt ?? p.dateTime, locale) })
            : t('order.salesClosed')}
        </p>
      )}
      <OrderStepper current={step} presentationId={p.id} online={online} />
      {/* The seat map shows its own countdown in its panel; from the tickets step on, this one. */}
      {step !== 'seats' && <OrderTimer presentationId={p.id} />}
      {/* Outside the sale window the public gets no map (its locks are refused); the box office sells outside it. */}
      {step === 'seats' && !publicOffSale && <SeatMapSlot presentation={p} onContinue={() => goTo('tickets')} />}
      {step === 'tickets' && (
        <TicketsStep
          presentationId={p.id}
          focusHeading={stepChanged}
          onBack={() => goTo('seats')}
          // At the counter the extras are skippable: Continue goes straight to the sale form.
          onContinue={boxOfficeSale ? () => void toSale() : () => goTo('products')}
          continueLabel={boxOfficeSale ? t('ticketsStep.toSale') : undefined}
        />
      )}
      {step === 'tickets' && boxOfficeSale && (
        <p className="button-row button-row--start">
          <button
            type="button"
            className="button button--secondary"
            data-testid="boxoffice-add-extras"
            onClick={() => goTo('products')}
          >
            {t('ticketsStep.addExtras')}
          </button>
        </p>
      )}
      {step === 'products' && (
        <ProductsStep
          presentationId={p.id}
          focusHeading={stepChanged}
          onBack={() => goTo('tickets')}
          onContinue={toSale}
        />
      )}
      {step !== 'seats' && <OrderSummary />}
    </div>
  );
}
