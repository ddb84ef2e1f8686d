import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { ApiError } from '../api/client';
import { endFirstPaint } from '../first-paint/first-paint';

/** Route errors carry their status code, or 500 (spec section 8). */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status;
  if (error instanceof ApiError && error.status >= 400) return error.status;
  return 500;
}

function ErrorContent({ status }: { status: number }) {
  const { t } = useTranslation();
  // The order page's first-paint picture (drawn before the page's code) never covers an error: the map is not coming.
  useEffect(() => endFirstPaint(), []);
  return (
    <section className="container status-page" aria-labelledby="error-title" role="alert">
      <p className="status-page__code" aria-hidden="true">
        {status}
      </p>
      <h1 id="error-title" data-testid="route-error">
        {t('error.title')}
      </h1>
      <p>{t('error.body')}</p>
      <p className="status-page__meta">{t('error.status', { status })}</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </button>
        <Link className="button button--secondary" to="/booking" reloadDocument>
          {t('error.home')}
        </Link>
      </div>
    </section>
  );
}

/** Error element inside the layout: header and language switcher stay usable. */
export function ErrorPage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <ErrorContent status={errorStatus(error)} />;
}

/** Last-resort error element when the layout itself failed: no header, same message. */
export function RootErrorPage() {
  const error = useRouteError();
  console.error(error);
  return (
    <main id="main" className="site-main">
      <ErrorContent status={errorStatus(error)} />
    </main>
  );
}
