import type { SupportedLocale } from '../i18n/locale';

/**
 * What a screen reader hears while the first-paint picture covers the window (the page under it inert, the picture
 * aria-hidden): the seat map's own `seatmap.loading`, here in the entry so that no language bundle has to arrive
 * first (i18n/__tests__/locales.test.ts checks they match).
 */
export const LOADING_SEAT_MAP: Record<SupportedLocale, string> = {
  he: 'טוענים את מפת המושבים…',
  en: 'Loading the seat map…',
  ru: 'Загружаем схему зала…',
  ar: 'جارٍ تحميل خريطة المقاعد…',
};

/**
 * The status, outside #root (inert under the picture): in the page at once, empty, and its words set once a frame has
 * been drawn with it, so that screen readers announce them as a change of a live region (a region born full is often
 * not read out). The caller removes it when the map takes over.
 */
export function announceLoading(locale: SupportedLocale): HTMLElement {
  const el = document.createElement('p');
  el.className = 'visually-hidden';
  el.setAttribute('role', 'status');
  el.dataset.testid = 'first-paint-status';
  document.body.append(el);
  requestAnimationFrame(() =>
    requestAnimationFrame(() => {
      if (el.isConnected) el.textContent = LOADING_SEAT_MAP[locale];
    }),
  );
  return el;
}
