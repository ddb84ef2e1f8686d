import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobScheduler, type JobHandle } from '../jobs/job-scheduler';
import { CancellationRepository } from './cancellation.repository';
import { CancellationService } from './cancellation.service';

const OLDER_THAN_SECONDS = 10;

/**
 * Finishes cancellations a crash (or a provider timeout) left half done: seats not freed, card refunds owed.
 * Job `cancellation-recovery`, every CANCELLATION_RECOVERY_MS under the scheduler's cluster lease (an
 * optimisation: finishing a cancellation is idempotent, which is what makes two nodes safe).
 */
@Injectable()
export class CancellationRecovery {
  private readonly job: JobHandle<number>;

  constructor(
    private readonly repo: CancellationRepository,
    private readonly cancellations: CancellationService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    scheduler: JobScheduler,
  ) {
    this.job = scheduler.register('cancellation-recovery', {
      everyMs: config.CANCELLATION_RECOVERY_MS,
      lease: 'cluster',
      run: () => this.pass(OLDER_THAN_SECONDS),
    });
  }

  /** One pass now (after the pass in progress if any) over unfinished cancellations older than 10 s. */
  runOnce(olderThanSeconds = OLDER_THAN_SECONDS): Promise<number> {
    return this.job.runWith(() => this.pass(olderThanSeconds));
  }

  private async pass(olderThanSeconds: number): Promise<number> {
    const ids = await this.repo.unfinished(olderThanSeconds, 50);
    for (const id of ids) {
      await this.cancellations
        .finish(id)
        .catch((err) => this.logger.warn({ err, cancellation: id }, 'cancellation still unfinished'));
    }
    return ids.length;
  }
}
