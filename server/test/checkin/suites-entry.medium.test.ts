/**
 * The door's scan and first-entry suites, run as one jest file (the other door suites: suites.medium.test.ts).
 * jest gives every test file a fresh module registry, and loading the server's modules into it is most of a small
 * medium file's cost (docs/testing.md, "medium suites grouped by directory"). Each suite still starts its own app on
 * its own database and makes its own data; they run one after the other, each in its own describe, so its hooks and
 * its app's life end with it. One alone:
 * `node scripts/test.mjs --only=jest -- server/test/checkin/suites-entry.medium -t 'door-checkin.medium'`.
 */
describe('door-checkin.medium', () => {
  require('./door-checkin.medium');
});
describe('door-first-entry.medium', () => {
  require('./door-first-entry.medium');
});
describe('door-first-entry-batch.medium', () => {
  require('./door-first-entry-batch.medium');
});
