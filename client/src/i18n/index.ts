import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import ar from './locales/ar.json';
import en from './locales/en.json';
import he from './locales/he.json';
import ru from './locales/ru.json';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type SupportedLocale } from './locale';

export const resources = {
  he: { translation: he },
  en: { translation: en },
  ru: { translation: ru },
  ar: { translation: ar },
} as const;

/**
 * Every string a visitor sees comes from locales/{he,en,ru,ar}.json. The bundles are
 * small, so all four ship with the app and switching language never waits on the network.
 * A key missing in one language falls back to Hebrew (the default locale), never to a raw key.
 */
export function initI18n(locale: SupportedLocale): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng: locale,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...SUPPORTED_LOCALES],
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
