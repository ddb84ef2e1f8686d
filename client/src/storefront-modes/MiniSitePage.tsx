import type {
  ApiPresentation,
  MiniSite,
  MiniSiteResponse,
  PresentationsResponse,
  TicketGroupsResponse,
} from '@hotline/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { api, ApiError } from '../api/client';
import { ErrorView, LoadingView } from '../components/StateViews';
import { CatalogueText } from '../components/CatalogueText';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { useLocale } from '../hooks/useLocale';
import { pickText } from '../lib/localized';
import { formatApiShekels } from '../lib/money';
import { useCartStore } from '../booking/cart-store';
import { channel, setChannel } from './channel';
import { ChannelShows } from './ChannelShows';
import './i18n';
import './storefront-modes.css';

interface MiniSiteData {
  site: MiniSite;
  presentations: ApiPresentation[];
  tickets: {
    id: number;
    name: string;
    nameEn: string;
    nameRu?: string | null;
    nameAr?: string | null;
    price: number;
    balance: number | null;
  }[];
}

/** Enters the mini-site: every later catalogue, seat and ticket call and the commit carry its URL. */
function enter(url: string): void {
  if (channel().miniSiteUrl !== url) setChannel({ miniSiteUrl: url, domain: null });
  if (useCartStore.getState().miniSiteUrl !== url) useCartStore.setState({ miniSiteUrl: url });
}

export function leaveChannel(): void {
  setChannel({ miniSiteUrl: null, domain: null });
  useCartStore.setState({ miniSiteUrl: null });
}

async function loadMiniSite(url: string, signal: AbortSignal): Promise<MiniSiteData> {
  const { miniSite } = await api.get<MiniSiteResponse>(`/mini-site/${encodeURIComponent(url)}`, {}, signal);
  enter(miniSite.URL);
  const { presentations } = await api.get<PresentationsResponse>('/presentations/', {}, signal);
  // The tickets it sells, named and priced as the ticket groups of its presentations say (the server filtered them).
  const groups = await Promise.all(
    presentations.map((p) =>
      api.get<TicketGroupsResponse>(`/presentations/${p.id}/ticketGroups`, {}, signal).catch(() => null),
    ),
  );
  const tickets = new Map<string, MiniSiteData['tickets'][number]>();
  for (const g of groups.flatMap((r) => r?.ticketGroups ?? [])) {
    for (const ticket of g.tickets) {
      const key = `${ticket.nameEn}|${ticket.price}`;
      const balance = (ticket as { balance?: number | null }).balance ?? null;
      const seen = tickets.get(key);
      if (!seen) tickets.set(key, { ...ticket, balance });
    }
  }
  return { site: miniSite, presentations, tickets: [...tickets.values()] };
}

/** /mini-site/:url — only the mini-site's presentations and tickets (storefront-spec.md sections 1 and 7). */
export default function MiniSitePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const url = (useParams().url ?? '').toLowerCase();
  const query = useLatestQuery((signal) => loadMiniSite(url, signal), [url]);
  const notFound =
    query.status === 'error' && query.error instanceof ApiError && query.error.code === 'MINI_SITE_NOT_FOUND';

  return (
    <div className="container page channel-page" data-testid="mini-site-page">
      {query.status === 'loading' && <LoadingView label={t('storefrontModes.miniSite.loading')} />}
      {notFound && (
        <section className="status-page" aria-labelledby="mini-site-missing">
          <h1 id="mini-site-missing">{t('storefrontModes.miniSite.notFound')}</h1>
          <Link className="button button--primary" to="/booking" onClick={leaveChannel}>
            {t('storefrontModes.toPublic')}
          </Link>
        </section>
      )}
      {query.status === 'error' && !notFound && (
        <ErrorView message={t('storefrontModes.miniSite.error')} error={query.error} onRetry={query.retry} />
      )}
      {query.status === 'success' && (
        <>
          <header className="channel-hero">
            <p className="eyebrow">{t('storefrontModes.miniSite.eyebrow')}</p>
            <h1>
              <CatalogueText locale={locale}>{query.data.site.name}</CatalogueText>
            </h1>
            <p className="lead">{t('storefrontModes.miniSite.lead')}</p>
          </header>
          {query.data.tickets.length > 0 && (
            <section aria-labelledby="mini-site-tickets" className="channel-tickets">
              <h2 id="mini-site-tickets">{t('storefrontModes.miniSite.ticketsTitle')}</h2>
              <ul className="channel-tickets__list">
                {query.data.tickets.map((ticket) => (
                  <li key={`${ticket.id}`} data-testid="mini-site-ticket">
                    <CatalogueText locale={locale}>
                      {pickText(locale, ticket.name, ticket.nameEn, ticket.nameRu, ticket.nameAr)}
                    </CatalogueText>{' '}
                    <span className="channel-tickets__price">{formatApiShekels(ticket.price, locale)}</span>
                    {ticket.balance !== null && (
                      <span className="channel-tickets__left">
                        {t('storefrontModes.miniSite.left', { count: ticket.balance })}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="mini-site-shows" className="dates">
            <h2 id="mini-site-shows">{t('storefrontModes.miniSite.showsTitle')}</h2>
            <ChannelShows presentations={query.data.presentations} idPrefix="mini-site-day" showPrice={false} />
          </section>
          <p>
            <Link className="text-link" to="/booking" onClick={leaveChannel}>
              {t('storefrontModes.toPublic')}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
