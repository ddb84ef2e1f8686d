import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { EDocumentTicket } from '@hotline/shared';
import { ApiError } from '../api/client';
import { getEDocument } from '../booking/api';
import { moneyOfShekels } from '../booking/format';
import '../booking/booking.css';
import '../waiver/waiver.css';
import { CatalogueText } from '../components/CatalogueText';
import { ErrorView } from '../components/StateViews';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useLocale } from '../hooks/useLocale';
import { formatJerusalemDateTime } from '../lib/datetime';
import { pickText, venueAndLocation } from '../lib/localized';
import type { SupportedLocale } from '../lib/rules';
import { NotFoundPage } from '../system/NotFoundPage';
import { RotatingQrCode } from './RotatingQrCode';
import '../vod/i18n';

const DOCUMENT_KEY = /^[A-Za-z0-9_-]{43}$/;

/**
 * The QR code as an image: the server's SVG goes in as a data URL, so markup
 * from the network is never put into the page's own DOM.
 */
function QrCode({ svg, label }: { svg: string; label: string }) {
  return (
    <img
      className="eticket__qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width="168"
      height="168"
    />
  );
}

function TicketCard({
  ticket,
  index,
  count,
  locale,
}: {
  ticket: EDocumentTicket;
  index: number;
  count: number;
  locale: SupportedLocale;
}) {
  const { t } = useTranslation();
  const feature = pickText(
    locale,
    ticket.featureName,
    ticket.featureNameEn,
    ticket.featureNameRu,
    ticket.featureNameAr,
  );
  const section = pickText(
    locale,
    ticket.sectionName,
    ticket.sectionNameEn,
    ticket.sectionNameRu,
    ticket.sectionNameAr,
  );
  const venue = venueAndLocation(ticket, locale);
  return (
    <li className="eticket" data-testid="eticket">
      <div className="eticket__main">
        <p className="eticket__count">{t('edocument.ticketOf', { index: index + 1, count })}</p>
        <h2 className="eticket__title">
          <CatalogueText locale={locale}>{feature}</CatalogueText>
        </h2>
        <dl className="eticket__facts">
          {ticket.online ? (
            // An online show: watched at home, not entered. No venue, seat or gate code.
            <>
              <div className="eticket__fact eticket__fact--wide">
                <dt>{t('edocument.where')}</dt>
                <dd data-testid="eticket-online">{t('vod.online')}</dd>
              </div>
              <div className="eticket__fact eticket__fact--wide">
                <dt>{t('vod.watchUntil')}</dt>
                <dd>
                  <time dateTime={ticket.online.watchUntil}>
                    {t('vod.watchWindow', { date: formatJerusalemDateTime(ticket.online.watchUntil, locale) })}
                  </time>
                </dd>
              </div>
            </>
          ) : (
            <>
              <div className="eticket__fact eticket__fact--wide">
                <dt>{t('edocument.when')}</dt>
                <dd>
                  <time dateTime={ticket.dateTime}>{formatJerusalemDateTime(ticket.dateTime, locale)}</time>
                </dd>
              </div>
              <div className="eticket__fact eticket__fact--wide">
                <dt>{t('edocument.where')}</dt>
                <dd>
                  <CatalogueText locale={locale}>{venue}</CatalogueText>
                </dd>
              </div>
              <div className="eticket__fact">
                <dt>{t('edocument.section')}</dt>
                <dd>
                  <CatalogueText locale={locale}>{section}</CatalogueText>
                </dd>
              </div>
              {ticket.isGeneralAdmission ? (
                <div className="eticket__fact">
                  <dt>{t('edocument.admission')}</dt>
                  <dd>{t('edocument.generalAdmission')}</dd>
                </div>
              ) : (
                <>
                  <div className="eticket__fact">
                    <dt>{t('edocument.row')}</dt>
                    <dd className="eticket__big">{ticket.rowName}</dd>
                  </div>
                  <div className="eticket__fact">
                    <dt>{t('edocument.seat')}</dt>
                    <dd className="eticket__big">{ticket.seatName}</dd>
                  </div>
                </>
              )}
            </>
          )}
          <div className="eticket__fact">
            <dt>{t('edocument.ticket')}</dt>
            <dd>
              <CatalogueText locale={locale}>
                {pickText(locale, ticket.ticketName, ticket.ticketNameEn, ticket.ticketNameRu, ticket.ticketNameAr)}
              </CatalogueText>
            </dd>
          </div>
          <div className="eticket__fact">
            <dt>{t('edocument.price')}</dt>
            <dd>{moneyOfShekels(ticket.price + ticket.serviceCharge, locale)}</dd>
          </div>
        </dl>
      </div>
      <div className="eticket__stub">
        {ticket.online ? (
          <>
            <Link className="button button--primary no-print" to={ticket.online.watchUrl} data-testid="eticket-watch">
              {t('vod.watchNow')}
            </Link>
            <p className="eticket__online-note">{t('vod.eticketNote')}</p>
          </>
        ) : ticket.rotatingSecret ? (
          <RotatingQrCode ticketIdentifier={ticket.ticketIdentifier} secret={ticket.rotatingSecret} />
        ) : (
          <QrCode svg={ticket.qrSvg} label={t('edocument.qrAlt', { id: ticket.ticketIdentifier })} />
        )}
        <p className="eticket__id">
          <bdi dir="ltr">{ticket.ticketIdentifier}</bdi>
        </p>
      </div>
    </li>
  );
}

/** /edocument/:documentKey — the reservation's e-tickets, one QR code per ticket, printable. */
export default function EDocumentPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { documentKey = '' } = useParams();
  const valid = DOCUMENT_KEY.test(documentKey);
  const query = useLatestQuery((signal) => getEDocument(documentKey, signal), [documentKey, locale]);

  if (!valid) return <NotFoundPage />;
  if (query.status === 'loading') {
    return (
      <div className="container page">
        <div className="page-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('edocument.loading')}
        </div>
      </div>
    );
  }
  if (query.status === 'error') {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="container page">
        {missing ? (
          <div className="notice" role="alert">
            <p className="notice__title">{t('edocument.notFound')}</p>
            <Link className="button button--primary" to="/booking">
              {t('notFound.home')}
            </Link>
          </div>
        ) : (
          <ErrorView message={t('edocument.error')} error={query.error} onRetry={query.retry} />
        )}
      </div>
    );
  }
  const r = query.data.reservation;
  return (
    <div className="container page edocument">
      <header className="edocument__head">
        <div>
          <p className="eyebrow">{t('edocument.eyebrow')}</p>
          <h1 className="edocument__title">{t('edocument.title')}</h1>
          <dl className="edocument__meta">
            <div>
              <dt>{t('confirmation.reservation')}</dt>
              <dd data-testid="edocument-reservation">
                <bdi dir="ltr">{r.reservationIdentifier}</bdi>
              </dd>
            </div>
            {r.customerName && (
              <div>
                <dt>{t('edocument.name')}</dt>
                {/* The buyer's own name, as typed: not translated. */}
                <dd translate="no">
                  <bdi>{r.customerName}</bdi>
                </dd>
              </div>
            )}
            <div>
              <dt>{t('edocument.total')}</dt>
              <dd>{moneyOfShekels(r.total, locale)}</dd>
            </div>
          </dl>
        </div>
        <div className="edocument__actions no-print">
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path
                d="M7 9V3h10v6M7 17H4v-7h16v7h-3M7 14h10v7H7z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
            {t('edocument.print')}
          </button>
          <a
            className="button button--secondary"
            href={`${r.calendarUrl}?lang=${locale}`}
            download
            data-testid="calendar-link"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {t('edocument.calendar')}
          </a>
        </div>
      </header>
      <p className="edocument__note no-print">
        {r.tickets.every((x) => x.online)
          ? t('vod.eticketPageNote')
          : r.tickets.some((x) => x.rotatingSecret)
            ? t('edocument.noteRotating')
            : t('edocument.note')}
      </p>
      <ol className="plain eticket-list" aria-label={t('edocument.listLabel', { count: r.tickets.length })}>
        {r.tickets.map((ticket, i) => (
          <TicketCard
            key={ticket.ticketIdentifier}
            ticket={ticket}
            index={i}
            count={r.tickets.length}
            locale={locale}
          />
        ))}
      </ol>
      {r.waivers?.map((w) => (
        <section
          key={w.signatureUrl}
          className="booking-card waiver-record"
          aria-labelledby={`waiver-${w.presentationId}`}
          data-testid="waiver-record"
        >
          <h2 id={`waiver-${w.presentationId}`} className="booking-card__title booking-card__title--small">
            {t('waiver.record')}
          </h2>
          <p>
            {t('waiver.signedBy', {
              date: formatJerusalemDateTime(w.signedAt, locale),
              ip: w.ip,
            })}
          </p>
          <h3 className="booking-card__title booking-card__title--small">{t('waiver.participants')}</h3>
          <ul>
            {w.participants.map((p) => (
              <li key={`${p.name}-${p.dateOfBirth}`}>
                {p.name} · <bdi dir="ltr">{p.dateOfBirth}</bdi>
              </li>
            ))}
          </ul>
          <img
            className="waiver-record__signature"
            src={w.signatureUrl}
            alt={t('waiver.signHere')}
            width={320}
            height={100}
          />
        </section>
      ))}
    </div>
  );
}
