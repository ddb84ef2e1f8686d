/** The observability context's public entry (docs/operations.md): what other contexts may import. */
// The port every context records through, its no-op, and what it records.
export { Metrics, NO_METRICS } from './metrics';
export type { JobRun, Reading } from './metrics';
// The port every context traces through, its no-op, and the spans' names (OpenTelemetry's conventions).
export { Tracing, NO_TRACING } from './tracing';
export type { SpanSpec } from './tracing';
export { jobRunSpan, paymentProviderSpan, redisScriptSpan, SALE_STATEMENT_SPAN, socketEventSpan } from './spans';
// Refusals per presentation and the nodes' heartbeats, in Redis: what the on-sale control room reads.
export { RefusalTally } from './refusal-tally';
export { NodeHealth } from './node-health';
