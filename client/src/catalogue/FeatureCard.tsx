import type { ApiFeature, ApiPresentation } from '@hotline/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useLocale } from '../hooks/useLocale';
import { formatDayHeading, formatShortDay } from '../lib/datetime';
import { CatalogueText } from '../components/CatalogueText';
import { featureCategory, featureDescription, featureName } from '../lib/localized';
import { formatApiShekels } from '../lib/money';
import { groupByDay, lowestPrice } from './catalogue-data';
import { PresentationTimeLink } from './PresentationLink';
import { WatchButtons } from '../vod/WatchLinks';

/** How many days a card lists before pointing to the feature's own page. */
export const CARD_DAYS = 3;

export function FeatureCard({ feature, presentations }: { feature: ApiFeature; presentations: ApiPresentation[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = featureName(feature, locale);
  const days = groupByDay(presentations);
  const shown = days.slice(0, CARD_DAYS);
  const price = lowestPrice(presentations);
  const multipleVenues = new Set(presentations.map((p) => p.venueId)).size > 1;
  const headingId = `feature-${feature.id}-title`;
  const featureHref = `/booking/features/${feature.id}`;

  return (
    <article className="feature-card" aria-labelledby={headingId} data-feature-id={feature.id}>
      <Link to={featureHref} className="feature-card__poster" tabIndex={-1} aria-hidden="true">
        <img src={feature.image} alt="" loading="lazy" decoding="async" width={300} height={450} />
      </Link>
      <div className="feature-card__head">
        <p className="feature-card__meta">
          <span className="tag">
            <CatalogueText locale={locale}>{featureCategory(feature, locale)}</CatalogueText>
          </span>
          <span>{t('booking.duration', { count: feature.durationMinutes })}</span>
        </p>
        <h2 id={headingId} className="feature-card__title">
          <Link to={featureHref}>
            <CatalogueText locale={locale}>{name}</CatalogueText>
          </Link>
        </h2>
        <p className="feature-card__description">
          <CatalogueText locale={locale}>{featureDescription(feature, locale)}</CatalogueText>
        </p>
        {price !== null && (
          <p className="price-from">{t('booking.priceFrom', { price: formatApiShekels(price, locale) })}</p>
        )}
        <WatchButtons presentations={presentations} featureName={name} />
      </div>
      <div className="feature-card__dates">
        {shown.length === 0 ? (
          <p className="muted">{t('booking.noDates')}</p>
        ) : (
          <ul className="day-list" aria-label={t('booking.datesLabel', { feature: name })}>
            {shown.map((day) => {
              const dayLabel = formatDayHeading(day.firstDateTime, locale);
              return (
                <li key={day.dateKey} className="day-row">
                  <span className="day-row__label" aria-hidden="true">
                    {formatShortDay(day.firstDateTime, locale)}
                  </span>
                  <ul className="time-list" aria-label={t('booking.timesOn', { date: dayLabel })}>
                    {day.presentations.map((p) => (
                      <li key={p.id}>
                        <PresentationTimeLink presentation={p} showVenue={multipleVenues} />
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        )}
        {days.length > CARD_DAYS && (
          <Link
            to={featureHref}
            className="text-link feature-card__more"
            aria-label={t('booking.allDatesAria', { feature: name })}
          >
            {t('booking.allDates')}
            <span className="arrow" aria-hidden="true" />
          </Link>
        )}
      </div>
    </article>
  );
}
