// The jest files that start processes of their own, shared by the sequencer (which runs them early) and the progress
// reporter (which says when they are all done), both loaded in jest's main process.
//
// The rule, read from a file's source (and its group's suites): it imports node:child_process, or one of the test
// kits that start processes: a Redis cluster (support/redis-cluster), a server it kills (support/doomed-server), a
// private or supervised PostgreSQL or Redis (chaos/chaos-kit, chaos/private-postgres, chaos/supervised-postgres). A new
// file of that kind is picked up by what it imports; nothing to list.
const STARTS_PROCESSES =
  /['"](node:)?child_process['"]|support\/redis-cluster['"]|support\/doomed-server['"]|chaos-kit['"]|private-postgres|supervised-postgres/;

// The race files (`*-race.medium.test.ts`) join them: each fires hundreds of requests at one server at the same instant
// (seats-race: 1,000 connections at once), which a server sharing the cores with Playwright's three browsers could not
// accept in time (F5, 2026-11-30: both of seats-race's tests past their 90 s, 5.4 and 2.7 s alone); beside jest alone
// they have always passed.
const STORM_FILE = /-race\.medium\.test\.ts$/;

/** Whether a test file must be done before Playwright starts beside jest: by its name and its sources. */
function runsBeforePlaywright(file, sources) {
  return STORM_FILE.test(file) || sources.some((s) => STARTS_PROCESSES.test(s));
}

/** Paths still to finish; null until the sequencer has sorted this run's files. */
let pending = null;

/** Called by the sequencer with this run's files that start processes. */
function expect(paths) {
  pending = new Set(paths);
}

/** Called by the reporter for each finished file: whether every file that starts processes is done now. */
function finished(path) {
  if (pending === null) return false;
  pending.delete(path);
  return pending.size === 0;
}

/** Whether the sequencer has sorted and nothing that starts processes is left (true at once when there was none). */
function allDone() {
  return pending !== null && pending.size === 0;
}

module.exports = { runsBeforePlaywright, expect, finished, allDone };
