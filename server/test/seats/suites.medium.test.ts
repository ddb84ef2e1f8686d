/**
 * The seat store's medium suites (Redis only, no app), run as one jest file.
 * jest gives every test file a fresh module registry, and loading the server's modules into it is most of a small
 * medium file's cost (docs/testing.md, "medium suites grouped by directory"); these two load the seat store, ioredis and
 * the shared rules, not the app. Each keeps its own Redis connection, prefix and presentation ids; they run one after
 * the other, each in its own describe, so its hooks end with it. One alone:
 * `node scripts/test.mjs --only=jest -- server/test/seats/suites.medium -t 'seat-store.medium'`.
 */
describe('seat-hold-cap.medium', () => {
  require('./seat-hold-cap.medium');
});
describe('seat-store.medium', () => {
  require('./seat-store.medium');
});
