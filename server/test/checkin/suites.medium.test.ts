/**
 * The door's medium suites, run as one jest file (door-rate-limit starts its two nodes inside its test and stays a
 * file of its own).
 * jest gives every test file a fresh module registry, and loading the server's modules into it is most of a small
 * medium file's cost (docs/testing.md, "medium suites grouped by directory"). Each suite still starts its own app on
 * its own database and makes its own data; they run one after the other, each in its own describe, so its hooks and
 * its app's life end with it. One alone:
 * `node scripts/test.mjs --only=jest -- server/test/checkin/suites.medium -t 'door-offline.medium'`.
 */
describe('door-admin.medium', () => {
  require('./door-admin.medium');
});
describe('door-checkin.medium', () => {
  require('./door-checkin.medium');
});
describe('door-first-entry.medium', () => {
  require('./door-first-entry.medium');
});
describe('door-first-entry-batch.medium', () => {
  require('./door-first-entry-batch.medium');
});
describe('door-offline.medium', () => {
  require('./door-offline.medium');
});
describe('door-rotating.medium', () => {
  require('./door-rotating.medium');
});
