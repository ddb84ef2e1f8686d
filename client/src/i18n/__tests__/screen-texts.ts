/** Nested texts flattened to 'a.b.c' -> text. */
export const flatTexts = (o: object, prefix = ''): Record<string, string> =>
  Object.entries(o).reduce<Record<string, string>>(
    (acc, [k, v]) =>
      typeof v === 'string'
        ? { ...acc, [`${prefix}${k}`]: v }
        : { ...acc, ...flatTexts(v as object, `${prefix}${k}.`) },
    {},
  );

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/**
 * The checks every screen's own texts get (one describe per screen): the four languages have the same keys with the
 * same placeholders, and Hebrew, Russian and Arabic are in their own script, not English copies.
 */
export function describeScreenTexts(
  screen: string,
  locales: Record<'he' | 'en' | 'ru' | 'ar', Record<string, string>>,
) {
  describe(`${screen} texts`, () => {
    test('every language has the same keys, with the same placeholders', () => {
      const keys = Object.keys(locales.he).sort();
      for (const [lang, texts] of Object.entries(locales)) {
        expect([lang, Object.keys(texts).sort()]).toEqual([lang, keys]);
        for (const key of keys)
          expect([lang, key, placeholders(texts[key]!)]).toEqual([lang, key, placeholders(locales.en[key]!)]);
      }
    });

    test('Hebrew, Russian and Arabic are translations, not English copies', () => {
      for (const [lang, script] of [
        ['he', /[\u0590-\u05ff]/],
        ['ru', /[а-я]/i],
        ['ar', /[\u0600-\u06ff]/],
      ] as const)
        for (const [key, text] of Object.entries(locales[lang]))
          expect([lang, key, script.test(text)]).toEqual([lang, key, true]);
    });
  });
}
