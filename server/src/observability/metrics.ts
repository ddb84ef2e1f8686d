/**
 * The port every context records through (docs/operations.md, "Metrics"): small, named by what happened, free of
 * prom-client. The adapter (prom-metrics.ts) turns it into Prometheus series; NO_METRICS records nothing (a service
 * built by hand in a unit test, or a module tested without the observability module).
 *
 * Labels stay bounded by construction: an outcome is `ok` or an error code of the catalogues, a job is a registered
 * job's name, a presentation is named only for on-sales with a queue. Never a visitor, seat or order id.
 */

/** The operations whose outcome and duration are recorded together. */
export type TimedOperation = 'seat_lock' | 'seat_unlock' | 'commit' | 'payment_charge';

/** One admission run of one queued presentation (the node that ran the tick reports it). */
export interface AdmissionRun {
  admitted: number;
  dropped: number;
  expired: number;
}

/** A job run that ended (the one job runner reports each). */
export interface JobRun {
  job: string;
  ok: boolean;
  seconds: number;
  consecutiveFailures: number;
  /** When it ended, on the scheduler's clock (ms). */
  endedAtMs: number;
}

/** Gauges read at every scrape, each from the context that knows it. */
export type ScrapedGauge =
  | 'payments_in_doubt'
  | 'payment_in_doubt_oldest_seconds'
  | 'queue_in_line'
  | 'queue_active_shoppers'
  | 'queue_shop_capacity'
  | 'queue_open'
  | 'seat_feed_sockets';

export interface Reading {
  gauge: ScrapedGauge;
  value: number;
  /** Only for the waiting room's gauges: the queued presentation's id. */
  presentation?: number;
}

/** Called at each scrape; a reader that throws or takes too long leaves its gauges out of that scrape. */
export type ScrapeReader = () => Promise<readonly Reading[]> | readonly Reading[];

export abstract class Metrics {
  /** Runs `work` and records its outcome (`ok`, or the refusal's error code) and how long it took. */
  abstract timed<T>(operation: TimedOperation, work: () => Promise<T>): Promise<T>;
  abstract admissionRun(presentationId: number, run: AdmissionRun): void;
  /** One seat delta sent to a presentation's room; `lateSeconds`: how far past its flush time it went out. */
  abstract seatDeltaSent(lateSeconds: number): void;
  abstract jobLeaseSkipped(job: string): void;
  abstract jobRan(run: JobRun): void;
  abstract readOnScrape(reader: ScrapeReader): void;
}

class NoMetrics extends Metrics {
  timed<T>(_operation: TimedOperation, work: () => Promise<T>): Promise<T> {
    return work();
  }
  admissionRun(): void {}
  seatDeltaSent(): void {}
  jobLeaseSkipped(): void {}
  jobRan(): void {}
  readOnScrape(): void {}
}

export const NO_METRICS: Metrics = new NoMetrics();
