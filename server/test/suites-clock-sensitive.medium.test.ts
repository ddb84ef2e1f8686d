/**
 * The clock guard's medium suites, all of them (scripts/clock-guard.mjs runs this file at three fixed Israeli times;
 * the whole suite's jest run leaves it out): the holds' six and seven others, run as one jest file.
 * jest gives every test file a fresh module registry, and loading the server's modules into it is most of a small
 * medium file's cost (docs/testing.md, "medium suites grouped by directory"): as 13 files the guard paid it 13 times a
 * setting, as two groups twice (≈ 4 CPU-s each, "2026-12-01 (session 11): the clock guard's app starts"). Each suite
 * still starts its own app on its own database and makes its own data; they run one after the other, each in its own
 * describe, so its hooks and its app's life end with it. None makes a clock or reads the time at module load (a group
 * loads every suite before the first runs). One alone:
 * `node scripts/test.mjs --only=jest -- server/test/suites-clock-sensitive.medium -t 'vod.medium'`.
 */
describe('hold-give-back.medium', () => {
  require('./holds/hold-give-back.medium');
});
describe('hold-orders.medium', () => {
  require('./holds/hold-orders.medium');
});
describe('hold-payment-recovery.medium', () => {
  require('./holds/hold-payment-recovery.medium');
});
describe('hold-release-nodes.medium', () => {
  require('./holds/hold-release-nodes.medium');
});
describe('hold-release-plan.medium', () => {
  require('./holds/hold-release-plan.medium');
});
describe('hold-reports.medium', () => {
  require('./holds/hold-reports.medium');
});
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
