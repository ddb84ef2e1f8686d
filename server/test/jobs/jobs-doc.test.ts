import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * docs/jobs.md's table names every job the scheduler runs, no more: the docs once listed 10 of 11. Read from the
 * source (every `scheduler.register('<name>'`), from the list jobs.medium.test.ts checks against the running server,
 * and from the doc's table; the three must agree.
 */

const ROOT = path.resolve(__dirname, '../../..');
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');

function tsFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : [],
  );
}

const registered = tsFiles('server/src')
  .flatMap((f) => [...read(f).matchAll(/\.register\(\s*'([a-z-]+)'/g)].map((m) => m[1]!))
  .sort();

function allJobsOfTheMediumTest(): string[] {
  const list = /const ALL_JOBS = \[([^\]]*)\]/.exec(read('server/test/jobs/jobs.medium.test.ts'));
  if (!list) throw new Error('jobs.medium.test.ts: no ALL_JOBS list');
  return [...list[1]!.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]!).sort();
}

function jobsOfTheDoc(): string[] {
  const doc = read('docs/jobs.md');
  const table = doc.slice(doc.indexOf('| job | module |'));
  const rows = table
    .slice(0, table.search(/\n\s*\n/))
    .split('\n')
    .slice(2);
  return rows.map((row) => /^\|\s*`([a-z-]+)`\s*\|/.exec(row)?.[1] ?? `unreadable row: ${row}`).sort();
}

test('the source registers the jobs jobs.medium.test.ts expects', () => {
  expect(registered.length).toBeGreaterThan(5);
  expect(registered).toEqual(allJobsOfTheMediumTest());
});

test("docs/jobs.md's table lists exactly the jobs the scheduler runs", () => {
  expect(jobsOfTheDoc()).toEqual(registered);
});
