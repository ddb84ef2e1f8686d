import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../hooks/useOnline';

const BACK_ONLINE_MS = 4_000;

/**
 * Offline, said in the visitor's language on every page, under the header (never over its navigation).
 * A short "back online" follows when the connection returns. Polite: it must not interrupt a screen reader
 * in the middle of a form.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const [back, setBack] = useState(false);
  useEffect(() => {
    let handle: ReturnType<typeof setTimeout> | undefined;
    const onOnline = () => {
      setBack(true);
      clearTimeout(handle);
      handle = setTimeout(() => setBack(false), BACK_ONLINE_MS);
    };
    const onOffline = () => {
      clearTimeout(handle);
      setBack(false);
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      clearTimeout(handle);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, []);
  return (
    <div className="connection-status" role="status" data-testid="connection-status">
      {!online && (
        <p className="connection-status__text connection-status__text--offline">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M2 8.5a15 15 0 0120 0M5 12a10 10 0 0114 0M8.5 15.5a5 5 0 017 0M12 19h.01M3 3l18 18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          {t('offline.banner')}
        </p>
      )}
      {online && back && <p className="connection-status__text">{t('offline.back')}</p>}
    </div>
  );
}
