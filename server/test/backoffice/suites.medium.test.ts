/**
 * The back office's smaller medium suites, run as one jest file.
 * jest gives every test file a fresh module registry, and loading the server's modules into it is most of a small
 * medium file's cost (docs/testing.md, "medium suites grouped by directory"). Each suite still starts its own app on
 * its own database and makes its own data; they run one after the other, each in its own describe, so its hooks and
 * its app's life end with it. One alone:
 * `node scripts/test.mjs --only=jest -- server/test/backoffice/suites.medium -t 'authenticator.medium'`.
 */
describe('authenticator.medium', () => {
  require('./authenticator.medium');
});
describe('later-routes-scope.medium', () => {
  require('./later-routes-scope.medium');
});
describe('producer-reservations.medium', () => {
  require('./producer-reservations.medium');
});
describe('producer-sale.medium', () => {
  require('./producer-sale.medium');
});
describe('staff-admin.medium', () => {
  require('./staff-admin.medium');
});
describe('ticket-references.medium', () => {
  require('./ticket-references.medium');
});
describe('session-touch.medium', () => {
  require('./session-touch.medium');
});
