import { isVideoOnDemand, type ApiPresentation } from '@hotline/shared';
import '../vod/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDayHeading, formatTime } from '../lib/datetime';
import { presentationFeatureName, venueAndLocation, venueName } from '../lib/localized';
import { useLocale } from '../hooks/useLocale';
import { CatalogueText } from '../components/CatalogueText';
import { OffSaleBadge, offSaleOf } from './off-sale';

/**
 * One bookable time, e.g. "19:30 · Hall 2". The visible text is short; the accessible
 * name says everything (feature, day, time, place) because screen-reader users often
 * browse a list of links out of context.
 */
export function PresentationTimeLink({
  presentation,
  showVenue,
}: {
  presentation: ApiPresentation;
  showVenue: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const time = formatTime(presentation.dateTime, locale);
  // An online show has no venue to name: it is watched at home.
  const online = isVideoOnDemand(presentation.venueTypeId);
  const vars = {
    feature: presentationFeatureName(presentation, locale),
    date: formatDayHeading(presentation.dateTime, locale),
    time,
    venue: online ? t('vod.online') : venueAndLocation(presentation, locale),
  };

  const last = presentation.availability === 'lastSeats';
  const body = (
    <>
      <span className="time-chip__time">{time}</span>
      {showVenue && (
        <span className="time-chip__venue">
          {online ? t('vod.online') : <CatalogueText locale={locale}>{venueName(presentation, locale)}</CatalogueText>}
        </span>
      )}
    </>
  );

  // The server decides (catalogue availability): the flag, or every place sold.
  if (presentation.soldout || presentation.availability === 'soldOut') {
    return (
      <span className="time-chip time-chip--soldout">
        <span aria-hidden="true" className="time-chip__body">
          {body}
          <span className="time-chip__badge">{t('booking.soldOut')}</span>
        </span>
        <span className="visually-hidden">{t('booking.soldOutAria', vars)}</span>
      </span>
    );
  }
  // Outside its sale window (the server's clock): shown, but not a way to buy.
  const offSale = offSaleOf(presentation);
  if (offSale) {
    return (
      <span className="time-chip time-chip--soldout">
        <span aria-hidden="true" className="time-chip__body">
          {body}
        </span>
        <OffSaleBadge presentation={presentation} state={offSale} vars={vars} className="time-chip__badge" />
      </span>
    );
  }
  return (
    <Link
      className={`time-chip${last ? ' time-chip--last' : ''}`}
      to={`/order/${presentation.id}`}
      aria-label={last ? t('booking.lastSeatsAria', vars) : t('booking.bookAria', vars)}
      data-presentation-id={presentation.id}
    >
      {body}
      {last && <span className="time-chip__badge time-chip__badge--last">{t('booking.lastSeats')}</span>}
    </Link>
  );
}
