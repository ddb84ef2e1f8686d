import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import he from './locales/he.json';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type SupportedLocale } from './locale';

type Bundle = Record<string, unknown>;

/**
 * The other languages' bundles, fetched when a visitor reads in them: together they were over half of the entry
 * chunk (130 kB of 171 kB of JSON), on the way to every page's first frame, for the Hebrew most visitors read. Each
 * holds the app's strings and those of the storefront's feature modules in the app's shared chunk (languages/*.ts).
 */
const OTHER_BUNDLES: Record<Exclude<SupportedLocale, 'he'>, () => Promise<{ default: Bundle[] }>> = {
  en: () => import('./languages/en'),
  ru: () => import('./languages/ru'),
  ar: () => import('./languages/ar'),
};

/**
 * Each other language's own name, there from the start: the language switcher and the 404 page's links name every
 * language in itself before its bundle is fetched (the same strings as each bundle's language.name; a test checks).
 */
export const ENDONYMS: Record<Exclude<SupportedLocale, 'he'>, string> = {
  en: 'English',
  ru: 'Русский',
  ar: 'العربية',
};

const loaded = new Map<SupportedLocale, Promise<void>>([[DEFAULT_LOCALE, Promise.resolve()]]);
const ready = new Set<SupportedLocale>([DEFAULT_LOCALE]);

/** True when this language's strings are in i18next (Hebrew always is). */
export function isLocaleLoaded(locale: SupportedLocale): boolean {
  return ready.has(locale);
}

/** Fetches this language's strings (once) and adds them beside the feature modules' own ones. */
export function loadLocale(locale: SupportedLocale): Promise<void> {
  let pending = loaded.get(locale);
  if (!pending) {
    pending = OTHER_BUNDLES[locale as Exclude<SupportedLocale, 'he'>]().then(
      (m) => {
        for (const bundle of m.default) i18next.addResourceBundle(locale, 'translation', bundle, true, false);
        ready.add(locale);
      },
      (error: unknown) => {
        // Asked again next time (a network failure must not leave the language broken for the visit).
        loaded.delete(locale);
        throw error;
      },
    );
    loaded.set(locale, pending);
  }
  return pending;
}

/**
 * Every string a visitor sees comes from locales/{he,en,ru,ar}.json. Hebrew ships with the entry; another language's
 * bundle is fetched with the app's code (main.tsx waits for both) or when the visitor switches (RootLayout switches
 * once it is in). A key missing in one language falls back to Hebrew (the default locale), never to a raw key.
 */
export function initI18n(locale: SupportedLocale): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: {
        he: { translation: he },
        ...Object.fromEntries(
          Object.entries(ENDONYMS).map(([lng, name]) => [lng, { translation: { language: { name } } }]),
        ),
      },
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...SUPPORTED_LOCALES],
      // The defaults, named: i18next then skips its test of whether each key reads like a sentence (a regular
      // expression per t() call, 15 ms of a first /booking load in a profile); no key here holds ':'.
      keySeparator: '.',
      nsSeparator: ':',
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      initAsync: false,
      react: { useSuspense: false },
    });
  } else if (i18next.language !== locale) {
    void i18next.changeLanguage(locale);
  }
  return i18next;
}

export { i18next };
