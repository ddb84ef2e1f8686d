import { Inject, Injectable, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import type { Logger } from 'pino';
import type { QueueProgressMessage } from '@hotline/shared';
import { Clock } from '../common/clock';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobScheduler, type JobHandle } from '../jobs';
import { Metrics, NO_METRICS, type Reading } from '../observability';
import { RedisConnection } from '../redis/redis.module';
import { untilDependencyAnswers } from '../common/until-dependency-answers';
import { OnSales } from './on-sales';
import { progressChannel } from './queue-keys';
import { QueueStore } from './queue-store';
import { QueueService } from './queue.service';

/** Where progress goes: the gateway's node-local rooms (near pages every message, far pages one in N). */
export interface QueueBroadcaster {
  progress(message: QueueProgressMessage): void;
}

/** Progress to a queue's room at most this often, whatever the tick: "at most once a second per visitor". */
const MIN_BROADCAST_GAP_MS = 1_000;

/**
 * Every QUEUE_TICK_MS, for each queued presentation, one node (whichever claims the tick in Redis
 * first; a dead node's claim lapses within the tick) runs the admission script and publishes one
 * progress message; every node relays it to its own rooms at once. So a page learns of an admission
 * within milliseconds whichever node it is connected to, and each near room gets one message per tick (each far
 * room one in QUEUE_FAR_EVERY_TICKS, queue.gateway.ts).
 * Correctness does not depend on the claim: the admission bucket lives in Redis (admit.lua.ts), so
 * two nodes admitting in the same tick still admit the rate once.
 */
@Injectable()
export class QueueTicker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly nodeId = randomUUID();
  private readonly job: JobHandle<void>;
  private subscriber: Redis | null = null;
  private broadcaster: QueueBroadcaster | null = null;
  private readonly lastBroadcast = new Map<number, number>();

  constructor(
    private readonly queue: QueueService,
    private readonly store: QueueStore,
    private readonly onSales: OnSales,
    private readonly clock: Clock,
    private readonly connection: RedisConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    scheduler: JobScheduler,
    @Optional() private readonly metrics: Metrics = NO_METRICS,
  ) {
    // Job `queue-ticker`; QUEUE_TICK_MS=0: this node never ticks (it still relays).
    this.job = scheduler.register('queue-ticker', { everyMs: config.QUEUE_TICK_MS, run: () => this.round() });
    metrics.readOnScrape(() => this.liveCounts());
  }

  attach(broadcaster: QueueBroadcaster): void {
    this.broadcaster = broadcaster;
  }

  async onApplicationBootstrap(): Promise<void> {
    // Every node relays progress, also one that does not tick itself (QUEUE_TICK_MS=0).
    const sub = this.connection.subscriber('hotline-queue-sub');
    this.subscriber = sub;
    sub.on('error', (err) => this.logger.warn({ err }, 'queue progress subscriber'));
    sub.on('message', (_channel: string, message: string) => this.relay(message));
    await untilDependencyAnswers(
      'redis',
      () => sub.subscribe(progressChannel(this.config.REDIS_PREFIX)),
      (err) => this.logger.warn({ err }, 'queue progress subscriber: Redis not answering yet'),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = null;
    if (sub) await this.connection.close(sub);
  }

  /** One round over every queued presentation, after the round in progress if any. */
  tick(): Promise<void> {
    return this.job.runNow();
  }

  /**
   * A presentation's failure is logged and the round goes on to the next: one broken queue must not slow the
   * others' admissions down with the scheduler's back-off.
   */
  private async round(): Promise<void> {
    const claimMs = Math.max(100, (this.config.QUEUE_TICK_MS || 1_000) - 50);
    for (const rule of this.onSales.allQueued()) {
      try {
        if (!(await this.store.claimTick(rule.presentationId, this.nodeId, claimMs))) continue;
        const now = this.clock.nowMs();
        const result = await this.queue.admit(rule, now);
        this.metrics.admissionRun(rule.presentationId, result);
        await this.store.publishProgress(this.queue.progress(rule, result, now));
      } catch (err) {
        this.logger.warn({ err, presentationId: rule.presentationId }, 'queue admission run failed');
      }
    }
  }

  /** The line and the active shoppers of every queued on-sale (only those: the presentation label stays bounded). */
  private async liveCounts(): Promise<Reading[]> {
    const now = this.clock.nowMs();
    const counts = await Promise.all(
      this.onSales.allQueued().map(async (rule) => ({
        presentation: rule.presentationId,
        capacity: rule.maxActive,
        open: now >= rule.saleStartsAt ? 1 : 0,
        ...(await this.store.liveCounts(rule.presentationId, now)),
      })),
    );
    return counts.flatMap((c): Reading[] => [
      { gauge: 'queue_in_line', presentation: c.presentation, value: c.inLine },
      { gauge: 'queue_active_shoppers', presentation: c.presentation, value: c.active },
      { gauge: 'queue_shop_capacity', presentation: c.presentation, value: c.capacity },
      { gauge: 'queue_open', presentation: c.presentation, value: c.open },
    ]);
  }

  private relay(raw: string): void {
    let message: QueueProgressMessage;
    try {
      message = JSON.parse(raw) as QueueProgressMessage;
    } catch {
      return;
    }
    // The node's clock (a test's hand-moved one too): relays a tick apart on that clock are never merged.
    const now = this.clock.nowMs();
    const last = this.lastBroadcast.get(message.presentationId) ?? 0;
    if (!this.broadcaster || now - last < MIN_BROADCAST_GAP_MS - 100) return;
    this.lastBroadcast.set(message.presentationId, now);
    this.broadcaster.progress(message);
  }
}
