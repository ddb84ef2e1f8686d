import type { ApiPresentation } from '@hotline/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CatalogueText } from '../components/CatalogueText';
import { useLocale } from '../hooks/useLocale';
import { formatDayHeading, formatTime } from '../lib/datetime';
import { presentationFeatureName, venueAndLocation } from '../lib/localized';
import { formatApiShekels } from '../lib/money';
import { groupByDay } from '../catalogue/catalogue-data';
import { OffSaleBadge, offSaleOf } from '../catalogue/off-sale';

/** The presentations a channel offers, by day: feature, time, place, price and a "choose seats" link each. */
export function ChannelShows({
  presentations,
  idPrefix,
  showPrice = true,
}: {
  presentations: ApiPresentation[];
  idPrefix: string;
  /** Off on a mini-site: "from" is the public price; the mini-site's own tickets are listed with their prices. */
  showPrice?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const days = groupByDay(presentations);
  if (days.length === 0) return <p className="muted">{t('storefrontModes.noShows')}</p>;
  return (
    <>
      {days.map((day) => (
        <section key={day.dateKey} className="day-block" aria-labelledby={`${idPrefix}-${day.dateKey}`}>
          <h3 id={`${idPrefix}-${day.dateKey}`} className="day-block__title">
            {formatDayHeading(day.firstDateTime, locale)}
          </h3>
          <ul className="show-list">
            {day.presentations.map((p) => {
              const feature = presentationFeatureName(p, locale);
              const time = formatTime(p.dateTime, locale);
              const place = venueAndLocation(p, locale);
              const soldOut = p.soldout || p.availability === 'soldOut';
              const offSale = soldOut ? null : offSaleOf(p);
              return (
                <li key={p.id} className="show-row channel-show" data-testid="channel-show" data-presentation-id={p.id}>
                  <span className="show-row__time">{time}</span>
                  <span className="show-row__place">
                    <strong>
                      <CatalogueText locale={locale}>{feature}</CatalogueText>
                    </strong>{' '}
                    <CatalogueText locale={locale}>{place}</CatalogueText>
                  </span>
                  <span className="show-row__price">
                    {showPrice && p.priceFrom !== null && !soldOut
                      ? t('booking.priceFrom', { price: formatApiShekels(p.priceFrom, locale) })
                      : null}
                  </span>
                  {soldOut ? (
                    <span className="badge badge--muted">{t('booking.soldOut')}</span>
                  ) : offSale ? (
                    <OffSaleBadge
                      presentation={p}
                      state={offSale}
                      vars={{ feature, date: formatDayHeading(p.dateTime, locale), time, venue: place }}
                    />
                  ) : (
                    <Link
                      className="button button--primary show-row__action"
                      to={`/order/${p.id}`}
                      aria-label={t('booking.bookAria', {
                        feature,
                        date: formatDayHeading(p.dateTime, locale),
                        time,
                        venue: place,
                      })}
                    >
                      {t('booking.chooseSeats')}
                    </Link>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </>
  );
}
