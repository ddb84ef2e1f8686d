/**
 * The medium suites that start the app with the bot check's test double (`seats/support/bot-check-double`: a token is
 * `ok:<visitor>`), from four directories, run as one jest file.
 * jest gives every test file a fresh module registry, and loading the server's modules into it is most of a small
 * medium file's cost (docs/testing.md, "medium suites grouped by directory"). A jest.mock replaces a module for the
 * whole registry, so only suites that mock the same module the same way can share one: each of these replaces the bot
 * check with the same double (its own jest.mock line stays in it), and this file does so first, before any suite
 * loads the app. Each suite still starts its own app on its own database (seats-rebuild on its own Redis too) and
 * makes its own data; they run one after the other, each in its own describe, so its hooks and its app's life end with
 * it. One alone: `node scripts/test.mjs --only=jest -- server/test/suites-bot-check-double -t 'seats-api.medium'`.
 * The same double, files of their own: seats-race (the race files run early, apart), back-office (the largest, and a
 * checklist names it). plain-routes-parity mocks the bot check with another double.
 */
jest.mock('../src/botcheck/botcheck.module', () => jest.requireActual('./seats/support/bot-check-double'));

describe('seats/seats-api.medium', () => {
  require('./seats/seats-api.medium');
});
describe('backoffice/reports-live.medium', () => {
  require('./backoffice/reports-live.medium');
});
describe('seats/seats-live.medium', () => {
  require('./seats/seats-live.medium');
});
describe('queue/control-room.medium', () => {
  require('./queue/control-room.medium');
});
describe('seats/public-seat-status.medium', () => {
  require('./seats/public-seat-status.medium');
});
describe('order-changes/hold-ended.medium', () => {
  require('./order-changes/hold-ended.medium');
});
describe('seats/best-available-across.medium', () => {
  require('./seats/best-available-across.medium');
});
describe('seats/seats-rebuild.medium', () => {
  require('./seats/seats-rebuild.medium');
});
