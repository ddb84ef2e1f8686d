/**
 * The common adapters' medium suites (the rate limit's lease, the request id), run as one jest file.
 * jest gives every test file a fresh module registry, and loading the server's modules into it is most of a small
 * medium file's cost (docs/testing.md, "medium suites grouped by directory"). Each suite still starts its own app on
 * its own database and makes its own data; they run one after the other, each in its own describe, so its hooks and
 * its app's life end with it. One alone:
 * `node scripts/test.mjs --only=jest -- server/test/common/suites.medium -t 'request-id.medium'`.
 */
describe('rate-limit-lease.medium', () => {
  require('./rate-limit-lease.medium');
});
describe('request-id.medium', () => {
  require('./request-id.medium');
});
