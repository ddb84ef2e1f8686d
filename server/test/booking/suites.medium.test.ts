/**
 * The booking flow's smaller medium suites, run as one jest file.
 * jest gives every test file a fresh module registry, and loading the server's modules into it is most of a small
 * medium file's cost (docs/testing.md, "medium suites grouped by directory"). Each suite still starts its own app on
 * its own database and makes its own data; they run one after the other, each in its own describe, so its hooks and
 * its app's life end with it. One alone:
 * `node scripts/test.mjs --only=jest -- server/test/booking/suites.medium -t 'cart.medium'`.
 */
describe('cart.medium', () => {
  require('./cart.medium');
});
describe('codes-vouchers.medium', () => {
  require('./codes-vouchers.medium');
});
describe('commit-round-trips.medium', () => {
  require('./commit-round-trips.medium');
});
describe('commit-single-seat-gap.medium', () => {
  require('./commit-single-seat-gap.medium');
});
describe('commit.medium', () => {
  require('./commit.medium');
});
describe('grouped-sale.medium', () => {
  require('./grouped-sale.medium');
});
describe('idempotency.medium', () => {
  require('./idempotency.medium');
});
describe('payment-page.medium', () => {
  require('./payment-page.medium');
});
describe('recovery.medium', () => {
  require('./recovery.medium');
});
