import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { Clock } from '../common/clock';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobScheduler, type JobContext, type JobHandle } from '../jobs';
import { QueuePresence } from './queue-presence';
import { QueueStore } from './queue-store';

/**
 * The node keeps the places of the waiting pages subscribed on it (docs/waiting-room.md, "Live updates"): every
 * QUEUE_SEEN_REFRESH_MS it marks them all seen, one script call per 1,000 visitors, instead of every page sending
 * a heartbeat (at a million pages 33,333 socket messages and Redis scripts a second, docs/scaling.md). An open
 * socket whose subscription proved the place with its wait ticket is the sign of life; a closed tab is forgotten
 * at its disconnect and loses its place QUEUE_ABANDON_SECONDS later, as before.
 *
 * Job `queue-seen-refresh`, lease 'none': each node refreshes only its own sockets, so every node must run it.
 * A presentation's failure is logged and the others go on; the next run marks everyone again, so nothing needs
 * replaying. The run then fails (metrics, the dependency alarm on an outage).
 */
@Injectable()
export class QueueSeenRefresh {
  private readonly job: JobHandle<number>;

  constructor(
    private readonly presence: QueuePresence,
    private readonly store: QueueStore,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    scheduler: JobScheduler,
  ) {
    // QUEUE_SEEN_REFRESH_MS=0: never on this node (tests drive it with refresh()).
    this.job = scheduler.register('queue-seen-refresh', {
      everyMs: config.QUEUE_SEEN_REFRESH_MS,
      lease: 'none',
      run: (ctx) => this.round(ctx),
    });
  }

  /** One refresh now, after the one in progress if any. Answers how many visitors were marked seen. */
  refresh(): Promise<number> {
    return this.job.runNow();
  }

  private async round({ signal }: JobContext): Promise<number> {
    const now = this.clock.nowMs();
    let marked = 0;
    let failure: unknown = null;
    for (const [presentationId, visitors] of this.presence.visitors(now)) {
      if (signal.aborted) break;
      try {
        marked += await this.store.markSeen(presentationId, visitors, now);
      } catch (err) {
        failure ??= err;
        this.logger.warn({ err, presentationId, visitors: visitors.length }, 'queue seen refresh failed');
      }
    }
    if (failure !== null) throw failure;
    return marked;
  }
}
