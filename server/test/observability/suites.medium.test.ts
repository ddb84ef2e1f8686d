/**
 * The observability's medium suites without a span exporter or a mock (dashboards, the event-loop monitor, metrics),
 * run as one jest file. The event-loop monitor's spies are restored in each test, so they reach no other suite.
 * jest gives every test file a fresh module registry, and loading the server's modules into it is most of a small
 * medium file's cost (docs/testing.md, "medium suites grouped by directory"). Each suite still starts its own app on
 * its own database and makes its own data; they run one after the other, each in its own describe, so its hooks and
 * its app's life end with it. One alone:
 * `node scripts/test.mjs --only=jest -- server/test/observability/suites.medium -t 'metrics.medium'`.
 */
describe('dashboards.medium', () => {
  require('./dashboards.medium');
});
describe('event-loop-monitor.medium', () => {
  require('./event-loop-monitor.medium');
});
describe('metrics.medium', () => {
  require('./metrics.medium');
});
