import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MEMBERSHIP_TYPE_SEASON, MEMBERSHIP_TYPE_SERIES, type ApiMembership } from '@hotline/shared';
import { formatApiShekels } from '../lib/money';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useLocale } from '../hooks/useLocale';
import { getMemberships } from './membership-api';
import './membership-i18n';
import '../booking/booking.css';
import './memberships.css';

/** /memberships: the memberships on sale, each with its buy or enrol button (memberships-backoffice-spec.md section 2). */
export default function MembershipsPage() {
  const { t } = useTranslation();
  const list = useLatestQuery((signal) => getMemberships(signal), []);
  return (
    <div className="container page booking-page membership-page" data-testid="memberships-page">
      <div className="booking-titlebar">
        <h1 className="booking-page__title">{t('memberships.title')}</h1>
      </div>
      <p className="membership-page__intro">{t('memberships.intro')}</p>
      {list.status === 'loading' && (
        <div className="page-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('app.loading')}
        </div>
      )}
      {list.status === 'error' && (
        <div className="notice notice--error" role="alert">
          <p className="notice__title">{t('memberships.loadError')}</p>
          <button type="button" className="button button--secondary" onClick={list.retry}>
            {t('memberships.retry')}
          </button>
        </div>
      )}
      {list.status === 'success' &&
        (list.data.memberships.length === 0 ? (
          <p>{t('memberships.empty')}</p>
        ) : (
          <ul className="membership-list">
            {list.data.memberships.map((m) => (
              <MembershipCard key={m.MembershipId} m={m} />
            ))}
          </ul>
        ))}
    </div>
  );
}

function MembershipCard({ m }: { m: ApiMembership }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const season = m.MembershipTypeId === MEMBERSHIP_TYPE_SEASON;
  const titleId = `membership-${m.MembershipId}-title`;
  return (
    <li className="booking-card membership-card" aria-labelledby={titleId} data-testid={`membership-${m.Code}`}>
      <h2 id={titleId} className="booking-card__title">
        {m.Name}
      </h2>
      <ul className="membership-card__facts">
        {season && <li>{t('memberships.season')}</li>}
        {m.MembershipTypeId === MEMBERSHIP_TYPE_SERIES && <li>{t('memberships.series')}</li>}
        {m.Presentations.length > 0 && <li>{t('memberships.eventCount', { count: m.Presentations.length })}</li>}
        {m.Balance > 0 && <li>{t('memberships.entries', { count: m.Balance })}</li>}
        {m.hasSeat && <li>{t('memberships.withSeat')}</li>}
      </ul>
      {/* The server's least price (fixed rate or the per-show season's required shows), never worked out here. */}
      {m.PriceFrom !== null && (
        <p className="membership-card__price" data-testid="membership-price">
          {t('memberships.from', { price: formatApiShekels(m.PriceFrom, locale) })}
        </p>
      )}
      <div className="button-row button-row--start">
        {season ? (
          <Link className="button button--primary" to={`/memberships/enrol/${encodeURIComponent(m.Code)}`}>
            {t('memberships.enrol')}
          </Link>
        ) : (
          <Link className="button button--primary" to={`/membership/${encodeURIComponent(m.Code)}`}>
            {t('memberships.buy')}
          </Link>
        )}
      </div>
    </li>
  );
}
