import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { OrderChangesRepository } from './order-changes.repository';
import { OrderChangesService } from './order-changes.service';
import { asSystem } from '../queue/admission-context';

/** How often the job looks, and how old an unapplied change must be (the request that made it may still be on it). */
const INTERVAL_MS = 5_000;
const OLDER_THAN_SECONDS = 30;

/**
 * Finishes order changes a crash left half done: committed in PostgreSQL (the truth: the tickets already sit on
 * their new seats) but not yet applied to the live seat state. Applying is idempotent, so two nodes doing it
 * at once, or a retry, change nothing twice.
 */
@Injectable()
export class OrderChangesRecovery implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly repo: OrderChangesRepository,
    private readonly changes: OrderChangesService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce()
        .catch((err) => this.logger.warn({ err }, 'order change recovery pass failed'))
        .finally(() => this.schedule());
    }, INTERVAL_MS);
    this.timer.unref();
  }

  runOnce(olderThanSeconds = OLDER_THAN_SECONDS): Promise<number> {
    // The server's own work: the waiting room never refuses it (docs/waiting-room.md).
    return asSystem('order-change-recovery', () => this.pass(olderThanSeconds));
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
