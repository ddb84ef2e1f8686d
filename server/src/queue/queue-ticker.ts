import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { QueueProgressMessage } from '@hotline/shared';
import { Clock } from '../common/clock';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OnSales } from './on-sales';
import { QueueService } from './queue.service';

/** Where progress goes: the gateway's node-local rooms. */
export interface QueueBroadcaster {
  progress(message: QueueProgressMessage): void;
}

/** Progress to a queue's room at most this often, whatever the tick: "at most once a second per visitor". */
const MIN_BROADCAST_GAP_MS = 1_000;

/**
 * Every node, every QUEUE_TICK_MS: one admission run per queued presentation, then one progress
 * message to that queue's room on this node. Several nodes ticking together is correct by design:
 * the admission bucket lives in Redis (admit.lua.ts).
 */
@Injectable()
export class QueueTicker implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private broadcaster: QueueBroadcaster | null = null;
  private readonly lastBroadcast = new Map<number, number>();

  constructor(
    private readonly queue: QueueService,
    private readonly onSales: OnSales,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  attach(broadcaster: QueueBroadcaster): void {
    this.broadcaster = broadcaster;
  }

  onApplicationBootstrap(): void {
    if (this.config.QUEUE_TICK_MS <= 0) return;
    this.timer = setInterval(() => void this.tick(), this.config.QUEUE_TICK_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** One round over every queued presentation (skipped while the previous one still runs). */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const rule of this.onSales.allQueued()) {
        const now = this.clock.nowMs();
        try {
          const result = await this.queue.admit(rule, now);
          const last = this.lastBroadcast.get(rule.presentationId) ?? 0;
          if (this.broadcaster && now - last >= MIN_BROADCAST_GAP_MS) {
            this.lastBroadcast.set(rule.presentationId, now);
            this.broadcaster.progress(this.queue.progress(rule, result, now));
          }
        } catch (err) {
          this.logger.warn({ err, presentationId: rule.presentationId }, 'queue admission run failed');
        }
      }
    } finally {
      this.running = false;
    }
  }
}
