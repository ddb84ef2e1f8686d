/**
 * The database's medium suites (migrations, the pool, the wait for PostgreSQL at start), run as one jest file.
 * jest gives every test file a fresh module registry, and loading the server's modules into it is most of a small
 * medium file's cost (docs/testing.md, "medium suites grouped by directory"). Each suite still starts its own app on
 * its own database and makes its own data; they run one after the other, each in its own describe, so its hooks and
 * its app's life end with it. One alone:
 * `node scripts/test.mjs --only=jest -- server/test/database/suites.medium -t 'pool-size.medium'`.
 */
describe('cart-charges-migration.medium', () => {
  require('./cart-charges-migration.medium');
});
describe('pool-size.medium', () => {
  require('./pool-size.medium');
});
describe('seat-parents.medium', () => {
  require('./seat-parents.medium');
});
describe('startup-waits-for-postgres.medium', () => {
  require('./startup-waits-for-postgres.medium');
});
