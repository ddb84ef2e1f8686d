import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { prefetchWhenIdle } from '../lib/prefetch';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { loadCatalogue, orderFeatures, presentationsOf } from './catalogue-data';
import { FeatureCard } from './FeatureCard';
import { ErrorView, LoadingView } from '../components/StateViews';

/** /booking: every feature on sale with its next dates. */
export default function BookingPage() {
  const { t } = useTranslation();
  const query = useLatestQuery((signal) => loadCatalogue(signal), []);

  // The next step is almost always a presentation's order page: fetch its code while idle.
  useEffect(() => prefetchWhenIdle(() => import('../order/OrderPage')), []);

  return (
    <div className="container page">
      <header className="page-header">
        <h1>{t('booking.title')}</h1>
        <p className="lead">{t('booking.intro')}</p>
      </header>
      {query.status === 'loading' && (
        // The list's room is kept while it loads: the footer below it stays below the fold instead of being pushed
        // off the screen when the list arrives (a layout shift people see).
        <div className="feature-grid-pending">
          <LoadingView label={t('booking.loading')} />
        </div>
      )}
      {query.status === 'error' && <ErrorView message={t('booking.error')} error={query.error} onRetry={query.retry} />}
      {query.status === 'success' &&
        (query.data.features.length === 0 ? (
          <p className="notice">{t('booking.empty')}</p>
        ) : (
          <ul className="feature-grid" aria-label={t('booking.listLabel')}>
            {orderFeatures(query.data.features, query.data.presentations).map((feature) => (
              <li key={feature.id}>
                <FeatureCard feature={feature} presentations={presentationsOf(feature.id, query.data.presentations)} />
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
