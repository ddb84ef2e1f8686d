/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Test code stays out of the production bundle: the seat map's test hook (window.__seatmap, ?test) and
 * the benchmark's naive renderer (?test&renderer=naive) may only be imported with import(), so Vite gives them chunks
 * of their own that load when asked for. A static import anywhere would pull them into the page that imports it.
 * e2e/test-code-split.spec.ts checks the built files and the browser.
 */
const CLIENT = path.resolve(__dirname, '../../..');
const TEST_MODULES = ['seatmap/debug-hook', 'seatmap/render/naive-renderer'];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sources(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Every import of a module path in a file: `import … from 'x'`, `export … from 'x'`, `import 'x'`, `import('x')`. */
function importsOf(text: string): { specifier: string; dynamic: boolean; typeOnly: boolean }[] {
  const found: { specifier: string; dynamic: boolean; typeOnly: boolean }[] = [];
  for (const m of text.matchAll(/\b(import|export)(\s+type\b)?[^'";()]*?\bfrom\s*['"]([^'"]+)['"]/g))
    found.push({ specifier: m[3]!, dynamic: false, typeOnly: Boolean(m[2]) });
  for (const m of text.matchAll(/\bimport\s*['"]([^'"]+)['"]/g))
    found.push({ specifier: m[1]!, dynamic: false, typeOnly: false });
  for (const m of text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g))
    found.push({ specifier: m[1]!, dynamic: true, typeOnly: false });
  return found;
}

const files = [...sources(path.join(CLIENT, 'src')), ...sources(path.join(CLIENT, 'bench'))];
const importsOfTestCode = files.flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  return importsOf(text)
    .filter((i) => i.specifier.startsWith('.'))
    .map((i) => ({ ...i, file, target: path.resolve(path.dirname(file), i.specifier) }))
    .filter((i) => TEST_MODULES.some((m) => i.target === path.join(CLIENT, 'src', m)));
});

describe('test code loads lazily, only when asked for', () => {
  test('the reader finds every kind of import', () => {
    const kinds = importsOf(
      `import a from './a'; import type { B } from './b'; export { c } from './c'; import './d'; void import('./e');`,
    );
    expect(kinds).toEqual([
      { specifier: './a', dynamic: false, typeOnly: false },
      { specifier: './b', dynamic: false, typeOnly: true },
      { specifier: './c', dynamic: false, typeOnly: false },
      { specifier: './d', dynamic: false, typeOnly: false },
      { specifier: './e', dynamic: true, typeOnly: false },
    ]);
  });

  test.each(TEST_MODULES)('%s is imported only with import()', (module) => {
    const imports = importsOfTestCode.filter((i) => i.target === path.join(CLIENT, 'src', module));
    expect(imports.filter((i) => i.dynamic).length).toBeGreaterThan(0);
    const statics = imports.filter((i) => !i.dynamic && !i.typeOnly).map((i) => path.relative(CLIENT, i.file));
    expect(statics).toEqual([]);
  });
});
