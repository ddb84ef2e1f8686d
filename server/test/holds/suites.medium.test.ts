/**
 * The holds' medium suites (all of them time-sensitive: the clock guard runs this file), run as one jest file.
 * jest gives every test file a fresh module registry, and loading the server's modules into it is most of a small
 * medium file's cost (docs/testing.md, "medium suites grouped by directory"). Each suite still starts its own app on
 * its own database and makes its own data; they run one after the other, each in its own describe, so its hooks and
 * its app's life end with it. One alone:
 * `node scripts/test.mjs --only=jest -- server/test/holds/suites.medium -t 'hold-give-back.medium'`.
 */
describe('hold-give-back.medium', () => {
  require('./hold-give-back.medium');
});
describe('hold-orders.medium', () => {
  require('./hold-orders.medium');
});
describe('hold-payment-recovery.medium', () => {
  require('./hold-payment-recovery.medium');
});
describe('hold-release-nodes.medium', () => {
  require('./hold-release-nodes.medium');
});
describe('hold-release-plan.medium', () => {
  require('./hold-release-plan.medium');
});
describe('hold-reports.medium', () => {
  require('./hold-reports.medium');
});
