import ar from '../locales/ar.json';
import en from '../locales/en.json';
import he from '../locales/he.json';
import ru from '../locales/ru.json';

const locales = { he: he.queue, en: en.queue, ru: ru.queue, ar: ar.queue } as Record<string, Record<string, string>>;
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('waiting-room texts', () => {
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
