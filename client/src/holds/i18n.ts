import { i18next } from '../i18n';
import ar from './locales/ar.json';
import en from './locales/en.json';
import he from './locales/he.json';
import ru from './locales/ru.json';

/**
 * Hold orders' texts live beside them (merge-friendly: no edit of the shared locale files) and join the one
 * translation namespace, deep-merged, when this module loads. Keys are under `holds.` (and the customer area's
 * tab name under `customerArea.tabs.holds`).
 */
const bundles = { he, en, ru, ar } as const;
for (const [lng, bundle] of Object.entries(bundles)) i18next.addResourceBundle(lng, 'translation', bundle, true, false);
