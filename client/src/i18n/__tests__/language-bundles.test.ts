import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ar from '../languages/ar';
import en from '../languages/en';
import ru from '../languages/ru';

const SRC = path.resolve(__dirname, '..', '..');
const BUNDLES = { en, ru, ar };

/** The client's modules that add a translation bundle to i18next when they load, with their source. */
function registeringModules(): { file: string; source: string }[] {
  const out: { file: string; source: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== '__tests__') walk(full);
      } else if (/\.tsx?$/.test(entry.name)) {
        const source = readFileSync(full, 'utf8');
        if (source.includes('addResourceBundle(') && !full.endsWith(path.join('i18n', 'index.ts')))
          out.push({ file: path.relative(SRC, full), source });
      }
    }
  };
  walk(SRC);
  return out;
}

describe("the other languages' bundles (i18n/languages)", () => {
  test('a module that registers only its Hebrew texts has its other languages in those bundles', async () => {
    const hebrewOnly = registeringModules().filter(({ source }) => !/from '\.\/locales\/en\.json'/.test(source));
    expect(hebrewOnly.length).toBeGreaterThan(0);
    for (const { file } of hebrewOnly) {
      for (const [lng, bundle] of Object.entries(BUNDLES)) {
        const own = (await import(path.join(SRC, path.dirname(file), 'locales', `${lng}.json`))) as {
          default: unknown;
        };
        expect({ file, lng, included: bundle.includes(own.default as never) }).toEqual({ file, lng, included: true });
      }
    }
  });

  test('no key holds the namespace separator (i18n/index.ts names it, so i18next never splits a key on it)', () => {
    const colonKeys: string[] = [];
    const visit = (tree: unknown, prefix: string) => {
      if (!tree || typeof tree !== 'object') return;
      for (const [key, value] of Object.entries(tree)) {
        if (key.includes(':')) colonKeys.push(`${prefix}${key}`);
        visit(value, `${prefix}${key}.`);
      }
    };
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/[\\/]locales[\\/][a-z]{2}\.json$/.test(full))
          visit(JSON.parse(readFileSync(full, 'utf8')), `${path.relative(SRC, full)}: `);
      }
    };
    walk(SRC);
    expect(colonKeys).toEqual([]);
  });
});
