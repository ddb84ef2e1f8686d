import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Source text says why the code is as it is; which tracker ticket asked for it is history, and history lives in git and
 * in docs/. A comment (or a test title) that names a ticket number tells a reader nothing the code does not, and goes
 * stale the day the tracker moves. This scans every source file of the repository's code folders and fails listing
 * each file:line that names one. docs/ is not scanned (it may tell the history), nor Markdown anywhere (load-tests'
 * RESULTS.md is a dated log of runs).
 */

const ROOT = path.resolve(__dirname, '../../..');
const FOLDERS = [
  'server/src',
  'server/test',
  'client/src',
  'shared/src',
  'seatmaps/src',
  'scripts',
  'e2e',
  'load-tests',
  'deploy',
];
/** Code and configuration at the top of the tree or of a workspace. */
const FILES = [
  'client/vite.config.ts',
  'playwright.config.ts',
  'jest.config.js',
  'eslint.config.mjs',
  'docker-compose.yml',
  'Dockerfile',
];
const SOURCE = /\.(ts|tsx|js|mjs|cjs|css|lua|sql|sh|ya?ml|conf)$|(^|\/)Dockerfile$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage', '.vite']);
const TICKET = /\bissues? \d+\b|\bissue-\d+\b/i;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return SKIP_DIRS.has(e.name) ? [] : sourceFiles(rel);
    return SOURCE.test(e.name) ? [rel] : [];
  });
}

/** Every file:line (with the line) of `files` that names a tracker ticket. */
function ticketMentions(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (TICKET.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

test('the pattern finds a ticket number in the ways it is written, and not in ordinary words', () => {
  const hits = (text: string) => TICKET.test(text);
  expect(
    [
      '// (iss' + 'ue 24)',
      ' * Iss' + 'ue 8: the map',
      '/* since iss' + 'ues 20 and 24 */',
      'docs/iss' + 'ue-9-x.md',
    ].map(hits),
  ).toEqual([true, true, true, true]);
  expect(['// an issue of the seat map', '// issued 3 tickets', '// tissue 4'].map(hits)).toEqual([
    false,
    false,
    false,
  ]);
});

test('no source file names a tracker ticket (say why the code is so; the history is in git and docs/)', () => {
  const files = [...FOLDERS.flatMap(sourceFiles), ...FILES];
  expect(files.length).toBeGreaterThan(500);
  expect(ticketMentions(files)).toEqual([]);
});
