import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobScheduler, type JobHandle } from '../jobs';
import { SeatEngineService } from '../seats';
import { SeatPlanMoveRepository, type LiveSeatsToRecover, type RecoveredMove } from './seat-plan-move.repository';

/**
 * Job `seat-plan-move-recovery` (cluster lease, at start and every SEAT_PLAN_MOVE_RECOVERY_MS): a date's move to
 * another plan version whose record is still open (a process died between the live state's switch in Redis and
 * PostgreSQL's commit, or just after the commit) is settled: the live state is re-keyed to the version PostgreSQL
 * holds (seat-plan-move.repository.ts). Also run at once for a date whose move failed in this process.
 */
@Injectable()
export class SeatPlanMoveRecoveryJob {
  private readonly job: JobHandle<RecoveredMove[]>;

  constructor(
    private readonly moves: SeatPlanMoveRepository,
    private readonly seats: SeatEngineService,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) config: AppConfig,
    scheduler: JobScheduler,
  ) {
    this.job = scheduler.register('seat-plan-move-recovery', {
      everyMs: config.SEAT_PLAN_MOVE_RECOVERY_MS,
      lease: 'cluster',
      runAtStart: true,
      run: () => this.recover(),
    });
  }

  /** One pass now (after the one in progress). */
  runOnce(): Promise<RecoveredMove[]> {
    return this.job.runNow();
  }

  /** Every open record (of one date, or of all), settled on the version PostgreSQL holds. */
  async recover(presentationId?: number): Promise<RecoveredMove[]> {
    const settled: RecoveredMove[] = [];
    for (const move of await this.moves.open(presentationId)) {
      const done = await this.moves.recover(move.id, (id) => this.live(id));
      if (!done) continue;
      settled.push(done);
      if (done.rolledBack || done.rekeyed + done.dropped > 0)
        this.logger.warn(
          { moveId: move.id, ...done },
          'seat-plan move recovered: live seat state re-keyed to PostgreSQL',
        );
    }
    return settled;
  }

  private live(presentationId: number): LiveSeatsToRecover {
    return {
      keys: () => this.seats.allLiveSeatKeys(presentationId),
      switchTo: (replan) => this.seats.replan(presentationId, replan),
    };
  }
}
