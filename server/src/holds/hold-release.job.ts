import { Inject, Injectable } from '@nestjs/common';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobScheduler, type JobContext, type JobHandle } from '../jobs';
import { SeatEngineService } from '../seats';
import { HoldClock } from './hold-clock';
import { HoldsRepository, type ReleasedSeat } from './holds.repository';

export interface SweepResult {
  /** Holds this pass moved from 'held' to 'released' (PostgreSQL's count: each hold once, whichever node). */
  released: number;
  /** Seats the live map got back. */
  seats: number;
}

/**
 * Releases unpaid holds at their deadline (30 minutes before the event), on every node, every
 * HOLD_RELEASE_INTERVAL_MS (job `hold-release`; no cluster lease: at a show's deadline nodes share the batches). Durable and multi-node by construction: the due holds are a query over
 * PostgreSQL (hold_order.release_at), not a timer in a process, so a restart loses nothing and the next pass of
 * any node finds what is due. Each batch is one statement under FOR UPDATE SKIP LOCKED that moves the hold, the
 * reservation and its tickets at once (HoldsRepository.releaseDue), so two nodes never release the same hold.
 * Then the seats go back on sale through the seat engine's Lua script (watchers get the versioned delta);
 * a node dying between the two steps leaves seats_released = false, which the next pass of any node finishes.
 */
@Injectable()
export class HoldReleaseJob {
  private readonly job: JobHandle<SweepResult>;
  private readonly node = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;

  constructor(
    private readonly holds: HoldsRepository,
    private readonly seats: SeatEngineService,
    private readonly clock: HoldClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    scheduler: JobScheduler,
  ) {
    this.job = scheduler.register('hold-release', {
      everyMs: config.HOLD_RELEASE_INTERVAL_MS,
      run: (ctx) => this.pass(ctx),
    });
  }

  /** One pass over everything due now, after the pass in progress if any. Nodes skip each other's rows. */
  runOnce(): Promise<SweepResult> {
    return this.job.runNow();
  }

  private async pass({ signal }: JobContext): Promise<SweepResult> {
    const total: SweepResult = { released: 0, seats: 0 };
    const batch = this.config.HOLD_RELEASE_BATCH;
    for (;;) {
      const { holds, seats } = await this.holds.releaseDue(this.clock.now(), batch, this.node);
      total.released += holds;
      total.seats += await this.freeSeats(seats);
      if (holds < batch || signal.aborted) break;
    }
    // Seats of holds released by a node that died before the seat engine's step.
    const leftOver = await this.holds.unreleasedSeats(batch);
    if (leftOver.length) total.seats += await this.freeSeats(leftOver);
    if (total.released) this.logger.info({ released: total.released, seats: total.seats }, 'holds released');
    return total;
  }

  /** Back on sale in Redis (one script call per presentation), then recorded; idempotent if repeated. */
  private async freeSeats(seats: ReleasedSeat[]): Promise<number> {
    if (seats.length === 0) return 0;
    const byShow = new Map<number, string[]>();
    for (const s of seats) {
      const keys = byShow.get(s.presentationId);
      if (keys) keys.push(s.key);
      else byShow.set(s.presentationId, [s.key]);
    }
    let freed = 0;
    for (const [presentationId, keys] of byShow) {
      const free = await this.holds.stillFree(presentationId, keys);
      // Not initialised in Redis: nothing to do, the next rebuild reads PostgreSQL where the tickets are released.
      if (free.length) {
        freed += await this.seats.releaseSold(presentationId, free);
      }
    }
    await this.holds.markSeatsReleased([...new Set(seats.map((s) => s.reservationId))]);
    return freed;
  }
}
