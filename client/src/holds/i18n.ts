import { i18next } from '../i18n';
import he from './locales/he.json';

/**
 * Hold orders' texts live beside them (merge-friendly: no edit of the shared locale files) and join the one
 * translation namespace, deep-merged, when this module loads. Keys are under `holds.` (and the customer area's
 * tab name under `customerArea.tabs.holds`).
 */
// Hebrew only: this module is in the app's shared chunk, evaluated on every page's first load; the other languages'
// texts come with that language's bundle (i18n/languages), fetched before anything renders in it.
i18next.addResourceBundle('he', 'translation', he, true, false);
