import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec section 2: a path starting with /http sends the whole window to the embedded address. */
export function ExternalRedirect({ to }: { to: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    window.location.replace(to);
  }, [to]);
  return (
    <section className="container status-page" role="status">
      <p>{t('redirect.external')}</p>
      <p>
        <a href={to} rel="noreferrer noopener">
          {t('redirect.link')}
        </a>
      </p>
    </section>
  );
}
