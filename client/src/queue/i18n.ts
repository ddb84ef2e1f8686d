import { i18next } from '../i18n';
import ar from './locales/ar.json';
import en from './locales/en.json';
import he from './locales/he.json';
import ru from './locales/ru.json';

/** The waiting room's texts live beside it and join the translation namespace when its chunk loads (keys under `queue.`). */
const bundles = { he, en, ru, ar } as const;
for (const [lng, bundle] of Object.entries(bundles)) i18next.addResourceBundle(lng, 'translation', bundle, true, false);
