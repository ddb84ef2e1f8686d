import { catalogueLang } from '../lib/localized';
import type { SupportedLocale } from '../lib/rules';

/**
 * Catalogue text (names, descriptions, venues) in its own language and direction.
 * In Arabic the catalogue shows English names: isolating them keeps "Negev." from
 * rendering as ".Negev" inside the right-to-left page while the block stays aligned
 * with the rest of the layout.
 */
export function CatalogueText({ locale, children }: { locale: SupportedLocale; children: string }) {
  const lang = catalogueLang(locale);
  return (
    <bdi lang={lang} dir={lang === 'he' ? 'rtl' : 'ltr'}>
      {children}
    </bdi>
  );
}
