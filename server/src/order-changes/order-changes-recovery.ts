import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { JobScheduler, type JobHandle } from '../jobs/job-scheduler';
import { OrderChangesRepository } from './order-changes.repository';
import { OrderChangesService } from './order-changes.service';

/** How often the job looks, and how old an unapplied change must be (the request that made it may still be on it). */
const INTERVAL_MS = 5_000;
const OLDER_THAN_SECONDS = 30;

/**
 * Finishes order changes a crash left half done: committed in PostgreSQL (the truth: the tickets already sit on
 * their new seats) but not yet applied to the live seat state. Applying is idempotent, so two nodes doing it
 * at once, or a retry, change nothing twice. Job `order-changes-recovery`, under the scheduler's cluster lease (an
 * optimisation: the idempotent apply is what makes two nodes safe).
 */
@Injectable()
export class OrderChangesRecovery {
  private readonly job: JobHandle<number>;

  constructor(
    private readonly repo: OrderChangesRepository,
    private readonly changes: OrderChangesService,
    @Inject(LOGGER) private readonly logger: Logger,
    scheduler: JobScheduler,
  ) {
    this.job = scheduler.register('order-changes-recovery', {
      everyMs: INTERVAL_MS,
      lease: 'cluster',
      run: () => this.pass(OLDER_THAN_SECONDS),
    });
  }

  /** One pass now (after the pass in progress if any); tests pass 0 to take changes of any age. */
  runOnce(olderThanSeconds = OLDER_THAN_SECONDS): Promise<number> {
    return this.job.runWith(() => this.pass(olderThanSeconds));
  }

  private async pass(olderThanSeconds: number): Promise<number> {
    const ids = await this.repo.unapplied(olderThanSeconds, 50);
    for (const id of ids) {
      await this.changes
        .applySeats(id)
        .catch((err) => this.logger.warn({ err, change: id }, 'order change still unapplied'));
    }
    return ids.length;
  }
}
