import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isVodUnsupportedBrowser, type VodAccessResponse } from '@hotline/shared';
import { ApiError } from '../api/client';
import { userMessage } from '../api/user-message';
import { ErrorView, LoadingView } from '../components/StateViews';
import { useLatestQuery } from '../hooks/useLatestQuery';
import { formatJerusalemDateTime } from '../lib/datetime';
import { useLocale } from '../hooks/useLocale';
import { NotFoundPage } from '../system/NotFoundPage';
import { getVod, proofOf, requestVodAccess } from './api';
import './i18n';
import './vod.css';

/**
 * /vod/:resId?/:vodId: the authentication dialog (the reservation and the buyer's e-mail or mobile, or
 * the logged-in customer's account), then an HTML5 player over the stream the server signed for this visit. On iOS
 * and Safari the spec says playback is not supported: the page says so (use Chrome) instead.
 */
export default function VodPage() {
  const { resId, vodId: rawVodId } = useParams();
  const vodId = /^\d{1,10}$/.test(rawVodId ?? '') ? Number(rawVodId) : null;
  if (!vodId) return <NotFoundPage />;
  return <VodScreen vodId={vodId} reservation={resId ?? ''} />;
}

function VodScreen({ vodId, reservation }: { vodId: number; reservation: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useLatestQuery((signal) => getVod(vodId, signal), [vodId, locale]);
  const unsupported = typeof navigator !== 'undefined' && isVodUnsupportedBrowser(navigator.userAgent);
  const [access, setAccess] = useState<VodAccessResponse | null>(null);
  const [dialogOpen, setDialogOpen] = useState(true);
  const [notice, setNotice] = useState<string | null>(null);
  // Set when the server refuses with VOD_WINDOW_ENDED (the authority); the client's clock only pre-empts the dialog.
  const [serverSaysEnded, setServerSaysEnded] = useState(false);
  // The browser's clock when the page opened: past the window's end, the page says so instead of offering the dialog.
  const [openedAt] = useState(() => Date.now());

  if (query.status === 'loading') return <LoadingView label={t('vod.loading')} />;
  if (query.status === 'error') {
    return (
      <div className="container page">
        <ErrorView message={t('vod.loadError')} error={query.error} onRetry={query.retry} />
      </div>
    );
  }
  const info = query.data;
  const watchUntil = formatJerusalemDateTime(info.watchUntil, locale);
  const ended = serverSaysEnded || openedAt >= Date.parse(info.watchUntil);
  return (
    <div className="container page vod-page">
      <header className="page-header">
        <h1>{info.featureName}</h1>
        <p className="lead">
          {t('vod.available', { date: formatJerusalemDateTime(info.dateTime, locale) })}
          {info.simulated && (
            <>
              {' '}
              <span className="vod-simulated">{t('vod.simulated')}</span>
            </>
          )}
        </p>
        {!ended && (
          <p data-testid="vod-watch-until">
            {t('vod.watchUntilDate')} <time dateTime={info.watchUntil}>{watchUntil}</time>
          </p>
        )}
      </header>

      {ended ? (
        <div className="notice notice--warning" role="status" data-testid="vod-window-ended">
          <p className="notice__title">{t('vod.endedTitle')}</p>
          <p className="notice__detail">
            {t('vod.ended', { date: watchUntil })}{' '}
            <Link className="text-link" to="/booking">
              {t('vod.endedBrowse')}
            </Link>
          </p>
        </div>
      ) : unsupported ? (
        <div className="notice notice--warning" role="alert" data-testid="vod-unsupported">
          <p className="notice__title">{t('vod.unsupportedTitle')}</p>
          <p className="notice__detail">{t('vod.unsupported')}</p>
        </div>
      ) : access ? (
        <figure className="vod-figure">
          <video
            className="vod-player"
            data-testid="vod-player"
            src={access.streamUrl}
            controls
            autoPlay
            muted
            playsInline
            preload="auto"
            aria-label={t('vod.playerLabel', { feature: info.featureName })}
            onError={() => {
              // Most likely the short-lived link expired: prove the purchase again for a new one.
              setAccess(null);
              setNotice(t('vod.linkExpired'));
              setDialogOpen(true);
            }}
          />
          <figcaption className="vod-player-caption">
            {access.simulated ? t('vod.simulatedCaption') : info.featureName}
          </figcaption>
        </figure>
      ) : (
        <>
          {notice && (
            <p className="notice notice--warning" role="status">
              {notice}
            </p>
          )}
          <button type="button" className="button button--primary" onClick={() => setDialogOpen(true)}>
            {t('vod.openDialog')}
          </button>
          <VodAuthDialog
            open={dialogOpen}
            vodId={vodId}
            reservation={reservation}
            onClose={() => setDialogOpen(false)}
            onEnded={() => {
              setDialogOpen(false);
              setServerSaysEnded(true);
            }}
            onAccess={(a) => {
              setNotice(null);
              setAccess(a);
              setDialogOpen(false);
            }}
          />
        </>
      )}
    </div>
  );
}

/** The spec's "video-on-demand authentication dialog": a modal <dialog>, focus inside, Escape closes it. */
function VodAuthDialog({
  open,
  vodId,
  reservation,
  onClose,
  onEnded,
  onAccess,
}: {
  open: boolean;
  vodId: number;
  reservation: string;
  onClose: () => void;
  /** The purchase is proven but its viewing window is over: the page says so in place of the dialog. */
  onEnded: () => void;
  onAccess: (access: VodAccessResponse) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const ids = { title: useId(), reservation: useId(), contact: useId(), hint: useId(), error: useId() };
  const [resId, setResId] = useState(reservation);
  const [contact, setContact] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  async function prove(proof: Parameters<typeof requestVodAccess>[1]) {
    setBusy(true);
    setError(null);
    try {
      onAccess(await requestVodAccess(vodId, proof));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'VOD_WINDOW_ENDED') onEnded();
      else setError(userMessage(e, t));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!resId.trim() || !contact.trim()) {
      setError(t('vod.fillBoth'));
      return;
    }
    void prove(proofOf(resId, contact));
  }

  return (
    <dialog
      ref={ref}
      className="vod-dialog"
      aria-labelledby={ids.title}
      data-testid="vod-auth-dialog"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 id={ids.title} className="vod-dialog__title">
        {t('vod.dialogTitle')}
      </h2>
      <p>{t('vod.dialogIntro')}</p>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={ids.reservation}>
            {t('vod.reservation')}
          </label>
          <input
            id={ids.reservation}
            className="input"
            dir="ltr"
            autoComplete="off"
            value={resId}
            onChange={(e) => setResId(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ids.error : undefined}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.contact}>
            {t('vod.contact')}
          </label>
          <input
            id={ids.contact}
            className="input"
            dir="ltr"
            autoComplete="email"
            value={contact}
            onChange={(e) => setContact(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${ids.hint}${error ? ` ${ids.error}` : ''}`}
          />
          <p className="field__hint" id={ids.hint}>
            {t('vod.contactHint')}
          </p>
        </div>
        {error && (
          <p className="notice notice--error" role="alert" id={ids.error} data-testid="vod-error">
            {error}
          </p>
        )}
        <div className="vod-dialog__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {t('vod.submit')}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('vod.close')}
          </button>
        </div>
      </form>
      <p className="vod-dialog__or">{t('vod.or')}</p>
      <div className="vod-dialog__actions">
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => void prove({})}>
          {t('vod.useAccount')}
        </button>
        <Link className="text-link" to="/customer">
          {t('vod.login')}
        </Link>
      </div>
    </dialog>
  );
}
