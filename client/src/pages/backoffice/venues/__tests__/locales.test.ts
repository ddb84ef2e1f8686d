import ar from '../locales/ar.json';
import en from '../locales/en.json';
import he from '../locales/he.json';
import ru from '../locales/ru.json';
import boAr from '../../locales/ar.json';
import boEn from '../../locales/en.json';
import boHe from '../../locales/he.json';
import boRu from '../../locales/ru.json';

/** Nested texts flattened to 'a.b.c' -> text. */
const flat = (o: object, prefix = ''): Record<string, string> =>
  Object.entries(o).reduce<Record<string, string>>(
    (acc, [k, v]) =>
      typeof v === 'string' ? { ...acc, [`${prefix}${k}`]: v } : { ...acc, ...flat(v as object, `${prefix}${k}.`) },
    {},
  );

const locales = {
  he: { ...flat(he.backOffice.venues), menu: boHe.backOffice.menu['venues'] },
  en: { ...flat(en.backOffice.venues), menu: boEn.backOffice.menu['venues'] },
  ru: { ...flat(ru.backOffice.venues), menu: boRu.backOffice.menu['venues'] },
  ar: { ...flat(ar.backOffice.venues), menu: boAr.backOffice.menu['venues'] },
} as Record<string, Record<string, string>>;
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('venues screen texts', () => {
  test('every language has the same keys, with the same placeholders', () => {
    const keys = Object.keys(locales.he!).sort();
    for (const [lang, texts] of Object.entries(locales)) {
      expect([lang, Object.keys(texts).sort()]).toEqual([lang, keys]);
      for (const key of keys)
        expect([lang, key, placeholders(texts[key]!)]).toEqual([lang, key, placeholders(locales.en![key]!)]);
    }
  });

  test('Hebrew, Russian and Arabic are translations, not English copies', () => {
    for (const [lang, script] of [
      ['he', /[\u0590-\u05ff]/],
      ['ru', /[а-я]/i],
      ['ar', /[\u0600-\u06ff]/],
    ] as const)
      for (const [key, text] of Object.entries(locales[lang]!))
        expect([lang, key, script.test(text)]).toEqual([lang, key, true]);
  });
});
