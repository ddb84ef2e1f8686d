import {
  Inject,
  Injectable,
  Optional,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { JobMetrics } from '@hotline/shared';
import { LOGGER } from '../common/logger';
import { DependencyAlarm, classifyDependencyFailure } from '../common/dependency-failure';
import { JobLease } from './job-lease';
import { Metrics, NO_METRICS, NO_TRACING, Tracing, jobRunSpan, type JobRun } from '../observability';
// Not through '../queue': its entry loads the admission gate, whose on-sales.ts imports this file (a load cycle).
import { asSystem } from '../common/admission-context';

/** What a run gets: `signal` is aborted when the application stops, so a long pass can end after its batch. */
export interface JobContext {
  signal: AbortSignal;
}

export interface JobOptions<T> {
  /** The period on this node; 0 (or less) = never scheduled here, `runNow` still works. */
  everyMs: number;
  run: (ctx: JobContext) => Promise<T>;
  /**
   * 'none' (default): every node runs the job. 'cluster': a node runs a scheduled pass only while it holds the
   * job's lease in Redis. The lease is an optimisation; the job's own row-level claims stay its guard.
   */
  lease?: 'none' | 'cluster';
  /** Longest wait between two failed runs (default 30 s, never less than the period). */
  maxBackoffMs?: number;
  /** First run as soon as the scheduler starts (otherwise after a random part of one period). */
  runAtStart?: boolean;
  /**
   * Asked after a successful scheduled run: true when the run stopped with work left (a batch job within its share of
   * the lease), so the next scheduled run starts at once instead of a period later. It still takes the lease.
   */
  hasBacklog?: () => boolean;
}

/** A registered job: its owner keeps it to trigger a run now (tests, an admin change, a reconnect). */
export interface JobHandle<T> {
  readonly name: string;
  /**
   * A run that starts after this call and never beside another run of the job: it waits for the one in
   * progress. Calls made while such a run is waiting share it. Bypasses the cluster lease (an explicit
   * trigger on this node). Rejects with the run's error (already logged and counted).
   */
  runNow(): Promise<T>;
  /** The same, with a one-off work function (e.g. other arguments), under the same no-overlap rule. */
  runWith<R>(run: (ctx: JobContext) => Promise<R>): Promise<R>;
}

/** The scheduler's clock and dice; tests give their own. */
export interface JobTiming {
  now(): number;
  random(): number;
  /** How long the stop waits for running jobs before it gives up on them (the supervisor kills at 8 s). */
  stopTimeoutMs: number;
}

export const JOB_TIMING = Symbol('JOB_TIMING');

const DEFAULT_MAX_BACKOFF_MS = 30_000;
/** Each period is the configured one +/- this share, so nodes started together drift apart. */
const JITTER = 0.1;

interface Job {
  name: string;
  everyMs: number;
  lease: 'none' | 'cluster';
  leaseTtlMs: number;
  maxBackoffMs: number;
  runAtStart: boolean;
  run: (ctx: JobContext) => Promise<unknown>;
  hasBacklog: () => boolean;
  timer: NodeJS.Timeout | null;
  /** Runs in order: each run starts after the previous one ended. */
  tail: Promise<void>;
  /** A runNow() queued behind the running run, shared by every runNow() made meanwhile. */
  queued: Promise<unknown> | null;
  active: boolean;
  pending: number;
  holdsLease: boolean;
  consecutiveFailures: number;
  metrics: JobMetrics;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * The one scheduler of periodic work on a node (docs/jobs.md). Jobs register a work
 * function and a period; the scheduler runs it with no overlap (a slow run delays the next, never doubles
 * it), jittered periods, exponential back-off on failure (reset by a success), an optional cluster lease,
 * per-job metrics (GET /api/health/jobs), and a stop that waits for running jobs, with a timeout.
 */
@Injectable()
export class JobScheduler implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly jobs = new Map<string, Job>();
  private readonly holder = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private readonly abort = new AbortController();
  private readonly timing: JobTiming;
  private started = false;
  private stopping: Promise<void> | null = null;

  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly alarm: DependencyAlarm,
    private readonly lease: JobLease,
    @Optional() @Inject(JOB_TIMING) timing?: Partial<JobTiming>,
    @Optional() private readonly metered: Metrics = NO_METRICS,
    @Optional() private readonly tracing: Tracing = NO_TRACING,
  ) {
    this.timing = { now: Date.now, random: Math.random, stopTimeoutMs: 5_000, ...timing };
  }

  register<T>(name: string, options: JobOptions<T>): JobHandle<T> {
    if (this.jobs.has(name)) throw new Error(`job ${name} is registered twice`);
    const everyMs = Math.max(0, options.everyMs);
    const lease = options.lease ?? 'none';
    const job: Job = {
      name,
      everyMs,
      lease,
      // Renewed only when a scheduled run starts: it lapses about three periods after the holder's last start, so
      // a node that died, or whose run hangs, never keeps the job from the others (a long run may then have a
      // twin on another node, which the job's row claims make safe).
      leaseTtlMs: Math.max(3 * everyMs, 5_000),
      maxBackoffMs: Math.max(options.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS, everyMs),
      runAtStart: options.runAtStart ?? false,
      run: options.run,
      hasBacklog: options.hasBacklog ?? (() => false),
      timer: null,
      tail: Promise.resolve(),
      queued: null,
      active: false,
      pending: 0,
      holdsLease: false,
      consecutiveFailures: 0,
      metrics: {
        name,
        everyMs,
        lease,
        running: false,
        runs: 0,
        failures: 0,
        consecutiveFailures: 0,
        leaseSkips: 0,
        lastDurationMs: null,
        lastRunAt: null,
        lastSuccessAt: null,
        lastErrorAt: null,
        nextRunAt: null,
      },
    };
    this.jobs.set(name, job);
    if (this.started && !this.stopping) this.arm(job, this.firstDelay(job));
    return {
      name,
      runNow: () => this.runNow(job) as Promise<T>,
      runWith: <R>(run: (ctx: JobContext) => Promise<R>) => this.enqueue(job, run, false),
    };
  }

  onApplicationBootstrap(): void {
    this.start();
  }

  /** Arms every registered job (and every one registered later). */
  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    for (const job of this.jobs.values()) this.arm(job, this.firstDelay(job));
  }

  /**
   * Before any connection closes (Redis and the pool close in onApplicationShutdown), so a running pass can
   * finish its batch; onApplicationShutdown only waits for the same stop.
   */
  beforeApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  onApplicationShutdown(): Promise<void> {
    return this.stop();
  }

  /** No new runs; running ones see their signal aborted and are awaited up to the stop timeout; leases given up. */
  stop(): Promise<void> {
    this.stopping ??= this.stopNow();
    return this.stopping;
  }

  /** One entry per job, for /api/health/jobs. */
  metrics(): JobMetrics[] {
    return [...this.jobs.values()].map((j) => ({ ...j.metrics, running: j.active }));
  }

  private async stopNow(): Promise<void> {
    this.abort.abort();
    for (const job of this.jobs.values()) this.disarm(job);
    const all = Promise.all([...this.jobs.values()].map((j) => j.tail));
    let timeout: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      all.then(() => false),
      new Promise<boolean>((resolve) => {
        timeout = setTimeout(() => resolve(true), this.timing.stopTimeoutMs);
        timeout.unref();
      }),
    ]);
    clearTimeout(timeout);
    if (timedOut) {
      const running = [...this.jobs.values()].filter((j) => j.active || j.pending > 0).map((j) => j.name);
      this.logger.warn(
        { jobs: running, waitedMs: this.timing.stopTimeoutMs },
        'jobs still running at stop; not waiting',
      );
    }
    await Promise.all([...this.jobs.values()].filter((j) => j.holdsLease).map((j) => this.giveUpLease(j)));
  }

  private async giveUpLease(job: Job): Promise<void> {
    job.holdsLease = false;
    await this.lease.release(job.name, this.holder).catch(() => undefined);
  }

  private runNow(job: Job): Promise<unknown> {
    if (job.queued) return job.queued;
    if (this.stopping) return this.enqueue(job, job.run, false);
    const queued = this.enqueue(job, job.run, false, () => {
      job.queued = null;
    });
    job.queued = queued;
    return queued;
  }

  /** Appends a run to the job's chain: it starts when every earlier one has ended. */
  private enqueue<R>(
    job: Job,
    run: (ctx: JobContext) => Promise<R>,
    scheduled: boolean,
    onStart?: () => void,
  ): Promise<R> {
    if (this.stopping && !scheduled) return Promise.reject(new Error(`job ${job.name}: the scheduler has stopped`));
    job.pending++;
    const result = job.tail.then(() => {
      job.pending--;
      onStart?.();
      return this.execute(job, run, scheduled);
    });
    job.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  private async execute<R>(job: Job, run: (ctx: JobContext) => Promise<R>, scheduled: boolean): Promise<R> {
    if (this.stopping) throw new Error(`job ${job.name}: the scheduler has stopped`);
    job.active = true;
    this.disarm(job);
    let ran = false;
    const started = this.timing.now();
    try {
      if (scheduled && job.lease === 'cluster') {
        if (!(await this.takeLease(job))) {
          job.metrics.leaseSkips++;
          this.metered.jobLeaseSkipped(job.name);
          return undefined as R;
        }
      }
      ran = true;
      job.metrics.runs++;
      job.metrics.lastRunAt = iso(started);
      // The server's own work: the waiting room never refuses it (common/admission-context.ts), by construction.
      // Each run is the root of a trace of its own (traces on): its seat scripts, sale and provider calls below it.
      const result = await this.tracing.root(jobRunSpan(job.name), () =>
        asSystem(`job:${job.name}`, () => run({ signal: this.abort.signal })),
      );
      job.consecutiveFailures = 0;
      job.metrics.lastSuccessAt = iso(this.timing.now());
      return result;
    } catch (error) {
      ran = true;
      job.consecutiveFailures++;
      job.metrics.failures++;
      job.metrics.lastErrorAt = iso(this.timing.now());
      this.report(job, error);
      // A failing holder hands the job over: another node may take the lease at its next tick.
      if (job.holdsLease) await this.giveUpLease(job);
      throw error;
    } finally {
      if (ran) job.metrics.lastDurationMs = this.timing.now() - started;
      if (ran) this.metered.jobRan(this.runReport(job, started));
      job.metrics.consecutiveFailures = job.consecutiveFailures;
      job.active = false;
      if (job.pending === 0)
        this.arm(job, ran && job.consecutiveFailures === 0 && job.hasBacklog() ? 0 : this.nextDelay(job));
    }
  }

  /** Fails open: without Redis the job runs on every node, as its row-level claims allow. */
  private async takeLease(job: Job): Promise<boolean> {
    try {
      job.holdsLease = await this.lease.acquire(job.name, this.holder, job.leaseTtlMs);
      return job.holdsLease;
    } catch (error) {
      this.alarm.report(classifyDependencyFailure(error) ?? 'redis', `job lease ${job.name}`, error);
      return true;
    }
  }

  private runReport(job: Job, started: number): JobRun {
    const endedAtMs = this.timing.now();
    const { name, consecutiveFailures } = job;
    return {
      job: name,
      ok: consecutiveFailures === 0,
      seconds: (endedAtMs - started) / 1000,
      consecutiveFailures,
      endedAtMs,
    };
  }

  private report(job: Job, error: unknown): void {
    const retryInMs = Math.round(this.backoff(job));
    const dependency = classifyDependencyFailure(error);
    if (dependency) this.alarm.report(dependency, `job ${job.name}`, error);
    else
      this.logger.warn(
        { err: error, job: job.name, consecutiveFailures: job.consecutiveFailures, retryInMs },
        `job ${job.name} failed; backing off`,
      );
  }

  private backoff(job: Job): number {
    return Math.min(job.everyMs * 2 ** job.consecutiveFailures, job.maxBackoffMs);
  }

  private firstDelay(job: Job): number {
    return job.runAtStart ? 0 : job.everyMs * this.timing.random();
  }

  private nextDelay(job: Job): number {
    const base = job.consecutiveFailures > 0 ? this.backoff(job) : job.everyMs;
    return base * (1 + JITTER * (2 * this.timing.random() - 1));
  }

  private arm(job: Job, delayMs: number): void {
    this.disarm(job);
    if (!this.started || this.stopping || job.everyMs <= 0) return;
    job.metrics.nextRunAt = iso(this.timing.now() + delayMs);
    job.timer = setTimeout(() => {
      job.timer = null;
      // A run in progress (or queued) re-arms the timer when it ends.
      if (job.active || job.pending > 0) return;
      this.enqueue(job, job.run, true).catch(() => undefined);
    }, delayMs);
    job.timer.unref();
  }

  private disarm(job: Job): void {
    if (job.timer) clearTimeout(job.timer);
    job.timer = null;
    job.metrics.nextRunAt = null;
  }
}
