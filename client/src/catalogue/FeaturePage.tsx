import { isVideoOnDemand, type ApiPresentation } from '@hotline/shared';
import '../vod/i18n';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useLocale } from '../hooks/useLocale';
import { formatDayHeading, formatTime } from '../lib/datetime';
import { CatalogueText } from '../components/CatalogueText';
import {
  featureCategory,
  featureDescription,
  featureName,
  presentationFeatureName,
  venueAndLocation,
} from '../lib/localized';
import { formatApiShekels } from '../lib/money';
import { NotFoundPage } from '../system/NotFoundPage';
import { groupByDay, loadCatalogue, lowestPrice } from './catalogue-data';
import { OffSaleBadge, offSaleOf } from './off-sale';
import { ErrorView, LoadingView } from '../components/StateViews';

function parseId(raw: string | undefined): number | null {
  return raw && /^\d{1,12}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}

function PresentationRow({ presentation }: { presentation: ApiPresentation }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const time = formatTime(presentation.dateTime, locale);
  // An online show has no venue to name: it is watched at home.
  const place = isVideoOnDemand(presentation.venueTypeId) ? t('vod.online') : venueAndLocation(presentation, locale);
  const vars = {
    feature: presentationFeatureName(presentation, locale),
    date: formatDayHeading(presentation.dateTime, locale),
    time,
    venue: place,
  };
  const soldOut = presentation.soldout || presentation.availability === 'soldOut';
  const last = presentation.availability === 'lastSeats';
  const offSale = soldOut ? null : offSaleOf(presentation);
  return (
    <li className="show-row" data-availability={soldOut ? 'soldOut' : (offSale ?? presentation.availability)}>
      <span className="show-row__time">{time}</span>
      <span className="show-row__place">
        <CatalogueText locale={locale}>{place}</CatalogueText>
      </span>
      <span className="show-row__price">
        {presentation.priceFrom !== null && !soldOut
          ? t('booking.priceFrom', { price: formatApiShekels(presentation.priceFrom, locale) })
          : null}
        {last && <span className="last-seats">{t('booking.lastSeats')}</span>}
      </span>
      {soldOut ? (
        <span className="badge badge--muted">
          <span aria-hidden="true">{t('booking.soldOut')}</span>
          <span className="visually-hidden">{t('booking.soldOutAria', vars)}</span>
        </span>
      ) : offSale ? (
        <OffSaleBadge presentation={presentation} state={offSale} vars={vars} />
      ) : (
        <Link
          className="button button--primary show-row__action"
          to={`/order/${presentation.id}`}
          aria-label={last ? t('booking.lastSeatsAria', vars) : t('booking.bookAria', vars)}
          data-presentation-id={presentation.id}
        >
          {t('booking.chooseSeats')}
        </Link>
      )}
    </li>
  );
}

/** /booking/features/:featureId — one feature's presentations, by day. */
export default function FeaturePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = parseId(useParams().featureId);
  const query = useLatestQuery((signal) => loadCatalogue(signal, id === null ? [] : [id]), [id]);

  if (id === null) return <NotFoundPage />;

  const feature = query.status === 'success' ? query.data.features.find((f) => f.id === id) : undefined;
  const presentations = query.status === 'success' ? query.data.presentations.filter((p) => p.featureId === id) : [];
  const days = groupByDay(presentations);
  const price = lowestPrice(presentations);

  return (
    <div className="container page">
      <p className="breadcrumbs">
        <Link to="/booking" className="text-link text-link--back">
          <span className="arrow arrow--back" aria-hidden="true" />
          {t('feature.back')}
        </Link>
      </p>
      {query.status === 'loading' && <LoadingView label={t('feature.loading')} />}
      {query.status === 'error' && <ErrorView message={t('booking.error')} error={query.error} onRetry={query.retry} />}
      {query.status === 'success' && !feature && <p className="notice">{t('feature.notFound')}</p>}
      {feature && (
        <div className="feature-page">
          <header className="feature-hero">
            <img className="feature-hero__poster" src={feature.image} alt="" width={300} height={450} />
            <div className="feature-hero__text">
              <p className="feature-card__meta">
                <span className="tag">
                  <CatalogueText locale={locale}>{featureCategory(feature, locale)}</CatalogueText>
                </span>
                <span>{t('booking.duration', { count: feature.durationMinutes })}</span>
              </p>
              <h1>
                <CatalogueText locale={locale}>{featureName(feature, locale)}</CatalogueText>
              </h1>
              <p className="lead">
                <CatalogueText locale={locale}>{featureDescription(feature, locale)}</CatalogueText>
              </p>
              {price !== null && (
                <p className="price-from">{t('booking.priceFrom', { price: formatApiShekels(price, locale) })}</p>
              )}
            </div>
          </header>
          <section aria-labelledby="dates-title" className="dates">
            <h2 id="dates-title">{t('feature.datesTitle')}</h2>
            {days.length === 0 && <p className="muted">{t('booking.noDates')}</p>}
            {days.map((day) => (
              <section key={day.dateKey} className="day-block" aria-labelledby={`day-${day.dateKey}`}>
                <h3 id={`day-${day.dateKey}`} className="day-block__title">
                  {formatDayHeading(day.firstDateTime, locale)}
                </h3>
                <ul className="show-list">
                  {day.presentations.map((p) => (
                    <PresentationRow key={p.id} presentation={p} />
                  ))}
                </ul>
              </section>
            ))}
          </section>
        </div>
      )}
    </div>
  );
}
