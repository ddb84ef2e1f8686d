import type { PresentationsResponse } from '@hotline/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { api } from '../api/client';
import { ErrorView, LoadingView } from '../components/StateViews';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useCartStore } from '../booking/cart-store';
import { channel, setChannel } from './channel';
import { ChannelShows } from './ChannelShows';
import { leaveChannel } from './MiniSitePage';
import './i18n';
import './storefront-modes.css';

/**
 * /PRES-live and /PRES-live-v1: the live presentation mode (storefront-spec.md sections 2 and 4). The tab enters the
 * live domain (its name is the path): the catalogue lists presentations with seats set aside, the seat map offers
 * only those seats (seats-status with `domain`), sold out means no allocated seat is left, and the commit carries
 * the domain so the server sells nothing else.
 */
export default function LivePage({ domain }: { domain: 'PRES-live' | 'PRES-live-v1' }) {
  const { t } = useTranslation();
  const query = useLatestQuery(
    async (signal) => {
      if (channel().domain !== domain || channel().miniSiteUrl) setChannel({ domain, miniSiteUrl: null });
      if (useCartStore.getState().miniSiteUrl) useCartStore.setState({ miniSiteUrl: null });
      return api.get<PresentationsResponse>('/presentations/', {}, signal);
    },
    [domain],
  );
  return (
    <div className="container page channel-page" data-testid="live-page" data-domain={domain}>
      <header className="channel-hero">
        <p className="eyebrow">{t('storefrontModes.live.eyebrow')}</p>
        <h1>{t(domain === 'PRES-live' ? 'storefrontModes.live.title' : 'storefrontModes.live.titleV1')}</h1>
        <p className="lead">{t('storefrontModes.live.lead')}</p>
      </header>
      {query.status === 'loading' && <LoadingView label={t('storefrontModes.live.loading')} />}
      {query.status === 'error' && (
        <ErrorView message={t('storefrontModes.live.error')} error={query.error} onRetry={query.retry} />
      )}
      {query.status === 'success' && (
        <section aria-labelledby="live-shows" className="dates">
          <h2 id="live-shows">{t('storefrontModes.live.showsTitle')}</h2>
          <ChannelShows presentations={query.data.presentations} idPrefix="live-day" />
        </section>
      )}
      <p>
        <Link className="text-link" to="/booking" onClick={leaveChannel}>
          {t('storefrontModes.toPublic')}
        </Link>
      </p>
    </div>
  );
}
