import { Gauge, type Registry } from 'prom-client';
import type { EventLoopDelay, DelaySummary } from './event-loop-delay';

/**
 * prom-client's `eventLoopLag` collector (the same eight gauges, names, help and aggregators: the service dashboard's
 * `nodejs_eventloop_lag_p99_seconds` and stock Node dashboards read them), fed by the node's one monitor
 * (event-loop-delay.ts) instead of a second monitor of its own. As prom-client's, a scrape also measures how long a
 * `setImmediate` waits (`nodejs_eventloop_lag_seconds`, set when it runs, so read by the next scrape).
 */
const GAUGES: readonly (readonly [keyof DelaySummary, string, string, 'min' | 'max' | 'average'])[] = [
  ['min', 'nodejs_eventloop_lag_min_seconds', 'The minimum recorded event loop delay.', 'min'],
  ['max', 'nodejs_eventloop_lag_max_seconds', 'The maximum recorded event loop delay.', 'max'],
  ['mean', 'nodejs_eventloop_lag_mean_seconds', 'The mean of the recorded event loop delays.', 'average'],
  [
    'stddev',
    'nodejs_eventloop_lag_stddev_seconds',
    'The standard deviation of the recorded event loop delays.',
    'average',
  ],
  ['p50', 'nodejs_eventloop_lag_p50_seconds', 'The 50th percentile of the recorded event loop delays.', 'average'],
  ['p90', 'nodejs_eventloop_lag_p90_seconds', 'The 90th percentile of the recorded event loop delays.', 'average'],
  ['p99', 'nodejs_eventloop_lag_p99_seconds', 'The 99th percentile of the recorded event loop delays.', 'average'],
];

export function recordEventLoopLag(registry: Registry, delay: EventLoopDelay): void {
  const registers = [registry];
  const read = delay.reader();
  let gauges: { field: keyof DelaySummary; gauge: Gauge }[] = [];
  const lag: Gauge = new Gauge({
    name: 'nodejs_eventloop_lag_seconds',
    help: 'Lag of event loop in seconds.',
    aggregator: 'average',
    registers,
    // This family's collect sets the other seven, so it is registered first: prom-client reads a family without a
    // collect of its own as soon as it comes to it, in registration order (as its own collector does).
    collect() {
      const start = process.hrtime.bigint();
      setImmediate(() => lag.set(Number(process.hrtime.bigint() - start) / 1e9));
      const summary = read();
      for (const { field, gauge } of gauges) gauge.set(summary[field] / 1e9);
    },
  });
  gauges = GAUGES.map(([field, name, help, aggregator]) => ({
    field,
    gauge: new Gauge({ name, help, aggregator, registers }),
  }));
}
