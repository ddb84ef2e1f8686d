import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DependencyAlarm, classifyDependencyFailure } from '../health/dependency-failure';
import { SeatStore } from './seat-store.port';
import { asSystem } from '../queue/admission-context';

/**
 * Releases expired locks within about SEAT_SWEEP_INTERVAL_MS of their expiry.
 * Every node runs it; that is safe because each release is one atomic script
 * that re-reads the expiries itself (a second node simply finds nothing due),
 * and it means the sweep survives any node going away.
 */
@Injectable()
export class SeatSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  readonly stats = { ticks: 0, released: 0 };

  constructor(
    private readonly store: SeatStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly alarm: DependencyAlarm,
  ) {}

  onApplicationBootstrap(): void {
    // The server's own work: the waiting room never refuses it (docs/waiting-room.md).
    this.timer = setInterval(() => void asSystem('seat-sweep', () => this.tick()), this.config.SEAT_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async tick(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let released = 0;
    try {
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
    } catch (error) {
      const dependency = classifyDependencyFailure(error);
      if (dependency) this.alarm.report(dependency, 'seat sweeper', error);
      else this.logger.warn({ err: error }, 'seat sweep failed; retrying next tick');
    } finally {
      this.running = false;
    }
    return released;
  }
}
