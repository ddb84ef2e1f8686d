import { textLang } from '../lib/localized';
import type { SupportedLocale } from '../lib/rules';

/**
 * Catalogue text (names, descriptions, venues) in its own language and direction, read from its letters: a
 * Russian or Arabic page shows the English name where the catalogue has no translation. Isolating it keeps
 * "Negev." from rendering as ".Negev" inside a right-to-left page while the block stays aligned with the layout.
 */
export function CatalogueText({ children }: { locale: SupportedLocale; children: string }) {
  const { lang, dir } = textLang(children);
  return (
    <bdi lang={lang} dir={dir}>
      {children}
    </bdi>
  );
}
