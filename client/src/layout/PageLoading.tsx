import { useTranslation } from 'react-i18next';
import { useDelayedFlag } from '../hooks/useDelayedFlag';

/** Loading indicator that only appears when loading takes longer than 200 ms (spec section 9). */
export function PageLoading({ label }: { label?: string }) {
  const { t } = useTranslation();
  const visible = useDelayedFlag(true);
  return (
    <div className="page-loading container" role="status" aria-live="polite">
      {visible && (
        <>
          <span className="spinner" aria-hidden="true" />
          <span>{label ?? t('app.loading')}</span>
        </>
      )}
    </div>
  );
}
