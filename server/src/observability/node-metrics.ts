import { createRequire } from 'node:module';
import { collectDefaultMetrics, type Registry } from 'prom-client';
import { recordGarbageCollection } from './gc-metrics';

type Collector = (registry: Registry, config: { register: Registry; eventLoopMonitoringPrecision: number }) => void;
const load = createRequire(__filename);

/**
 * Node's own metrics with prom-client's default names (`process_cpu_seconds_total`, `nodejs_eventloop_lag_p99_seconds`,
 * heap, handles, `nodejs_gc_duration_seconds`…), so stock Node dashboards work. prom-client's collectors are loaded
 * one by one from its own list (`collectDefaultMetrics.metricsList`, each one a file of `prom-client/lib/metrics/`),
 * all but the GC histogram: every one of them reads at scrape, except the event-loop delay monitor, whose sampling is
 * a libuv timer in C++ (no JavaScript between scrapes). The GC histogram, the one collector that ran JavaScript for
 * every collection, is ours (gc-metrics.ts). `node-metrics.test.ts` compares the exposition with prom-client's own
 * defaults, family by family, so a collector prom-client adds, renames or drops fails there.
 * Returns what stops the GC observer.
 */
export function collectNodeMetrics(registry: Registry): () => void {
  const config = { register: registry, eventLoopMonitoringPrecision: 10 }; // collectDefaultMetrics' own defaults
  for (const name of collectDefaultMetrics.metricsList)
    if (name !== 'gc') (load(`prom-client/lib/metrics/${name}`) as Collector)(registry, config);
  return recordGarbageCollection(registry);
}
