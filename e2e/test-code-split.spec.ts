import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { findPresentation, openSeatMap } from './seatmap-support';

/**
 * Test code out of the production bundle: the seat map's test hook (window.__seatmap, ?test) and the
 * benchmark's naive renderer have chunks of their own, reached from no chunk the page loads up front, and the browser
 * fetches the hook only with ?test. The built files are the ones this run serves (scripts/test.mjs builds client/dist
 * before Playwright). The source-side rule (only import() may name them) is client/src/seatmap/__tests__/test-code-lazy.
 */
const DIST = process.env.CLIENT_DIST ?? path.resolve(__dirname, '..', 'client', 'dist');
const TEST_SOURCES = [/\/seatmap\/debug-hook\.ts$/, /\/seatmap\/render\/naive-renderer\.ts$/];

/** The modules a built chunk was made of, from its (hidden) source map. */
function sourcesOf(chunk: string): string[] {
  const map = path.join(DIST, 'assets', `${chunk}.map`);
  return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
}

/** The chunks a chunk imports statically (`import … from "./x.js"`, `import "./x.js"`), not its import() calls. */
function staticImportsOf(chunk: string): string[] {
  const code = readFileSync(path.join(DIST, 'assets', chunk), 'utf8');
  return [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g)].map((m) => m[1]!);
}

test.describe('test code is not in the production bundle', () => {
  test('the entry chunk and everything it imports statically hold neither the test hook nor the benchmark renderer', () => {
    const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
    expect(entry, 'the entry script in client/dist/index.html').toBeTruthy();
    const eager = new Set<string>();
    const queue = [entry!];
    while (queue.length) {
      const chunk = queue.pop()!;
      if (eager.has(chunk)) continue;
      eager.add(chunk);
      queue.push(...staticImportsOf(chunk));
    }
    const eagerSources = [...eager].flatMap(sourcesOf);
    expect(eagerSources.length, 'source maps of the eager chunks').toBeGreaterThan(0);
    for (const pattern of TEST_SOURCES) expect(eagerSources.filter((s) => pattern.test(s))).toEqual([]);
  });

  test('each of them is a chunk of its own: no page code travels with it, and it with no page', () => {
    const chunks = readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
    for (const pattern of TEST_SOURCES) {
      const holding = chunks.filter((c) => sourcesOf(c).some((s) => pattern.test(s)));
      expect(holding, `the chunks built from ${pattern.source}`).toHaveLength(1);
      expect(sourcesOf(holding[0]!).filter((s) => !TEST_SOURCES.some((t) => t.test(s)))).toEqual([]);
    }
  });

  test('the hook loads with ?test only', async ({ page, request }) => {
    const p = await findPresentation(request, 'Desert Light');
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/(debug-hook|naive-renderer)[^/]*\.js$/.test(r.url())) fetched.push(new URL(r.url()).pathname);
    });
    await page.goto(`/order/${p.id}?lang=en`);
    await expect(page.getByRole('grid').first()).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => typeof window.__seatmap)).toBe('undefined');
    expect(fetched).toEqual([]);

    await openSeatMap(page, p.id);
    expect(fetched.some((f) => f.includes('debug-hook'))).toBe(true);
    expect(fetched.some((f) => f.includes('naive-renderer'))).toBe(false);
  });
});
