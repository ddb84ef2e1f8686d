import { Registry, collectDefaultMetrics, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import { EventLoopDelay } from './event-loop-delay';
import { collectNodeMetrics } from './node-metrics';

/**
 * Node's metrics against prom-client's own defaults (docs/operations.md, "Metrics"): the same families, each with the
 * same type, help, aggregator, label names and (histograms) buckets, so stock Node dashboards and ours
 * (`nodejs_gc_duration_seconds`, `nodejs_eventloop_lag_p99_seconds`, `process_cpu_seconds_total`…) read them as before.
 */
type Family = MetricObjectWithValues<MetricValue<string>>;

/** Allocates short-lived garbage until `done` (scavenges follow), yielding so the GC observers are called. */
async function collectGarbageUntil(done: () => Promise<boolean>): Promise<void> {
  let sink: unknown[] = [];
  for (let round = 0; round < 200 && !(await done()); round++) {
    for (let i = 0; i < 100_000; i++) sink.push({ i });
    sink = [];
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(await done()).toBe(true);
  expect(sink).toEqual([]);
}

const family = async (registry: Registry, name: string) =>
  (await registry.getMetricsAsJSON()).find((f) => f.name === name) as Family | undefined;
const gcCount = async (registry: Registry, kind: string) =>
  (await family(registry, 'nodejs_gc_duration_seconds'))?.values.find(
    (v) => v.metricName === 'nodejs_gc_duration_seconds_count' && v.labels.kind === kind,
  )?.value ?? 0;
const labelNames = (f: Family) =>
  [...new Set(f.values.flatMap((v) => Object.keys(v.labels)).filter((n) => n !== 'le'))].sort();
const buckets = (f: Family) => [...new Set(f.values.map((v) => v.labels.le).filter((le) => le !== undefined))];

const stops: (() => void)[] = [];
afterAll(() => stops.forEach((stop) => stop()));
const eventLoop = new EventLoopDelay();
stops.push(() => eventLoop.stop());

test('the same families as prom-client’s defaults: names, types, help, aggregators, label names, buckets', async () => {
  const theirs = new Registry();
  collectDefaultMetrics({ register: theirs });
  const ours = new Registry();
  stops.push(collectNodeMetrics(ours, eventLoop));
  // Every family has samples only once something happened: a collection of each registry's GC observer.
  await collectGarbageUntil(async () => (await gcCount(theirs, 'minor')) > 0 && (await gcCount(ours, 'minor')) > 0);

  const theirFamilies = await theirs.getMetricsAsJSON();
  const ourFamilies = await ours.getMetricsAsJSON();
  expect(ourFamilies.map((f) => f.name).sort()).toEqual(theirFamilies.map((f) => f.name).sort());
  expect(theirFamilies.length).toBeGreaterThan(20);
  for (const their of theirFamilies as Family[]) {
    const our = ourFamilies.find((f) => f.name === their.name) as Family;
    const shape = (f: Family) => ({
      name: f.name,
      type: f.type,
      help: f.help,
      aggregator: f.aggregator,
      labels: labelNames(f),
      buckets: buckets(f),
    });
    if (their.values.length > 0) expect(shape(our)).toEqual(shape(their));
    else expect({ ...shape(our), labels: [], buckets: [] }).toEqual(shape(their));
  }
});

test('the GC histogram records every collection until it is stopped', async () => {
  const registry = new Registry();
  const stop = collectNodeMetrics(registry, eventLoop);
  stops.push(stop);
  await collectGarbageUntil(async () => (await gcCount(registry, 'minor')) >= 3);
  const gc = (await family(registry, 'nodejs_gc_duration_seconds'))!;
  const sum = gc.values.find((v) => v.metricName === 'nodejs_gc_duration_seconds_sum' && v.labels.kind === 'minor')!;
  // Seconds, not milliseconds: a scavenge of a small heap takes well under a second.
  expect(sum.value).toBeGreaterThan(0);
  expect(sum.value / (await gcCount(registry, 'minor'))).toBeLessThan(1);

  stop();
  const stopped = await gcCount(registry, 'minor');
  const control = new Registry();
  stops.push(collectNodeMetrics(control, eventLoop));
  await collectGarbageUntil(async () => (await gcCount(control, 'minor')) >= 3);
  expect(await gcCount(registry, 'minor')).toBe(stopped);
});
