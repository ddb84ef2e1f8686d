/**
 * The door's back-office, offline and rotating-code suites, run as one jest file (the first-entry suites are the
 * other group, suites-entry.medium.test.ts: the two together would be one long file; door-rate-limit starts its two
 * nodes inside its test and stays a file of its own).
 * jest gives every test file a fresh module registry, and loading the server's modules into it is most of a small
 * medium file's cost (docs/testing.md, "medium suites grouped by directory"). Each suite still starts its own app on
 * its own database and makes its own data; they run one after the other, each in its own describe, so its hooks and
 * its app's life end with it. One alone:
 * `node scripts/test.mjs --only=jest -- server/test/checkin/suites.medium -t 'door-offline.medium'`.
 */
describe('door-admin.medium', () => {
  require('./door-admin.medium');
});
describe('door-offline.medium', () => {
  require('./door-offline.medium');
});
describe('door-rotating.medium', () => {
  require('./door-rotating.medium');
});
