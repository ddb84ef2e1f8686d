import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isVideoOnDemand, shekelsToAgorot, vodWatchUntil } from '@hotline/shared';
import { money, seatLabel } from './format';
import { CatalogueText } from '../components/CatalogueText';
import { formatJerusalemDateTime } from '../lib/datetime';
import { presentationFeatureName, venueAndLocation } from '../lib/localized';
import { useLocale } from '../hooks/useLocale';
import type { CompletedOrder } from './cart-store';
import { useBookingCatalogue } from './catalogue-store';
import { WatchAfterPurchase } from '../vod/WatchLinks';

/** The facts every confirmation starts with: the reservation identifier and the total; `children` adds rows. */
export function OrderFacts({
  reservationIdentifier,
  total,
  children,
}: {
  reservationIdentifier: string;
  /** Shekels, as the commit answers. */
  total: number;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <dl className="confirmation__facts">
      <div>
        <dt>{t('confirmation.reservation')}</dt>
        <dd className="confirmation__id" data-testid="reservation-identifier">
          <bdi dir="ltr">{reservationIdentifier}</bdi>
        </dd>
      </div>
      <div>
        <dt>{t('confirmation.total')}</dt>
        <dd>{money(shekelsToAgorot(total), locale)}</dd>
      </div>
      {children}
    </dl>
  );
}

/** Step 6: the order is paid. The reservation identifier, what was paid, and the way to the e-tickets. */
export function Confirmation({ order }: { order: CompletedOrder }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const tickets = order.ticketIdentifiers.length;
  const entries = useBookingCatalogue((s) => s.entries);
  return (
    <section className="booking-card confirmation" aria-labelledby="confirmation-title" data-testid="confirmation">
      <div className="confirmation__badge" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="48" height="48" focusable="false">
          <circle cx="24" cy="24" r="22" fill="currentColor" />
          <path
            d="M14 24.5l7 6.5 13-14"
            fill="none"
            stroke="#fff"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </div>
      <h2 id="confirmation-title" className="confirmation__title" tabIndex={-1} ref={headingRef}>
        {t('confirmation.thanks')}
      </h2>
      <p className="confirmation__lead">{t('confirmation.lead', { count: tickets })}</p>
      <OrderFacts reservationIdentifier={order.reservationIdentifier} total={order.total}>
        {order.charged < order.total && (
          <div>
            <dt>{t('confirmation.vouchers')}</dt>
            <dd>{money(shekelsToAgorot(order.total) - shekelsToAgorot(order.charged), locale)}</dd>
          </div>
        )}
        {order.charged > 0 && order.charged < order.total && (
          <div>
            <dt>{t('confirmation.charged')}</dt>
            <dd>{money(shekelsToAgorot(order.charged), locale)}</dd>
          </div>
        )}
      </OrderFacts>
      {order.shows && order.shows.length > 0 && (
        <section className="confirmation__shows" aria-labelledby="confirmation-shows-title">
          <h3 id="confirmation-shows-title" className="confirmation__subtitle">
            {t('confirmation.details')}
          </h3>
          {order.shows.map((show) => {
            const p = show.presentation;
            const online = p.venueTypeId !== undefined && isVideoOnDemand(p.venueTypeId);
            return (
              <div key={p.id} className="confirmation__show" data-testid="confirmation-show">
                <p className="confirmation__show-name">
                  <CatalogueText locale={locale}>{presentationFeatureName(p, locale)}</CatalogueText>
                </p>
                <dl className="confirmation__show-facts">
                  {online ? (
                    // An online show has no venue, time or seats, but a viewing window.
                    <>
                      <div>
                        <dt>{t('confirmation.where')}</dt>
                        <dd data-testid="confirmation-online">{t('vod.online')}</dd>
                      </div>
                      <div>
                        <dt>{t('vod.viewings')}</dt>
                        <dd>{show.seats.length.toLocaleString(locale)}</dd>
                      </div>
                      <div>
                        <dt>{t('vod.watchUntil')}</dt>
                        <dd data-testid="confirmation-watch-until">
                          <time dateTime={vodWatchUntil(p.dateTime)}>
                            {t('vod.watchWindow', { date: formatJerusalemDateTime(vodWatchUntil(p.dateTime), locale) })}
                          </time>
                        </dd>
                      </div>
                    </>
                  ) : (
                    <>
                      <div>
                        <dt>{t('confirmation.when')}</dt>
                        <dd>
                          <time dateTime={p.dateTime}>{formatJerusalemDateTime(p.dateTime, locale)}</time>
                        </dd>
                      </div>
                      <div>
                        <dt>{t('confirmation.where')}</dt>
                        <dd>
                          <CatalogueText locale={locale}>{venueAndLocation(p, locale)}</CatalogueText>
                        </dd>
                      </div>
                      <div>
                        <dt>{t('confirmation.seats')}</dt>
                        <dd>
                          <ul className="plain confirmation__seats">
                            {show.seats.map((seat, i) => (
                              <li key={`${seat.sectionId}:${seat.XCoordinate}:${seat.YCoordinate}:${i}`}>
                                {seatLabel(seat, t)}
                              </li>
                            ))}
                          </ul>
                        </dd>
                      </div>
                    </>
                  )}
                </dl>
              </div>
            );
          })}
        </section>
      )}
      {order.email && (
        <p className="confirmation__email">
          {t('confirmation.emailSent')} <bdi dir="ltr">{order.email}</bdi>
        </p>
      )}
      <WatchAfterPurchase
        reservationIdentifier={order.reservationIdentifier}
        presentations={(order.presentationIds ?? []).map((id) => ({
          id,
          venueTypeId: entries[id]?.presentation?.venueTypeId,
        }))}
      />
      <div className="button-row button-row--start">
        <Link className="button button--primary" to={`/edocument/${order.documentKey}`} data-testid="edocument-link">
          {t('confirmation.viewTickets')}
          <span className="arrow" aria-hidden="true" />
        </Link>
        <Link className="button button--secondary" to="/booking">
          {t('confirmation.more')}
        </Link>
      </div>
    </section>
  );
}
