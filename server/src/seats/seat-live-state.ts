import { Injectable } from '@nestjs/common';
import { AppError } from '../common/app-error';
import type { Layout } from './seat-layout';
import { SeatsRepository } from './seats.repository';
import { SeatStore, type NotInitialised } from './seat-store.port';

/**
 * The live state of a presentation exists before a store call uses it: built from PostgreSQL the first time (or
 * after Redis lost it), then the call is run once more. Every part of the seat engine goes through here.
 */
@Injectable()
export class SeatLiveState {
  private readonly initialising = new Map<number, Promise<void>>();

  constructor(
    private readonly store: SeatStore,
    private readonly repo: SeatsRepository,
  ) {}

  /**
   * Builds the live state from PostgreSQL if Redis does not have it (first use,
   * or Redis lost its data). Concurrent callers on this node share one attempt;
   * across nodes the init script itself is idempotent (first writer wins).
   */
  ensureInitialised(layout: Layout): Promise<void> {
    const pid = layout.presentation.id;
    let pending = this.initialising.get(pid);
    if (!pending) {
      pending = (async () => {
        const soldKeys = await this.repo.soldSeatKeys(pid);
        const gaSections = [...layout.sections.values()]
          .filter((s) => !s.isReserved)
          .map((s) => ({ id: s.id, capacity: s.capacity }));
        await this.store.initialise(pid, { gaSections, soldKeys });
      })().finally(() => this.initialising.delete(pid));
      this.initialising.set(pid, pending);
    }
    return pending;
  }

  /** Runs a store call; if the presentation has no live state, builds it and runs the call once more. */
  async withState<T extends { ok: boolean }>(layout: Layout, call: () => Promise<T | NotInitialised>): Promise<T> {
    let result = await call();
    if ((result as NotInitialised).notInitialised) {
      await this.ensureInitialised(layout);
      result = await call();
      if ((result as NotInitialised).notInitialised) throw new AppError('SERVICE_UNAVAILABLE');
    }
    return result as T;
  }

  async snapshot(layout: Layout): Promise<{ version: number; state: Map<string, string> }> {
    const snap = await this.withState(layout, () => this.store.snapshot(layout.presentation.id));
    return snap;
  }
}
