import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useSearchParams } from 'react-router-dom';
import { setApiLocale } from '../api/client';
import { configuredBrand, hotlineNumber } from '../config';
import { i18next, isLocaleLoaded, loadLocale } from '../i18n';
import { applyDocumentLocale, parseLangParam } from '../i18n/locale';
import { InvalidLangPage } from '../system/NotFoundPage';
import { useLocaleStore } from '../state/locale-store';
import { Footer } from './Footer';
import { Header } from './Header';
import { OfflineBanner } from './OfflineBanner';
import { PageLoading } from './PageLoading';

/** Sets the interface language from ?lang= and keeps i18next, <html> and the API in step. */
function useLocaleSync(langParam: ReturnType<typeof parseLangParam>) {
  const locale = useLocaleStore((s) => s.locale);
  const setLocale = useLocaleStore((s) => s.setLocale);
  const paramLocale = langParam.kind === 'valid' ? langParam.locale : null;

  // A valid ?lang= wins and is remembered (localStorage 'locale') for later visits.
  useLayoutEffect(() => {
    if (paramLocale) setLocale(paramLocale);
  }, [paramLocale, setLocale]);

  useLayoutEffect(() => {
    setApiLocale(locale);
    const apply = () => {
      if (i18next.language !== locale) void i18next.changeLanguage(locale);
      applyDocumentLocale(locale);
    };
    if (isLocaleLoaded(locale)) return apply();
    // Switched to a language whose strings are not here yet: switch (texts and direction together) once they are,
    // unless the visitor has chosen yet another one meanwhile. A failed fetch leaves the page as it was.
    let current = true;
    loadLocale(locale).then(
      () => current && apply(),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [locale]);
  return locale;
}

/** Moves focus to the new page's main region after client-side navigation (not on first load), unless the page focused something itself. */
function useFocusOnNavigate(mainRef: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // A page that already put focus on its own heading (a step, a result) keeps it.
    const main = mainRef.current;
    if (main && main !== document.activeElement && main.contains(document.activeElement)) return;
    main?.focus({ preventScroll: true });
  }, [pathname, mainRef]);
}

export function RootLayout() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const langParam = parseLangParam(params);
  const locale = useLocaleSync(langParam);
  const mainRef = useRef<HTMLElement>(null);
  useFocusOnNavigate(mainRef);

  const { pathname } = useLocation();
  const hotline = hotlineNumber();
  const brand = configuredBrand(locale) ?? t('app.brand');

  // Spec section 2: the title is the hotline number followed by the ticket-office brand.
  useLayoutEffect(() => {
    document.title = `${hotline} ${brand}`;
  }, [hotline, brand]);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header brand={brand} hotline={hotline} />
      {/* Named, so it stays a unique landmark when a framed page (the hosted card form) brings its own <main>. */}
      <main id="main" ref={mainRef} tabIndex={-1} className="site-main" aria-label={t('app.mainLabel')}>
        {langParam.kind === 'invalid' ? (
          <InvalidLangPage />
        ) : (
          <Suspense fallback={<PageLoading route />}>
            <Outlet />
          </Suspense>
        )}
      </main>
      <Footer brand={brand} hotline={hotline} />
      {/* The door scanner works offline and says so in its own words (scan/ScanPage.tsx). */}
      {/^\/scan\/?$/.test(pathname) ? null : <OfflineBanner />}
      <ScrollRestoration />
    </div>
  );
}
