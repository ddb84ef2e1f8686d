import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobScheduler, type JobHandle } from '../jobs';
import { SeatStore } from './seat-store.port';

/**
 * Releases expired locks within about SEAT_SWEEP_INTERVAL_MS of their expiry (job `seat-sweeper`).
 * Every node runs it; that is safe because each release is one atomic script
 * that re-reads the expiries itself (a second node simply finds nothing due),
 * and it means the sweep survives any node going away.
 */
@Injectable()
export class SeatSweeper {
  private readonly job: JobHandle<number>;
  readonly stats = { ticks: 0, released: 0 };

  constructor(
    private readonly store: SeatStore,
    @Inject(APP_CONFIG) config: AppConfig,
    scheduler: JobScheduler,
  ) {
    this.job = scheduler.register('seat-sweeper', {
      everyMs: config.SEAT_SWEEP_INTERVAL_MS,
      // During a Redis outage, retry every few seconds at most: locks that expired meanwhile are released soon after.
      maxBackoffMs: 5_000,
      run: () => this.sweep(),
    });
  }

  /** One sweep now (after any sweep in progress); resolves to the seats released. */
  tick(): Promise<number> {
    return this.job.runNow();
  }

  private async sweep(): Promise<number> {
    let released = 0;
    this.stats.ticks++;
    const due = await this.store.dueForSweep(200);
    await Promise.all(
      due.map(async (pid) => {
        for (let round = 0; round < 20; round++) {
          const r = await this.store.releaseExpired(pid, 500);
          released += r.released;
          if (!r.more) break;
        }
      }),
    );
    this.stats.released += released;
    return released;
  }
}
