// jest's own order, with one change: a file it has no time for (a fresh clone has no cache) is weighed by the size of
// the suites it runs, not its own. jest runs the files it knows nothing about largest first, so that no long file
// starts last; a directory's `suites.medium.test.ts` (docs/testing.md, "medium suites grouped by directory") is a few
// require()s of its suites, the smallest file of the run by its own size, and would start last with a minute or two of
// work while the other workers end.
const { readFileSync, statSync } = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/** A file's size plus the sizes of the `./x` files it require()s (a group's suites). */
function weight(file) {
  const source = readFileSync(file, 'utf8');
  let size = source.length;
  for (const [, relative] of source.matchAll(/require\('(\.\/[^']+)'\)/g)) {
    const part = path.resolve(path.dirname(file), `${relative}.ts`);
    try {
      size += statSync(part).size;
    } catch {
      // Not a suite of the group (no such .ts file): its own size only.
    }
  }
  return size;
}

class GroupAwareSequencer extends Sequencer {
  sort(tests) {
    const weights = new Map();
    const weightOf = (test) => {
      if (!weights.has(test.path)) weights.set(test.path, weight(test.path));
      return weights.get(test.path);
    };
    for (const test of tests) test.duration = this.time(test);
    // The same comparisons as jest's: failed last time first, then known times longest first, then the rest by weight.
    return tests.sort((a, b) => {
      const failedA = this.hasFailed(a);
      const failedB = this.hasFailed(b);
      if (failedA !== failedB) return failedA ? -1 : 1;
      const timedA = a.duration != null;
      const timedB = b.duration != null;
      if (timedA !== timedB) return timedA ? 1 : -1;
      if (timedA && timedB) return a.duration < b.duration ? 1 : -1;
      return weightOf(a) < weightOf(b) ? 1 : -1;
    });
  }
}

module.exports = GroupAwareSequencer;
