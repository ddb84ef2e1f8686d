import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { directionOf, resolveLocale, parseLangParam, storeLocale, type SupportedLocale } from '../i18n/locale';

export interface LocaleState {
  locale: SupportedLocale;
  dir: 'rtl' | 'ltr';
  /** Switch language; `persist` remembers it for the next visit (localStorage 'locale'). */
  setLocale: (locale: SupportedLocale, options?: { persist?: boolean }) => void;
}

const initial = typeof window !== 'undefined' ? resolveLocale(parseLangParam(window.location.search)) : 'he';

export const useLocaleStore = create<LocaleState>()(
  immer((set) => ({
    locale: initial,
    dir: directionOf(initial),
    setLocale: (locale, options) => {
      if (options?.persist ?? true) storeLocale(locale);
      set((state) => {
        state.locale = locale;
        state.dir = directionOf(locale);
      });
    },
  })),
);
