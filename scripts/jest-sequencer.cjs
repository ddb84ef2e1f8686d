// jest's own order, with two changes.
// 1. A file it has no time for (a fresh clone has no cache) is weighed by the size of the suites it runs, not its own.
//    jest runs the files it knows nothing about largest first, so that no long file starts last; a directory's
//    `suites.medium.test.ts` (docs/testing.md, "medium suites grouped by directory") is a few require()s of its suites,
//    the smallest file of the run by its own size, and would start last with a minute or two of work while the other
//    workers end.
// 2. The files that start processes of their own (a Redis cluster, a server killed with -9, a private PostgreSQL: the
//    rule is in scripts/jest-process-files.cjs, read from the source), and the race files that fire hundreds of
//    requests at once, run early: each worker's first file is another
//    one (jest's first seconds also build the template database, and in `npm test` the e2e build and stacks start),
//    then one in every two places of the order, so that they are done long before jest is. Their start-ups are the ones that failed under the heaviest load of the run
//    (docs/testing.md, "Side by side"); `npm test` starts Playwright beside jest only once they are all done
//    (scripts/jest-progress-reporter.cjs tells it when).
const { readFileSync, statSync } = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const progress = require('./jest-process-files.cjs');

/** A file's source and the sources of the `./x` files it require()s (a group's suites). */
function sources(file) {
  const source = readFileSync(file, 'utf8');
  const all = [source];
  for (const [, relative] of source.matchAll(/require\('(\.\/[^']+)'\)/g)) {
    const part = path.resolve(path.dirname(file), `${relative}.ts`);
    try {
      statSync(part);
      all.push(readFileSync(part, 'utf8'));
    } catch {
      // Not a suite of the group (no such .ts file): its own source only.
    }
  }
  return all;
}

/**
 * The files that start processes early: after the first `workers` other files, one in every two places while they
 * last; each list in its own order.
 */
function processFilesEarly(sorted, startsProcesses, workers) {
  const early = sorted.filter((t) => startsProcesses(t));
  const rest = sorted.filter((t) => !startsProcesses(t));
  const out = rest.splice(0, workers);
  while (early.length > 0) {
    out.push(early.shift());
    if (rest.length > 0) out.push(rest.shift());
  }
  return [...out, ...rest];
}

class GroupAwareSequencer extends Sequencer {
  constructor(options) {
    super(options);
    this.workers = Math.max(1, Number(options?.globalConfig?.maxWorkers) || 1);
  }

  sort(tests) {
    const info = new Map();
    const infoOf = (test) => {
      if (!info.has(test.path)) {
        const all = sources(test.path);
        info.set(test.path, {
          weight: all.reduce((n, s) => n + s.length, 0),
          startsProcesses: progress.runsBeforePlaywright(test.path, all),
        });
      }
      return info.get(test.path);
    };
    for (const test of tests) test.duration = this.time(test);
    // The same comparisons as jest's: failed last time first, then known times longest first, then the rest by weight.
    const sorted = tests.sort((a, b) => {
      const failedA = this.hasFailed(a);
      const failedB = this.hasFailed(b);
      if (failedA !== failedB) return failedA ? -1 : 1;
      const timedA = a.duration != null;
      const timedB = b.duration != null;
      if (timedA !== timedB) return timedA ? 1 : -1;
      if (timedA && timedB) return a.duration < b.duration ? 1 : -1;
      return infoOf(a).weight < infoOf(b).weight ? 1 : -1;
    });
    const startsProcesses = (test) => infoOf(test).startsProcesses;
    progress.expect(sorted.filter(startsProcesses).map((t) => t.path));
    // Only when Playwright waits for them (`SUITE_PARALLEL=tail`); otherwise jest's own order, as in the fresh clones
    // that passed one after the other.
    if (!process.env.SUITE_PROCESS_FILES_DONE) return sorted;
    return processFilesEarly(sorted, startsProcesses, this.workers);
  }
}

module.exports = GroupAwareSequencer;
