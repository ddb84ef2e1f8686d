import ar from '../locales/ar.json';
import en from '../locales/en.json';
import he from '../locales/he.json';
import ru from '../locales/ru.json';

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

const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const locales = { he: flatten(he), en: flatten(en), ru: flatten(ru), ar: flatten(ar) };

describe('mini-site and live-mode texts', () => {
  test('every language has every text', () => {
    const expected = [...new Set(Object.keys(locales.en).map(base))].sort();
    for (const strings of Object.values(locales))
      expect([...new Set(Object.keys(strings).map(base))].sort()).toEqual(expected);
  });

  test('Hebrew, Russian and Arabic are translations in their own script', () => {
    for (const [key, value] of Object.entries(locales.he))
      expect([key, /[\u0590-\u05ff]/.test(value)]).toEqual([key, true]);
    for (const [key, value] of Object.entries(locales.ru)) expect([key, /[а-я]/i.test(value)]).toEqual([key, true]);
    for (const [key, value] of Object.entries(locales.ar))
      expect([key, /[\u0600-\u06ff]/.test(value)]).toEqual([key, true]);
  });
});
