/**
 * The waiting room's smaller medium suites, run as one jest file.
 * jest gives every test file a fresh module registry, and loading the server's modules into it is most of a small
 * medium file's cost (docs/testing.md, "medium suites grouped by directory"). Each suite still starts its own apps on
 * its own database and Redis prefix and makes its own data; they run one after the other, each in its own describe, so
 * its hooks and its apps' life end with it (join-round-trips puts ioredis' sendCommand back in its afterAll, before the
 * next suite starts). One alone: `node scripts/test.mjs --only=jest -- server/test/queue/suites.medium -t
 * 'queue-seen-refresh.medium'`. Elsewhere: queue (a file of its own: it kills a Redis), seat-routes-gate (a checklist
 * names it), control-room (in server/test/suites-bot-check-double, with the other suites that mock the bot check the
 * same way), on-sale-admin (in the clock guard's server/test/suites-clock-sensitive).
 */
describe('join-round-trips.medium', () => {
  require('./join-round-trips.medium');
});
describe('queue-far-progress.medium', () => {
  require('./queue-far-progress.medium');
});
describe('queue-seen-refresh.medium', () => {
  require('./queue-seen-refresh.medium');
});
