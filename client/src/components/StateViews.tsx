import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { PageLoading } from '../layout/PageLoading';

export function LoadingView({ label }: { label: string }) {
  return <PageLoading label={label} />;
}

/** A failed load: our own sentence, the server's (translated) reason when it gave one, and a retry. */
export function ErrorView({ message, error, onRetry }: { message: string; error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const detail =
    error instanceof ApiError && error.code !== 'NETWORK_ERROR' && error.code !== 'BAD_RESPONSE' ? error.message : null;
  return (
    <div className="notice notice--error" role="alert">
      <p className="notice__title">{message}</p>
      {detail && <p className="notice__detail">{detail}</p>}
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {t('booking.retry')}
        </button>
      )}
    </div>
  );
}
