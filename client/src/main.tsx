import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { setApiLocale } from './api/client';
import { initI18n } from './i18n';
import { applyDocumentLocale } from './i18n/locale';
import { embeddedExternalUrl } from './lib/external-redirect';
import { installChunkErrorRecovery } from './lib/lazy';
import { startOrderPageRequests } from './pages/order/early-requests';
import { createRouter } from './router';
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
  // The seat map's data starts downloading now, beside the order page's code, not after it (issue 21).
  startOrderPageRequests(window.location.pathname, window.location.search);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={createRouter()} />
    </StrictMode>,
  );
}

start();
