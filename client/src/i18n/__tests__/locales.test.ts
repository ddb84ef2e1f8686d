import ar from '../locales/ar.json';
import en from '../locales/en.json';
import he from '../locales/he.json';
import ru from '../locales/ru.json';
import { ENDONYMS } from '../index';
import { LOADING_SEAT_MAP } from '../../first-paint/loading-status';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[full] = value;
    else Object.assign(out, flatten(value, full));
  }
  return out;
}

// Plural suffixes differ by language (he: one/two/other, ru: one/few/many, ar: zero…other).
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const locales = { he: flatten(he), en: flatten(en), ru: flatten(ru), ar: flatten(ar) };

describe('translation files', () => {
  test('every locale has the same keys', () => {
    const expected = [...new Set(Object.keys(locales.he).map(base))].sort();
    for (const strings of Object.values(locales)) {
      expect([...new Set(Object.keys(strings).map(base))].sort()).toEqual(expected);
    }
  });

  test('Russian and Arabic are real translations, not English copies', () => {
    for (const locale of ['ru', 'ar'] as const) {
      const copies = Object.entries(locales[locale]).filter(
        ([key, value]) => locales.en[key] === value && /[a-z]{3}/i.test(value),
      );
      expect(copies).toEqual([]);
    }
    expect(locales.ru['booking.title']).toMatch(/[а-я]/i);
    expect(locales.ar['booking.title']).toMatch(/[\u0600-\u06ff]/);
  });

  test("the spec's English texts are exact", () => {
    expect(locales.en['notFound.title']).toBe('This page could not be found');
    expect(locales.en['notFound.invalidLang']).toBe('This page could not be found.');
    expect(locales.en['error.title']).toBe('Error Occurred');
  });

  test('interpolation placeholders match across locales', () => {
    const vars = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();
    for (const [key, value] of Object.entries(locales.en)) {
      const needed = vars(value).filter((v) => v !== 'count');
      for (const locale of ['he', 'ru', 'ar'] as const) {
        const candidates = Object.entries(locales[locale]).filter(([k]) => base(k) === base(key));
        for (const [, translated] of candidates) expect(vars(translated).filter((v) => v !== 'count')).toEqual(needed);
      }
    }
  });

  test('each language names itself in its own script', () => {
    expect([
      locales.he['language.name'],
      locales.en['language.name'],
      locales.ru['language.name'],
      locales.ar['language.name'],
    ]).toEqual(['עברית', 'English', 'Русский', 'العربية']);
  });

  test("the names there before a language's bundle is fetched (ENDONYMS) are the bundles' own", () => {
    expect(ENDONYMS).toEqual({
      en: locales.en['language.name'],
      ru: locales.ru['language.name'],
      ar: locales.ar['language.name'],
    });
  });

  test("the first-paint picture's status (LOADING_SEAT_MAP, in the entry) says what the seat map's own does", () => {
    expect(LOADING_SEAT_MAP).toEqual({
      he: locales.he['seatmap.loading'],
      en: locales.en['seatmap.loading'],
      ru: locales.ru['seatmap.loading'],
      ar: locales.ar['seatmap.loading'],
    });
  });
});
