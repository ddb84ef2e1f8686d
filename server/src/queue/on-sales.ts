import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobScheduler, type JobHandle } from '../jobs';
import { OnSaleRepository, type OnSaleRule } from './on-sale.repository';

/**
 * Which presentations are behind a queue, read by the guard on every seat call: an in-memory map
 * re-read from PostgreSQL every QUEUE_CONFIG_REFRESH_MS (and at once after a change on this node),
 * so the guard never waits for the database. Another node sees a change within one refresh.
 * The periodic re-read is the job `on-sale-refresh`; a failed one keeps the last map.
 */
@Injectable()
export class OnSales implements OnModuleInit {
  private rules = new Map<number, OnSaleRule>();
  private readonly job: JobHandle<void>;

  constructor(
    private readonly repository: OnSaleRepository,
    @Inject(APP_CONFIG) config: AppConfig,
    scheduler: JobScheduler,
  ) {
    this.job = scheduler.register('on-sale-refresh', {
      everyMs: config.QUEUE_CONFIG_REFRESH_MS,
      run: () => this.load(),
    });
  }

  async onModuleInit(): Promise<void> {
    await this.refresh();
  }

  /**
   * Re-reads the on-sales now. Through the job, so it never runs beside a periodic refresh: an older read
   * finishing last could otherwise put back what an admin change just replaced.
   */
  refresh(): Promise<void> {
    return this.job.runNow();
  }

  private async load(): Promise<void> {
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
