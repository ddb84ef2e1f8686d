import type { ApiPresentation } from '@hotline/shared';
import { isVideoOnDemand } from '@hotline/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import './i18n';
import './vod.css';

/**
 * The event list's watch button (spec: "a watch button for video-on-demand events"): one per
 * VOD presentation, to /vod/:vodId, where the buyer proves the purchase and watches.
 */
export function WatchButtons({
  presentations,
  featureName,
}: {
  presentations: ApiPresentation[];
  featureName: string;
}) {
  const { t } = useTranslation();
  const vods = presentations.filter((p) => isVideoOnDemand(p.venueTypeId));
  if (vods.length === 0) return null;
  return (
    <p className="vod-watch">
      {vods.slice(0, 1).map((p) => (
        <Link
          key={p.id}
          to={`/vod/${p.id}`}
          className="button button--secondary vod-watch__button"
          aria-label={t('vod.watchAria', { feature: featureName })}
          data-testid="vod-watch"
        >
          <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M6 4l10 6-10 6z" fill="currentColor" />
          </svg>
          {t('vod.watch')}
        </Link>
      ))}
    </p>
  );
}

/** After a purchase: "watch now" for each VOD event of the order (the reservation is pre-filled on the VOD page). */
export function WatchAfterPurchase({
  reservationIdentifier,
  presentations,
}: {
  reservationIdentifier: string;
  presentations: { id: number; venueTypeId: number | undefined }[];
}) {
  const { t } = useTranslation();
  const vods = presentations.filter((p) => p.venueTypeId !== undefined && isVideoOnDemand(p.venueTypeId));
  if (vods.length === 0) return null;
  return (
    <p className="vod-watch">
      {vods.map((p) => (
        <Link
          key={p.id}
          to={`/vod/${encodeURIComponent(reservationIdentifier)}/${p.id}`}
          className="button button--primary vod-watch__button"
          data-testid="vod-watch-now"
        >
          {t('vod.watchNow')}
        </Link>
      ))}
    </p>
  );
}

/** In the customer area's VOD tab: watch a bought event (the logged-in customer proves it with "use my account"). */
export function WatchTicketLink({ vodId, featureName }: { vodId: number; featureName: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/vod/${vodId}`}
      className="text-link"
      aria-label={t('vod.watchAria', { feature: featureName })}
      data-testid="vod-watch-ticket"
    >
      {t('vod.watch')}
    </Link>
  );
}
