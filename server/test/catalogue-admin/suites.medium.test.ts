/**
 * The catalogue administration's smaller medium suites, run as one jest file.
 * jest gives every test file a fresh module registry, and loading the server's modules into it is most of a small
 * medium file's cost (docs/testing.md, "medium suites grouped by directory"). Each suite still starts its own app on
 * its own database and makes its own data; they run one after the other, each in its own describe, so its hooks and
 * its app's life end with it. One alone:
 * `node scripts/test.mjs --only=jest -- server/test/catalogue-admin/suites.medium -t 'admin-routes-refused.medium'`.
 */
describe('admin-routes-refused.medium', () => {
  require('./admin-routes-refused.medium');
});
describe('channel-allocations.medium', () => {
  require('./channel-allocations.medium');
});
describe('feature-image.medium', () => {
  require('./feature-image.medium');
});
describe('product-admin.medium', () => {
  require('./product-admin.medium');
});
describe('product-stock.medium', () => {
  require('./product-stock.medium');
});
describe('rotating-code-switch.medium', () => {
  require('./rotating-code-switch.medium');
});
describe('seatplan-decor.medium', () => {
  require('./seatplan-decor.medium');
});
describe('standing-and-online.medium', () => {
  require('./standing-and-online.medium');
});
describe('venue-admin.medium', () => {
  require('./venue-admin.medium');
});
describe('watching-change.medium', () => {
  require('./watching-change.medium');
});
describe('ticket-admin.medium', () => {
  require('./ticket-admin.medium');
});
