import { i18next } from '../i18n';
import he from './locales/he.json';

/** The waiting room's texts live beside it and join the translation namespace when its chunk loads (keys under `queue.`). */
// Hebrew only: this module is in the app's shared chunk, evaluated on every page's first load; the other languages'
// texts come with that language's bundle (i18n/languages), fetched before anything renders in it.
i18next.addResourceBundle('he', 'translation', he, true, false);
