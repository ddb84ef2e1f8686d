import { monitorEventLoopDelay, type Histogram } from 'node:perf_hooks';

/** The event loop's delay as one reader saw it since its previous read, in nanoseconds (all 0 when nothing was sampled). */
export interface DelaySummary {
  count: number;
  min: number;
  max: number;
  mean: number;
  stddev: number;
  p50: number;
  p90: number;
  p99: number;
}

/** prom-client's default `eventLoopMonitoringPrecision`: the node's metrics keep the stock dashboards' meaning. */
export const RESOLUTION_MS = 10;

/** A reader's running total of the pieces it was handed: constant memory however long it goes unread. */
export class Accumulated {
  count = 0;
  min = Infinity;
  max = 0;
  mean = 0;
  /** The sum of squared distances from the mean (so pieces combine exactly). */
  m2 = 0;
  p50 = 0;
  p90 = 0;
  p99 = 0;

  add(n: number, h: Pick<Histogram, 'min' | 'max' | 'mean' | 'stddev' | 'percentile'>): void {
    const total = this.count + n;
    const delta = h.mean - this.mean;
    this.m2 += h.stddev * h.stddev * n + (delta * delta * this.count * n) / total;
    this.mean += (delta * n) / total;
    this.count = total;
    this.min = Math.min(this.min, h.min);
    this.max = Math.max(this.max, h.max);
    this.p50 = Math.max(this.p50, h.percentile(50));
    this.p90 = Math.max(this.p90, h.percentile(90));
    this.p99 = Math.max(this.p99, h.percentile(99));
  }

  take(): DelaySummary {
    const c = this.count;
    const summary: DelaySummary =
      c === 0
        ? { count: 0, min: 0, max: 0, mean: 0, stddev: 0, p50: 0, p90: 0, p99: 0 }
        : {
            count: c,
            min: this.min,
            max: this.max,
            mean: this.mean,
            stddev: Math.sqrt(this.m2 / c),
            p50: this.p50,
            p90: this.p90,
            p99: this.p99,
          };
    Object.assign(this, new Accumulated());
    return summary;
  }
}

/**
 * The node's one event-loop delay monitor (perf_hooks' libuv timer, sampled in C++: no JavaScript between reads),
 * read by the health beat (node-health.ts, every 5 s) and by each Prometheus scrape (node-metrics.ts). Each wants
 * what happened since its own previous read, on its own schedule, and a monitor has one reset: so a read drains the
 * monitor into every reader's running total, and a reader takes its own. Count, min, max, mean and standard deviation
 * come out exact; each percentile is the highest of the drained pieces' own, an upper bound of the whole's (at most
 * 1 % of every piece lies above that piece's p99). Both readers stay within one drain per beat and per scrape.
 */
export class EventLoopDelay {
  private readonly monitor = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private readonly totals: Accumulated[] = [];

  constructor() {
    this.monitor.enable();
  }

  /** A reader of its own: each call of the function returned gives what was sampled since its previous call. */
  reader(): () => DelaySummary {
    const total = new Accumulated();
    this.totals.push(total);
    return () => {
      this.drain();
      return total.take();
    };
  }

  /** The application's shutdown: the libuv timer stops. */
  stop(): void {
    this.monitor.disable();
  }

  private drain(): void {
    const n = this.monitor.count;
    if (n === 0) return;
    for (const total of this.totals) total.add(n, this.monitor);
    this.monitor.reset();
  }
}
