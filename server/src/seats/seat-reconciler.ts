import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobScheduler, type JobHandle } from '../jobs';
import { REDIS } from '../redis/redis.module';
import { SaleMemory } from './sale-memory';
import { SeatEngineService } from './seat-engine.service';
import { SeatsRepository } from './seats.repository';

/**
 * How far back each regular pass looks. A sale's rows are visible at most one
 * transaction's lifetime after their ids were taken (bounded by the statement and
 * idle-in-transaction timeouts, < 30 s), so scanning the tickets written in the last
 * two minutes every few seconds sees every commit at least once.
 */
export const RECONCILE_LOOKBACK_SECONDS = 120;
const CHUNK = 2000;

/**
 * PostgreSQL wins (docs/seat-engine.md, "Reconciliation"): every node, every
 * SEAT_RECONCILE_INTERVAL_MS, reads the live tickets written recently and makes
 * sure Redis shows those seats sold (one idempotent script per presentation; a
 * seat already sold costs one HGET). A full pass over every presentation still on
 * sale runs at boot, after the Redis connection comes back, and whenever the last
 * successful pass is older than the look-back (Redis or PostgreSQL was down for a
 * while). That is how a sale committed while Redis was down - its markSold failed -
 * is applied when Redis returns, with no separate outbox: the ticket row itself is
 * the record. Safe on many nodes at once: the script only ever turns seats into 's'.
 */
@Injectable()
export class SeatReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly job: JobHandle<void>;
  private fullPassPending = true;
  private lastSuccessMs = 0;
  private redisWasDown = false;
  readonly stats = { passes: 0, fullPasses: 0, repaired: 0, failures: 0 };

  constructor(
    private readonly repo: SeatsRepository,
    private readonly engine: SeatEngineService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    scheduler: JobScheduler,
    private readonly memory: SaleMemory,
  ) {
    // Job `seat-reconciler`: the first (full) pass at boot, then every SEAT_RECONCILE_INTERVAL_MS.
    this.job = scheduler.register('seat-reconciler', {
      everyMs: config.SEAT_RECONCILE_INTERVAL_MS,
      runAtStart: true,
      run: () => this.pass(),
    });
  }

  private readonly onRedisDown = (): void => {
    this.redisWasDown = true;
    this.memory.connectionLost();
  };

  private readonly onRedisReady = (): void => {
    if (!this.redisWasDown) return;
    this.redisWasDown = false;
    this.fullPassPending = true;
    // A failure is logged and counted by the scheduler, and the periodic passes retry it.
    this.tick().catch(() => undefined);
  };

  onApplicationBootstrap(): void {
    this.redis.on('close', this.onRedisDown);
    this.redis.on('ready', this.onRedisReady);
  }

  onApplicationShutdown(): void {
    this.redis.off('close', this.onRedisDown);
    this.redis.off('ready', this.onRedisReady);
  }

  /** One pass (a full one when due) that starts after this call, once any pass in progress has ended. */
  tick(): Promise<void> {
    return this.job.runNow();
  }

  private async pass(): Promise<void> {
    const now = Date.now();
    const stale = now - this.lastSuccessMs > (RECONCILE_LOOKBACK_SECONDS * 1000) / 2;
    const full = this.fullPassPending || stale;
    const token = this.memory.passStarting(full);
    try {
      const tickets = await this.repo.liveTicketsForReconcile(full ? null : RECONCILE_LOOKBACK_SECONDS);
      const byPresentation = new Map<number, string[]>();
      for (const t of tickets) {
        let keys = byPresentation.get(t.presentationId);
        if (!keys) byPresentation.set(t.presentationId, (keys = []));
        keys.push(t.key);
      }
      for (const [pid, keys] of byPresentation) {
        for (let i = 0; i < keys.length; i += CHUNK) {
          // A presentation with no live state yet is skipped: its first use builds it from PostgreSQL.
          this.stats.repaired += await this.engine.reconcileSold(pid, keys.slice(i, i + CHUNK));
        }
      }
      this.stats.passes++;
      if (full) this.stats.fullPasses++;
      // A full pass the connection dropped under does not count: the next one is still owed.
      if (this.memory.passSucceeded(token)) this.fullPassPending = false;
      this.lastSuccessMs = now;
    } catch (error) {
      // Reported by the scheduler (the alarm for an outage), which backs off and retries.
      this.stats.failures++;
      throw error;
    }
  }
}
