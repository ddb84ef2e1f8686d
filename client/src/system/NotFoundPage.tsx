import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { embeddedExternalUrl } from '../lib/external-redirect';
import { LANG_PARAM, SUPPORTED_LOCALES } from '../i18n/locale';
import { endonym } from '../layout/LanguageSwitcher';
import { useLocaleStore } from '../state/locale-store';
import { ExternalRedirect } from './ExternalRedirect';

/** Unknown page: 404 'This page could not be found' (spec section 2), translated. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const external = embeddedExternalUrl(location.pathname, location.search, location.hash);
  if (external) return <ExternalRedirect to={external} />;

  return (
    <section className="container status-page" aria-labelledby="not-found-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" data-testid="not-found">
        {t('notFound.title')}
      </h1>
      <p>{t('notFound.body')}</p>
      <Link className="button button--primary" to="/booking">
        {t('notFound.home')}
      </Link>
    </section>
  );
}

/**
 * A `lang` other than he, en, ru or ar: 404 with the spec's exact sentence
 * 'This page could not be found.' (English, since the requested language is unknown),
 * the same message in the visitor's own language, and links to the supported languages.
 */
export function InvalidLangPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const locale = useLocaleStore((s) => s.locale);

  const hrefFor = (code: string) => {
    const params = new URLSearchParams(location.search);
    params.set(LANG_PARAM, code);
    return `${location.pathname}?${params.toString()}${location.hash}`;
  };

  return (
    <section className="container status-page" aria-labelledby="invalid-lang-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="invalid-lang-title" lang="en" dir="ltr" data-testid="not-found">
        This page could not be found.
      </h1>
      {locale !== 'en' && <p className="status-page__translated">{t('notFound.invalidLang')}</p>}
      <p>{t('notFound.invalidLangBody')}</p>
      <ul className="lang-choices">
        {SUPPORTED_LOCALES.map((code) => (
          <li key={code}>
            <Link to={hrefFor(code)} lang={code} hrefLang={code} className="button button--secondary">
              {endonym(code)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
