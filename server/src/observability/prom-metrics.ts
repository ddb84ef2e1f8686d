import { performance } from 'node:perf_hooks';
import { Counter, Gauge, Registry } from 'prom-client';
import {
  Metrics,
  type AdmissionRun,
  type JobRun,
  type ScrapeReader,
  type ScrapedGauge,
  type TimedOperation,
} from './metrics';
import { EventLoopDelay } from './event-loop-delay';
import { collectNodeMetrics } from './node-metrics';
import { outcomeOf, resultOf } from './outcome';
import { CounterFamily, HistogramFamily, type CounterSeries, type HistogramSeries } from './series';

/** Latency buckets (seconds): the lock path lives in milliseconds, a commit (with the provider) in tenths to seconds. */
const FAST = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const SLOW = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const HTTP = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Each timed operation's two series, and the outcome label of a success. */
const TIMED: Record<TimedOperation, { total: string; seconds: string; ok: string; buckets: number[]; help: string }> = {
  seat_lock: { total: 'seat_locks', seconds: 'seat_lock', ok: 'locked', buckets: FAST, help: 'Seat lock requests' },
  seat_unlock: {
    total: 'seat_unlocks',
    seconds: 'seat_unlock',
    ok: 'unlocked',
    buckets: FAST,
    help: 'Seat unlock requests',
  },
  commit: { total: 'commits', seconds: 'commit', ok: 'sold', buckets: SLOW, help: 'Commits (purchases)' },
  payment_charge: {
    total: 'payment_attempts',
    seconds: 'payment_charge',
    ok: 'approved',
    buckets: SLOW,
    help: 'Payment provider charges, by what became of them',
  },
};

const SCRAPED: Record<ScrapedGauge, { help: string; perPresentation: boolean }> = {
  payments_in_doubt: {
    help: 'Card payments whose outcome is not settled yet (pending, refund pending)',
    perPresentation: false,
  },
  payment_in_doubt_oldest_seconds: { help: 'Age of the oldest unsettled card payment', perPresentation: false },
  queue_in_line: {
    help: 'Visitors waiting in an on-sale queue (the same figure on every node)',
    perPresentation: true,
  },
  queue_active_shoppers: {
    help: 'Admitted visitors whose pass is still valid (the same figure on every node)',
    perPresentation: true,
  },
  queue_shop_capacity: {
    help: 'How many may shop at once (the on-sale setting): admissions pause while the shop is full',
    perPresentation: true,
  },
  queue_open: { help: '1 once the on-sale has started (admissions run), 0 in the pre-queue', perPresentation: true },
  seat_feed_sockets: { help: 'Sockets connected to this node (seat feed and waiting pages)', perPresentation: false },
};

/**
 * One timed operation's series, resolved once: the three results' histograms and the success's counter preallocated,
 * the refusals' counters made on their first occurrence (the error catalogues bound them) and kept by code.
 */
class TimedSeries {
  readonly ok: HistogramSeries;
  readonly refused: HistogramSeries;
  readonly error: HistogramSeries;
  readonly succeeded: CounterSeries;
  private readonly byOutcome = new Map<string, CounterSeries>();

  constructor(
    private readonly outcomes: CounterFamily,
    durations: HistogramFamily,
    okOutcome: string,
  ) {
    this.ok = durations.series({ result: 'ok' });
    this.refused = durations.series({ result: 'refused' });
    this.error = durations.series({ result: 'error' });
    this.succeeded = outcomes.series({ outcome: okOutcome });
  }

  outcome(outcome: string): CounterSeries {
    let series = this.byOutcome.get(outcome);
    if (!series) {
      series = this.outcomes.series({ outcome });
      this.byOutcome.set(outcome, series);
    }
    return series;
  }
}

/** The HTTP histogram's series of one route template, by method then status: two lookups of plain keys a request. */
export class HttpRouteSeries {
  private readonly byMethod = new Map<string, Map<number, HistogramSeries>>();

  constructor(
    private readonly family: HistogramFamily,
    private readonly route: string,
  ) {}

  observe(method: string, status: number, seconds: number): void {
    let byStatus = this.byMethod.get(method);
    if (!byStatus) {
      byStatus = new Map();
      this.byMethod.set(method, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      series = this.family.series({ method, route: this.route, status: String(status) });
      byStatus.set(status, series);
    }
    series.observe(seconds);
  }
}

/** A scrape waits this long for the readers (a database or Redis that does not answer must not hang Prometheus). */
const READ_TIMEOUT_MS = 2_000;

export interface PoolReading {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The Prometheus adapter of the Metrics port (prom-client, one registry per application so tests can run several in
 * one process). Names follow Prometheus conventions: `hotline_` prefix, base units (`_seconds`), counters `_total`.
 */
export class PromMetrics extends Metrics {
  readonly registry = new Registry();
  private readonly readers: ScrapeReader[] = [];
  private poolReader: (() => PoolReading | null) | null = null;
  private readonly timedSeries = new Map<TimedOperation, TimedSeries>();
  private readonly scraped = new Map<ScrapedGauge, Gauge<'presentation'>>();
  private readonly http: HistogramFamily;
  private readonly httpRoutes = new Map<string, HttpRouteSeries>();
  private readonly admitted: Counter<'presentation'>;
  private readonly dropped: Counter<'presentation'>;
  private readonly expired: Counter<'presentation'>;
  private readonly deltas: CounterSeries;
  private readonly deltaLateness: HistogramSeries;
  private readonly jobRuns: Counter<'job_name' | 'outcome'>;
  private readonly jobLeaseSkips: Counter<'job_name'>;
  private readonly jobLastSuccess: Gauge<'job_name'>;
  private readonly jobFailuresInARow: Gauge<'job_name'>;
  private readonly poolConnections: Gauge<'state'>;
  private readonly poolWaiting: Gauge;
  private readonly poolErrors: Counter;
  private readonly redisErrors: Counter;
  private readonly dependencyFailures: Counter<'dependency'>;
  private readonly stopNodeMetrics: () => void;

  /**
   * `eventLoop`: the node's one event-loop monitor, shared with the health beat (the application's); without it (a
   * unit test) one of its own, stopped with the rest.
   */
  constructor(version: string, eventLoop?: EventLoopDelay) {
    super();
    const registers = [this.registry];
    const monitor = eventLoop ?? new EventLoopDelay();
    const stopGc = collectNodeMetrics(this.registry, monitor);
    this.stopNodeMetrics = eventLoop ? stopGc : () => (stopGc(), monitor.stop());
    new Gauge({
      name: 'hotline_build_info',
      help: 'Always 1: the version this node runs, and its Node.js',
      labelNames: ['version', 'node'],
      registers,
    }).set({ version, node: process.version }, 1);
    // The hot series (every lock, unlock, commit, charge and HTTP answer) are recorded into series.ts's slots and
    // read by the registry at scrape time; the rest are rare enough for prom-client's own label-hashed metrics.
    for (const [op, t] of Object.entries(TIMED) as [TimedOperation, (typeof TIMED)[TimedOperation]][]) {
      const outcomes = new CounterFamily(`hotline_${t.total}_total`, `${t.help}, by outcome`, ['outcome']);
      const durations = new HistogramFamily(
        `hotline_${t.seconds}_duration_seconds`,
        `${t.help}: how long they took (result ok, refused or error)`,
        ['result'],
        t.buckets,
      );
      this.registry.registerMetric(outcomes.asMetric());
      this.registry.registerMetric(durations.asMetric());
      this.timedSeries.set(op, new TimedSeries(outcomes, durations, t.ok));
    }
    for (const [name, g] of Object.entries(SCRAPED) as [ScrapedGauge, (typeof SCRAPED)[ScrapedGauge]][])
      this.scraped.set(
        name,
        new Gauge({
          name: `hotline_${name}`,
          help: g.help,
          labelNames: g.perPresentation ? ['presentation'] : [],
          registers,
        }),
      );
    this.http = new HistogramFamily(
      'hotline_http_request_duration_seconds',
      'HTTP requests by method, route template (never the raw URL) and status',
      ['method', 'route', 'status'],
      HTTP,
    );
    this.registry.registerMetric(this.http.asMetric());
    const perPresentation = (name: string, help: string) =>
      new Counter({ name, help, labelNames: ['presentation'], registers });
    this.admitted = perPresentation('hotline_queue_admitted_total', 'Visitors admitted from an on-sale queue');
    this.dropped = perPresentation('hotline_queue_dropped_total', 'Visitors dropped at the head (gone too long)');
    this.expired = perPresentation('hotline_queue_pass_expiries_total', 'Admission passes whose shopping window ended');
    // Every delta of every broadcast: recorded like the request series.
    const deltas = new CounterFamily('hotline_seat_feed_deltas_sent_total', 'Seat deltas sent to rooms');
    const lateness = new HistogramFamily(
      'hotline_seat_feed_delta_lateness_seconds',
      'How late a seat delta went out past its batch flush time (delivery lag inside the node)',
      [],
      [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    );
    this.registry.registerMetric(deltas.asMetric());
    this.registry.registerMetric(lateness.asMetric());
    this.deltas = deltas.series();
    this.deltaLateness = lateness.series();
    this.jobRuns = new Counter({
      name: 'hotline_job_runs_total',
      help: 'Runs of the periodic jobs, by outcome (ok, failed)',
      labelNames: ['job_name', 'outcome'],
      registers,
    });
    this.jobLeaseSkips = new Counter({
      name: 'hotline_job_lease_skips_total',
      help: 'Scheduled passes skipped because another node holds the job lease',
      labelNames: ['job_name'],
      registers,
    });
    this.jobLastSuccess = new Gauge({
      name: 'hotline_job_last_success_timestamp_seconds',
      help: 'When a job last succeeded on this node (Unix time)',
      labelNames: ['job_name'],
      registers,
    });
    this.jobFailuresInARow = new Gauge({
      name: 'hotline_job_consecutive_failures',
      help: 'Failed runs of a job in a row on this node (0 after a success)',
      labelNames: ['job_name'],
      registers,
    });
    this.poolConnections = new Gauge({
      name: 'hotline_pg_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle)',
      labelNames: ['state'],
      registers,
    });
    this.poolWaiting = new Gauge({
      name: 'hotline_pg_pool_waiting',
      help: 'Queries waiting for a PostgreSQL pool connection',
      registers,
    });
    this.poolErrors = new Counter({
      name: 'hotline_pg_pool_errors_total',
      help: 'Errors of idle PostgreSQL pool connections',
      registers,
    });
    this.redisErrors = new Counter({
      name: 'hotline_redis_errors_total',
      help: 'Errors of the Redis connection (connection lost, refused, timed out)',
      registers,
    });
    this.dependencyFailures = new Counter({
      name: 'hotline_dependency_failures_total',
      help: 'Work that failed because PostgreSQL or Redis did not answer (answered 503, job backed off)',
      labelNames: ['dependency'],
      registers,
    });
  }

  async timed<T>(operation: TimedOperation, work: () => Promise<T>): Promise<T> {
    const series = this.timedSeries.get(operation)!;
    const started = performance.now();
    try {
      const result = await work();
      series.ok.observe((performance.now() - started) / 1000);
      series.succeeded.inc();
      return result;
    } catch (error) {
      const seconds = (performance.now() - started) / 1000;
      (resultOf(error) === 'refused' ? series.refused : series.error).observe(seconds);
      series.outcome(outcomeOf(error)).inc();
      throw error;
    }
  }

  admissionRun(presentationId: number, run: AdmissionRun): void {
    const labels = { presentation: String(presentationId) };
    this.admitted.inc(labels, run.admitted);
    this.dropped.inc(labels, run.dropped);
    this.expired.inc(labels, run.expired);
  }

  seatDeltaSent(lateSeconds: number): void {
    this.deltas.inc();
    this.deltaLateness.observe(lateSeconds);
  }

  jobLeaseSkipped(job: string): void {
    this.jobLeaseSkips.inc({ job_name: job });
  }

  jobRan(run: JobRun): void {
    this.jobRuns.inc({ job_name: run.job, outcome: run.ok ? 'ok' : 'failed' });
    this.jobFailuresInARow.set({ job_name: run.job }, run.consecutiveFailures);
    if (run.ok) this.jobLastSuccess.set({ job_name: run.job }, run.endedAtMs / 1000);
  }

  readOnScrape(reader: ScrapeReader): void {
    this.readers.push(reader);
  }

  /** The HTTP series of one route template: look it up once per route and keep it (http-metrics.ts does). */
  httpRoute(route: string): HttpRouteSeries {
    let series = this.httpRoutes.get(route);
    if (!series) {
      series = new HttpRouteSeries(this.http, route);
      this.httpRoutes.set(route, series);
    }
    return series;
  }

  readPool(reader: () => PoolReading | null): void {
    this.poolReader = reader;
  }

  poolError(): void {
    this.poolErrors.inc();
  }

  redisError(): void {
    this.redisErrors.inc();
  }

  dependencyFailure(dependency: string): void {
    this.dependencyFailures.inc({ dependency });
  }

  /** Stops what records between scrapes (the GC observer, an event-loop monitor of its own): the application's shutdown. */
  stop(): void {
    this.stopNodeMetrics();
  }

  /** The exposition text: the scrape-time gauges read first (each reader's failure leaves only its gauges out). */
  async scrape(): Promise<string> {
    const readings = await Promise.all(this.readers.map((read) => withinTimeout(read)));
    for (const gauge of this.scraped.values()) gauge.reset();
    for (const r of readings.flat()) {
      const gauge = this.scraped.get(r.gauge)!;
      if (r.presentation === undefined) gauge.set(r.value);
      else gauge.set({ presentation: String(r.presentation) }, r.value);
    }
    const pool = this.poolReader?.();
    if (pool) {
      this.poolConnections.set({ state: 'in_use' }, pool.total - pool.idle);
      this.poolConnections.set({ state: 'idle' }, pool.idle);
      this.poolWaiting.set(pool.waiting);
    }
    return this.registry.metrics();
  }
}

async function withinTimeout(
  read: ScrapeReader,
): Promise<readonly { gauge: ScrapedGauge; value: number; presentation?: number }[]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      Promise.resolve().then(read),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('scrape reader timed out')), READ_TIMEOUT_MS);
        timer.unref();
      }),
    ]);
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}
