import { Counter, Histogram, Registry } from 'prom-client';
import { parseExposition, type Sample } from '../../test/support/metrics-scrape';
import { CounterFamily, HistogramFamily, HistogramSeries } from './series';

const BOUNDS = [0.001, 0.01, 0.1, 1];

describe('HistogramSeries: bucket placement (an upper bound is inclusive, as Prometheus defines `le`)', () => {
  test.each([
    [-1, 0],
    [0, 0],
    [0.0005, 0],
    [0.001, 0],
    [0.0010001, 1],
    [0.01, 1],
    [0.05, 2],
    [0.1, 2],
    [0.5, 3],
    [1, 3],
    [1.0000001, 4],
    [1e9, 4],
  ])('%d lands in slot %i (slot 4: above the last bound, counted only by +Inf)', (value, slot) => {
    const series = new HistogramSeries(BOUNDS, {});
    series.observe(value);
    expect([...series.counts]).toEqual(BOUNDS.concat(0).map((_, i) => (i === slot ? 1 : 0)));
    expect(series.count).toBe(1);
    expect(series.sum).toBe(value);
  });
});

/** The samples of a registry's exposition, in an order that does not depend on label order or registration order. */
async function samplesOf(registry: Registry): Promise<Sample[]> {
  const key = (s: Sample) => `${s.name}${JSON.stringify(Object.entries(s.labels).sort())}`;
  return parseExposition(await registry.metrics()).sort((a, b) => key(a).localeCompare(key(b)));
}

describe('a scrape equals what was recorded, sample for sample what prom-client would have written', () => {
  test('a labelled histogram and counter fed the same observations as prom-client’s own', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const hist = new HistogramFamily('x_seconds', 'help', ['route', 'status'], BOUNDS);
    const count = new CounterFamily('x_total', 'help', ['outcome']);
    ours.registerMetric(hist.asMetric());
    ours.registerMetric(count.asMetric());
    const refHist = new Histogram({
      name: 'x_seconds',
      help: 'help',
      labelNames: ['route', 'status'],
      buckets: BOUNDS,
      registers: [theirs],
    });
    const refCount = new Counter({ name: 'x_total', help: 'help', labelNames: ['outcome'], registers: [theirs] });

    const observations: [string, string, number][] = [
      ['/a', '200', 0.0004],
      ['/a', '200', 0.001],
      ['/a', '200', 0.3],
      ['/a', '409', 0.02],
      ['/b/:id', '200', 7],
      ['/b/:id', '200', 0.1],
    ];
    for (const [route, status, seconds] of observations) {
      hist.series({ route, status }).observe(seconds);
      refHist.observe({ route, status }, seconds);
    }
    for (const outcome of ['locked', 'locked', 'seat_taken', 'locked']) {
      count.series({ outcome }).inc();
      refCount.inc({ outcome });
    }
    count.series({ outcome: 'seat_taken' }).inc(2);
    refCount.inc({ outcome: 'seat_taken' }, 2);

    expect(await samplesOf(ours)).toEqual(await samplesOf(theirs));
    const text = await ours.metrics();
    expect(text).toMatch(/^# TYPE x_seconds histogram$/m);
    expect(text).toMatch(/^# TYPE x_total counter$/m);
  });

  test('a series is made once per label set: the same labels give the same slots', () => {
    const count = new CounterFamily('y_total', 'help', ['outcome']);
    const a = count.series({ outcome: 'ok' });
    a.inc();
    expect(count.series({ outcome: 'ok' })).toBe(a);
    expect(count.series({ outcome: 'ok' }).value).toBe(1);
    expect(count.series({ outcome: 'other' })).not.toBe(a);
  });

  test('CONTROL: a histogram fed one observation fewer than the reference does not compare equal', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    const hist = new HistogramFamily('z_seconds', 'help', [], BOUNDS);
    ours.registerMetric(hist.asMetric());
    const ref = new Histogram({ name: 'z_seconds', help: 'help', buckets: BOUNDS, registers: [theirs] });
    hist.series().observe(0.05);
    ref.observe(0.05);
    ref.observe(0.05);
    expect(await samplesOf(ours)).not.toEqual(await samplesOf(theirs));
  });
});
