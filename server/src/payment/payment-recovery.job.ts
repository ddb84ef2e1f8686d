import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobScheduler, type JobContext, type JobHandle } from '../jobs';
import type { InDoubtCase, InDoubtKind, InDoubtKinds, Resolution } from './in-doubt';
import { PaymentAttempts } from './payment-attempts';

/** The longest back-off of one case (an hour): a provider down for a day is still asked every hour. */
const MAX_BACKOFF_SECONDS = 3600;
/** How long a node keeps a claimed case of a leased kind before another node may take it (it died, or is very slow). */
const LEASE_SECONDS = 120;

/** What an explicit run may change (tests). */
export interface RunKindOptions {
  /** Take attempts of any age at least this old, instead of the kind's own in-doubt age. */
  olderThanSeconds?: number;
}

/**
 * THE recovery loop (job `payment-recovery`, under the scheduler's cluster lease: one node at a time while it is
 * healthy; docs/failure-modes.md): finishes every attempt a crash or a lost provider answer left in doubt, of every
 * kind the contexts register (in-doubt.ts): the commit's card payments (orders), hold payments (holds), cancellations'
 * refunds (cancellations), order changes' seats (order-changes). Each case goes through the same step: a charge whose
 * outcome is unknown -> the provider's status by its idempotency key -> the kind finishes it or refunds it (charged)
 * or closes it (not charged); anything else -> the kind settles it; unfinished -> backed off
 * (RECOVERY_RETRY_BASE_SECONDS doubling per attempt, at most an hour). At least once and idempotent: kinds claim
 * their rows under FOR UPDATE SKIP LOCKED with a lease (or their step is idempotent by itself), which is what keeps
 * two nodes apart, not the scheduler's lease.
 *
 * The loop ticks at the shortest period of its kinds and asks each kind as often as its own period says, so a kind
 * switched off on this node (period 0) is only run explicitly.
 */
@Injectable()
export class PaymentRecoveryJob implements InDoubtKinds, OnApplicationBootstrap {
  private readonly kinds = new Map<string, InDoubtKind>();
  private readonly lastAsked = new Map<string, number>();
  private job: JobHandle<Record<string, string[]>> | null = null;
  private tickMs = 0;
  /** Card charges (the commit's, a hold payment's): every RECOVERY_INTERVAL_MS, in doubt after RECOVERY_IN_DOUBT_SECONDS. */
  readonly chargeCadence: { everyMs: number; inDoubtAfterSeconds: number };

  constructor(
    private readonly attempts: PaymentAttempts,
    private readonly scheduler: JobScheduler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.chargeCadence = {
      everyMs: config.RECOVERY_INTERVAL_MS,
      inDoubtAfterSeconds: config.RECOVERY_IN_DOUBT_SECONDS,
    };
  }

  /** Called by each kind when its module starts (before the application boots and the loop is scheduled). */
  register(kind: InDoubtKind): void {
    if (this.job) throw new Error(`in-doubt kind ${kind.name} registered after the recovery loop was scheduled`);
    // A test's provider override registers its subclass under the same name: the last one wins.
    this.kinds.set(kind.name, kind);
  }

  /** Every kind has registered by now (module init comes first): the loop's period is known. */
  onApplicationBootstrap(): void {
    this.handle();
  }

  /** One pass over every kind, due or not (after the pass in progress if any): each kind's results by name. */
  runOnce(options: RunKindOptions = {}): Promise<Record<string, string[]>> {
    return this.handle().runWith((ctx) => this.pass(ctx, [...this.kinds.values()], options));
  }

  /** One pass over one kind (after the pass in progress if any): its results, one per case. */
  async runKind(name: string, options: RunKindOptions = {}): Promise<string[]> {
    const kind = this.kinds.get(name);
    if (!kind) throw new Error(`no in-doubt kind ${name} is registered`);
    const results = await this.handle().runWith((ctx) => this.pass(ctx, [kind], options));
    return results[name] ?? [];
  }

  private handle(): JobHandle<Record<string, string[]>> {
    if (this.job) return this.job;
    const periods = [...this.kinds.values()].map((k) => k.everyMs).filter((ms) => ms > 0);
    this.tickMs = periods.length ? Math.min(...periods) : 0;
    this.job = this.scheduler.register('payment-recovery', {
      everyMs: this.tickMs,
      lease: 'cluster',
      run: (ctx) => this.pass(ctx, this.due(), {}),
    });
    return this.job;
  }

  /** The kinds whose own period has passed since the loop last asked them (half a tick early is on time). */
  private due(): InDoubtKind[] {
    const now = Date.now();
    return [...this.kinds.values()].filter((k) => {
      if (k.everyMs <= 0) return false;
      const last = this.lastAsked.get(k.name);
      if (last !== undefined && now - last < k.everyMs - this.tickMs / 2) return false;
      this.lastAsked.set(k.name, now);
      return true;
    });
  }

  /**
   * Every kind in turn; one kind failing (its claim cannot reach PostgreSQL) does not keep the others waiting, but
   * fails the pass afterwards so the scheduler backs off and counts it.
   */
  private async pass(
    { signal }: JobContext,
    kinds: InDoubtKind[],
    options: RunKindOptions,
  ): Promise<Record<string, string[]>> {
    const results: Record<string, string[]> = {};
    let failure: unknown = null;
    for (const kind of kinds) {
      if (signal.aborted) break;
      results[kind.name] = await this.drain(kind, signal, options).catch((err: unknown) => {
        failure ??= err;
        return [];
      });
    }
    if (failure) throw failure;
    return results;
  }

  private async drain(kind: InDoubtKind, signal: AbortSignal, options: RunKindOptions): Promise<string[]> {
    const results: string[] = [];
    for (;;) {
      const batch = await kind.claim({
        limit: kind.batch,
        olderThanSeconds: options.olderThanSeconds ?? kind.inDoubtAfterSeconds,
        leaseSeconds: LEASE_SECONDS,
      });
      for (const c of batch) results.push(await this.resolve(kind, c));
      if (!kind.leased || batch.length < kind.batch || signal.aborted) return results;
    }
  }

  /** THE resolve step: status query -> finish or refund (charged) / close (not charged), or settle -> back-off. */
  private async resolve(kind: InDoubtKind, c: InDoubtCase): Promise<string> {
    let resolution: Resolution;
    try {
      const key = kind.inDoubtCharge(c);
      if (key === null) resolution = await kind.settle(c);
      else {
        const status = await this.attempts.statusOf(key);
        resolution = status.status === 'approved' ? await kind.charged(c, status) : await kind.notCharged(c, status);
      }
    } catch (err) {
      this.logger.error({ err, kind: kind.name, attempt: c.id }, 'in-doubt recovery failed for an attempt; will retry');
      resolution = { result: 'later', again: true };
    }
    if (resolution.again !== undefined && kind.retryLater) {
      const seconds = resolution.again === true ? this.backoff(c.attempts) : resolution.again;
      await kind.retryLater(c, seconds).catch(() => undefined);
    }
    return resolution.result;
  }

  private backoff(attempts: number): number {
    return Math.min(MAX_BACKOFF_SECONDS, this.config.RECOVERY_RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1));
  }
}
