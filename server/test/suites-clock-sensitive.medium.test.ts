/**
 * The clock guard's medium suites outside the holds (scripts/clock-guard.mjs runs this file, and the holds' own group,
 * at three fixed Israeli times; the whole suite's jest run leaves both out), run as one jest file.
 * jest gives every test file a fresh module registry, and loading the server's modules into it is most of a small
 * medium file's cost (docs/testing.md, "medium suites grouped by directory"): as seven files the guard paid it seven
 * times a setting. Each suite still starts its own app on its own database and makes its own data; they run one after
 * the other, each in its own describe, so its hooks and its app's life end with it. None makes a clock or reads the
 * time at module load (a group loads every suite before the first runs). One alone:
 * `node scripts/test.mjs --only=jest -- server/test/suites-clock-sensitive.medium -t 'vod.medium'`.
 */
describe('customers/cancellation.medium', () => {
  require('./customers/cancellation.medium');
});
describe('backoffice/reports.medium', () => {
  require('./backoffice/reports.medium');
});
describe('catalogue.medium', () => {
  require('./catalogue.medium');
});
describe('queue/on-sale-admin.medium', () => {
  require('./queue/on-sale-admin.medium');
});
describe('waivers/waiver.medium', () => {
  require('./waivers/waiver.medium');
});
describe('vod/vod.medium', () => {
  require('./vod/vod.medium');
});
describe('catalogue-availability.medium', () => {
  require('./catalogue-availability.medium');
});
