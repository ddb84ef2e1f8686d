import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CancellationRepository } from './cancellation.repository';
import { CancellationService } from './cancellation.service';

/** Finishes cancellations a crash (or a provider timeout) left half done: seats not freed, card refunds owed. */
@Injectable()
export class CancellationRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly repo: CancellationRepository,
    private readonly cancellations: CancellationService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.CANCELLATION_RECOVERY_MS > 0) this.schedule();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce()
        .catch((err) => this.logger.warn({ err }, 'cancellation recovery pass failed'))
        .finally(() => this.schedule());
    }, this.config.CANCELLATION_RECOVERY_MS);
    this.timer.unref();
  }

  /** One pass over cancellations older than 10 s that are not finished. */
  async runOnce(olderThanSeconds = 10): Promise<number> {
    const ids = await this.repo.unfinished(olderThanSeconds, 50);
    for (const id of ids) {
      await this.cancellations
        .finish(id)
        .catch((err) => this.logger.warn({ err, cancellation: id }, 'cancellation still unfinished'));
    }
    return ids.length;
  }
}
