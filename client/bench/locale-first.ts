import { setApiLocale } from '../src/api/client';
import { initI18n } from '../src/i18n';
import { applyDocumentLocale } from '../src/i18n/locale';
import { useLocaleStore } from '../src/state/locale-store';

/**
 * i18next first. The storefront's feature texts (vod, payment, holds…) join the one i18next namespace when their
 * module is evaluated, and i18next only has addResourceBundle after init. The storefront loads those modules in lazy
 * chunks, long after main.tsx has called initI18n; this bench entry bundles the order page into one chunk, where
 * they are evaluated at import time, so init has to run in a module imported before the page (imports are evaluated
 * in order; a call in main.tsx's body would run after all of them).
 */
const { locale } = useLocaleStore.getState();
initI18n(locale);
applyDocumentLocale(locale);
setApiLocale(locale);
