import { i18next } from '../i18n';
import he from './locales/he.json';

/**
 * The mini-site and live-mode texts live beside their pages and join the one translation namespace when their
 * chunk loads. Keys are under `storefrontModes.`.
 */
// Hebrew only: this module is in the app's shared chunk, evaluated on every page's first load; the other languages'
// texts come with that language's bundle (i18n/languages), fetched before anything renders in it.
i18next.addResourceBundle('he', 'translation', he, true, false);
