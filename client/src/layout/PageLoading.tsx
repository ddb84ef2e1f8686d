import { useTranslation } from 'react-i18next';
import { useDelayedFlag } from '../hooks/useDelayedFlag';

/**
 * Loading indicator that only appears when loading takes longer than 200 ms (spec section 9). `route`: a whole page's
 * code is loading, so it keeps a screen's height (see `.page-loading--route`).
 */
export function PageLoading({ label, route = false }: { label?: string; route?: boolean }) {
  const { t } = useTranslation();
  const visible = useDelayedFlag(true);
  return (
    <div className={`page-loading container${route ? ' page-loading--route' : ''}`} role="status" aria-live="polite">
      {visible && (
        <>
          <span className="spinner" aria-hidden="true" />
          <span>{label ?? t('app.loading')}</span>
        </>
      )}
    </div>
  );
}
