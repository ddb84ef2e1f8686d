import { createRequire } from 'node:module';
import { collectDefaultMetrics, type Registry } from 'prom-client';
import type { EventLoopDelay } from './event-loop-delay';
import { recordEventLoopLag } from './event-loop-metrics';
import { recordGarbageCollection } from './gc-metrics';

type Collector = (registry: Registry, config: { register: Registry; eventLoopMonitoringPrecision: number }) => void;
const load = createRequire(__filename);
/** prom-client's collectors replaced by ours (by their file names in its `metricsList`). */
const OURS = new Set(['gc', 'eventLoopLag']);

/**
 * Node's own metrics with prom-client's default names (`process_cpu_seconds_total`, `nodejs_eventloop_lag_p99_seconds`,
 * heap, handles, `nodejs_gc_duration_seconds`…), so stock Node dashboards work. prom-client's collectors are loaded
 * one by one from its own list (`collectDefaultMetrics.metricsList`, each one a file of `prom-client/lib/metrics/`),
 * all but two, each of which reads at scrape. The two are ours: the GC histogram, the one collector that ran
 * JavaScript for every collection (gc-metrics.ts), and the event-loop delay, which reads the node's one monitor (shared
 * with the health beat, event-loop-delay.ts) instead of starting a second (event-loop-metrics.ts). `node-metrics.test.ts` compares the exposition with prom-client's own
 * defaults, family by family, so a collector prom-client adds, renames or drops fails there.
 * Returns what stops the GC observer.
 */
export function collectNodeMetrics(registry: Registry, eventLoop: EventLoopDelay): () => void {
  const config = { register: registry, eventLoopMonitoringPrecision: 10 }; // collectDefaultMetrics' own defaults
  for (const name of collectDefaultMetrics.metricsList)
    if (!OURS.has(name)) (load(`prom-client/lib/metrics/${name}`) as Collector)(registry, config);
  recordEventLoopLag(registry, eventLoop);
  return recordGarbageCollection(registry);
}
