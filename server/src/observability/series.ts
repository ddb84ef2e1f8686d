import type { Metric } from 'prom-client';

/**
 * The hot series' own storage: a recording is an integer increment into a preallocated slot (no label object hashed,
 * no allocation); prom-client reads the slots only when Prometheus scrapes. A series is resolved once per label set
 * (a route, an outcome) and kept by its caller, so the per-request work is a bucket scan and three additions.
 */

/** One histogram series: per-bucket counts (not cumulative), the +Inf overflow, the sum. */
export class HistogramSeries {
  /** counts[i]: observations in (upperBounds[i-1], upperBounds[i]]; counts[upperBounds.length]: above the last. */
  readonly counts: Float64Array;
  count = 0;
  sum = 0;

  constructor(
    readonly upperBounds: readonly number[],
    readonly labels: Readonly<Record<string, string>>,
  ) {
    this.counts = new Float64Array(upperBounds.length + 1);
  }

  observe(value: number): void {
    const bounds = this.upperBounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    this.counts[i]!++;
    this.count++;
    this.sum += value;
  }
}

/** One counter series. */
export class CounterSeries {
  value = 0;

  constructor(readonly labels: Readonly<Record<string, string>>) {}

  inc(by = 1): void {
    this.value += by;
  }
}

/** A sample as prom-client's registry formats it. */
interface Sample {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/**
 * A metric family whose samples are read from series at scrape time. It offers the registry what prom-client's own
 * metrics offer it (`name`, `help`, `type`, `get()`), so one registry formats both the same way.
 */
abstract class ScrapedFamily<S extends { labels: Readonly<Record<string, string>> }> {
  private readonly byKey = new Map<string, S>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: 'counter' | 'histogram',
    protected readonly labelNames: readonly string[],
  ) {}

  /** The series of one label set, made on first use: call it once per label set and keep what it returns. */
  series(labels: Readonly<Record<string, string>> = {}): S {
    const key = this.labelNames.map((n) => labels[n] ?? '').join('\u0000');
    let series = this.byKey.get(key);
    if (!series) {
      const own: Record<string, string> = {};
      for (const n of this.labelNames) own[n] = labels[n] ?? '';
      series = this.make(own);
      this.byKey.set(key, series);
    }
    return series;
  }

  protected abstract make(labels: Record<string, string>): S;
  protected abstract samples(series: S): Sample[];

  get(): Promise<{ name: string; help: string; type: string; values: Sample[]; aggregator: 'sum' }> {
    const values = [...this.byKey.values()].flatMap((s) => this.samples(s));
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, values, aggregator: 'sum' });
  }

  /** The registry's type names only prom-client's own classes; it calls no more than the members above. */
  asMetric(): Metric {
    return this as unknown as Metric;
  }
}

export class CounterFamily extends ScrapedFamily<CounterSeries> {
  constructor(name: string, help: string, labelNames: readonly string[] = []) {
    super(name, help, 'counter', labelNames);
  }

  protected make(labels: Record<string, string>): CounterSeries {
    return new CounterSeries(labels);
  }

  protected samples(s: CounterSeries): Sample[] {
    return [{ labels: { ...s.labels }, value: s.value }];
  }
}

export class HistogramFamily extends ScrapedFamily<HistogramSeries> {
  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    private readonly upperBounds: readonly number[],
  ) {
    super(name, help, 'histogram', labelNames);
  }

  protected make(labels: Record<string, string>): HistogramSeries {
    return new HistogramSeries(this.upperBounds, labels);
  }

  protected samples(s: HistogramSeries): Sample[] {
    const bucket = `${this.name}_bucket`;
    let cumulative = 0;
    const out: Sample[] = s.upperBounds.map((le, i) => {
      cumulative += s.counts[i]!;
      return { labels: { ...s.labels, le }, value: cumulative, metricName: bucket };
    });
    out.push(
      { labels: { ...s.labels, le: '+Inf' }, value: s.count, metricName: bucket },
      { labels: { ...s.labels }, value: s.sum, metricName: `${this.name}_sum` },
      { labels: { ...s.labels }, value: s.count, metricName: `${this.name}_count` },
    );
    return out;
  }
}
