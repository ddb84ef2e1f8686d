import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';
import type { Registry } from 'prom-client';
import { HistogramFamily, type HistogramSeries } from './series';

/**
 * `nodejs_gc_duration_seconds` as prom-client's default collector exposes it (the same name, help, `kind` label and
 * buckets: the service dashboard and stock Node dashboards read it), recorded more cheaply. prom-client's observer
 * builds a label object and hashes it for every collection; this one keeps one preallocated series per kind and
 * records a collection with a bucket scan and two additions, read by the registry only at scrape (series.ts). It also
 * records every entry of a delivery (prom-client's reads only the first, so two collections delivered together were
 * counted as one). Node itself still creates a performance entry per collection for any `gc` observer: no pull API
 * gives collection times without one (`v8.GCProfiler` writes kilobytes of heap statistics per collection instead).
 */
const HELP = 'Garbage collection duration by kind, one of major, minor, incremental or weakcb.';
const BUCKETS = [0.001, 0.01, 0.1, 1, 2, 5];
const KINDS: readonly (readonly [number, string])[] = [
  [constants.NODE_PERFORMANCE_GC_MAJOR, 'major'],
  [constants.NODE_PERFORMANCE_GC_MINOR, 'minor'],
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL, 'incremental'],
  [constants.NODE_PERFORMANCE_GC_WEAKCB, 'weakcb'],
];

/** A `gc` entry: Node's typings leave its `detail` ({ kind, flags }) out. */
type GcEntry = PerformanceEntry & { readonly detail: { readonly kind: number } };

/** Starts recording collections into `registry`; the function returned stops it (the application's shutdown). */
export function recordGarbageCollection(registry: Registry): () => void {
  const family = new HistogramFamily('nodejs_gc_duration_seconds', HELP, ['kind'], BUCKETS);
  registry.registerMetric(family.asMetric());
  // Indexed by Node's kind constant (1, 4, 8, 16): a sparse array read with one property access a collection.
  const byKind: HistogramSeries[] = [];
  for (const [kind, label] of KINDS) byKind[kind] = family.series({ kind: label });
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) byKind[(entry as GcEntry).detail.kind]?.observe(entry.duration / 1000);
  });
  observer.observe({ entryTypes: ['gc'] });
  return () => observer.disconnect();
}
