import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../common/app-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { Layout } from './seat-layout';
import { SaleMemory } from './sale-memory';
import type { SeatRef } from './seat-selection';
import { SeatLiveState } from './seat-live-state';
import { SeatStore, type Refused } from './seat-store.port';
import { SeatsRepository } from './seats.repository';
import { SoldSeatBatcher } from './sold-seat-batcher';

export const NOTHING_SOLD: PromiseSettledResult<string[]> = { status: 'fulfilled', value: [] };

export function settle<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );
}

/**
 * PostgreSQL wins over Redis on the lock path (docs/seat-engine.md, "Sales Redis forgot"): asked only while Redis
 * may have forgotten a sale (SaleMemory), many locks in one indexed query (SoldSeatBatcher), and applied by
 * repairing Redis and refusing the lock like any taken seat.
 */
@Injectable()
export class SoldSeatCheck {
  private readonly sold: SoldSeatBatcher;

  constructor(
    private readonly store: SeatStore,
    private readonly live: SeatLiveState,
    private readonly memory: SaleMemory,
    repo: SeatsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.sold = new SoldSeatBatcher((pid, seats) => repo.soldAmong(pid, seats));
  }

  /** Whether PostgreSQL must be asked about this presentation's seats now. */
  mustAsk(presentationId: number): boolean {
    return this.memory.mustAskDatabase(presentationId);
  }

  /**
   * A lock's store call, with PostgreSQL's word on the seats when Redis may have forgotten a sale (SaleMemory): asked
   * in parallel when known before the call, or after it when the connection was lost meanwhile (a command in flight
   * may have run on a Redis that restarted from an older file). Otherwise no database work at all.
   */
  async lockThenCheck<T>(
    presentationId: number,
    seats: SeatRef[],
    lock: () => Promise<T>,
  ): Promise<[PromiseSettledResult<T>, PromiseSettledResult<string[]>]> {
    const early = this.memory.mustAskDatabase(presentationId) ? settle(this.askDatabase(presentationId, seats)) : null;
    const locked = await settle(lock());
    if (early) return [locked, await early];
    if (locked.status === 'fulfilled' && this.memory.mustAskDatabase(presentationId))
      return [locked, await settle(this.askDatabase(presentationId, seats))];
    return [locked, NOTHING_SOLD];
  }

  /** Which of these seats PostgreSQL sold; a database that does not answer in time is a quick 503, not a wait. */
  askDatabase(presentationId: number, seats: SeatRef[]): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new AppError('SERVICE_UNAVAILABLE')), this.config.SOLD_CHECK_TIMEOUT_MS);
      this.sold.soldAmong(presentationId, seats).then(
        (sold) => {
          clearTimeout(timer);
          resolve(sold);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  }

  /**
   * The lock path's PostgreSQL check, applied: if PostgreSQL could not answer, the lock
   * is undone and the error (503) stands; if it says some seats are sold, Redis is
   * repaired (those seats become sold), the rest of this lock is released and the
   * visitor is refused like for any taken seat.
   */
  async keepIfUnsold<T extends { ok: boolean }>(
    layout: Layout,
    visitorId: string,
    result: T | Refused,
    keys: string[],
    sold: PromiseSettledResult<string[]>,
    holdAddress?: string,
  ): Promise<T | Refused> {
    const pid = layout.presentation.id;
    if (sold.status === 'rejected') {
      if (result.ok) await this.store.unlock(pid, visitorId, keys, holdAddress).catch(() => undefined);
      throw sold.reason;
    }
    if (sold.value.length === 0) return result;
    await this.live.withState(layout, () => this.store.reconcileSold(pid, sold.value));
    const soldKeys = new Set(sold.value);
    const rest = keys.filter((k) => !soldKeys.has(k));
    if (result.ok && rest.length > 0) await this.store.unlock(pid, visitorId, rest, holdAddress).catch(() => undefined);
    return { ok: false, code: 'SEAT_NOT_AVAILABLE', detail: sold.value[0]! };
  }
}
