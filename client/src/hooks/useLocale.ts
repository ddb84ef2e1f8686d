import { useLocaleStore } from '../state/locale-store';
import type { SupportedLocale } from '../i18n/locale';

/** The language the interface is shown in. */
export function useLocale(): SupportedLocale {
  return useLocaleStore((s) => s.locale);
}
