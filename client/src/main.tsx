import { setApiLocale } from './api/client';
import { initI18n, loadLocale } from './i18n';
import { applyDocumentLocale } from './i18n/locale';
import { startFirstPaint } from './first-paint/first-paint';
import { embeddedExternalUrl } from './lib/external-redirect';
import { installChunkErrorRecovery, isChunkLoadError, reloadForStaleChunk } from './lib/lazy';
import { preloadOrderPage, startOrderPageRequests } from './order/early-requests';
import { lookupIntegrationFromUrl } from './storefront-modes/integration-lookup';
import { useLocaleStore } from './state/locale-store';
import './styles/index.css';

function start() {
  // Spec section 2: /http… sends the whole window to the embedded address before anything renders.
  const external = embeddedExternalUrl(window.location.pathname, window.location.search, window.location.hash);
  if (external) {
    window.location.replace(external);
    return;
  }

  installChunkErrorRecovery();
  // The store resolved the language from ?lang=, the stored choice or Hebrew; render in it from the first paint.
  const { locale } = useLocaleStore.getState();
  initI18n(locale);
  applyDocumentLocale(locale);
  setApiLocale(locale);
  void lookupIntegrationFromUrl();
  // On /order/:id the order page's code (the seat map's chunk: 107 kB, then its evaluation, the longest step before
  // the first seat frame) is asked for before the seat map's data (13 kB): over HTTP/1.1's six connections per origin
  // what is asked first leaves first, and asked after the four data requests the chunk waited a round trip for a free
  // connection. The data, asked a moment later, still arrive before that code has run.
  preloadOrderPage(window.location.pathname);
  const mapId = startOrderPageRequests(window.location.pathname, window.location.search);
  // The seats drawn from those answers by a small module of this chunk (no React, no Konva) as soon as they are in,
  // long before the seat map's code has downloaded and run on a slow phone; the map replaces the picture. A screen
  // reader hears that the seat map is loading meanwhile.
  if (mapId !== null) startFirstPaint(mapId, locale);

  // React, the router and the page's code come in a chunk of their own: this small entry starts the seat
  // map's data requests as soon as it is evaluated, instead of after the 160 kB of React, the router and the layout
  // have downloaded, and on /order/:id asks for the order page's chunks beside them rather than after the router runs.
  // The app's chunk is asked for first: over HTTP/1.1's six connections per origin, what is asked first leaves first,
  // and nothing renders without it.
  // A language other than Hebrew: its strings come beside the app's chunk, and the first render waits for both.
  Promise.all([import('./app'), loadLocale(locale)]).then(
    ([{ renderApp }]) => renderApp(),
    (error: unknown) => {
      // A stale deploy: installChunkErrorRecovery reloads once (vite:preloadError); anything else is a real failure.
      if (!isChunkLoadError(error) || !reloadForStaleChunk()) throw error;
    },
  );
}

start();
