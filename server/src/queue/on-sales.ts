import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { OnSaleRepository, type OnSaleRule } from './on-sale.repository';

/**
 * Which presentations are behind a queue, read by the guard on every seat call: an in-memory map
 * re-read from PostgreSQL every QUEUE_CONFIG_REFRESH_MS (and at once after a change on this node),
 * so the guard never waits for the database. Another node sees a change within one refresh.
 */
@Injectable()
export class OnSales implements OnModuleInit, OnApplicationShutdown {
  private rules = new Map<number, OnSaleRule>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repository: OnSaleRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.refresh();
    if (this.config.QUEUE_CONFIG_REFRESH_MS > 0) {
      this.timer = setInterval(() => {
        this.refresh().catch((err: unknown) => this.logger.warn({ err }, 'on-sale refresh failed; keeping the last'));
      }, this.config.QUEUE_CONFIG_REFRESH_MS);
      this.timer.unref();
    }
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async refresh(): Promise<void> {
    const rules = await this.repository.rules();
    this.rules = new Map(rules.map((r) => [r.presentationId, r]));
  }

  /** The on-sale of a presentation when its queue is on. */
  queued(presentationId: number): OnSaleRule | undefined {
    const rule = this.rules.get(presentationId);
    return rule?.enabled ? rule : undefined;
  }

  /** Every presentation whose queue is on (the admission ticker's work list). */
  allQueued(): OnSaleRule[] {
    return [...this.rules.values()].filter((r) => r.enabled);
  }
}
