import { Inject, Injectable } from '@nestjs/common';
import { seatKey } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { Layout, LayoutSeat } from './seat-layout';
import { SeatEngineService, type SeatRef } from './seat-engine.service';
import { SeatStore, type AcrossLocked } from './seat-store.port';
import { SeatsRepository } from './seats.repository';

/** The same seat held on several presentations: what a season enrolment or a series membership locks. */
export interface AcrossHold {
  presentationId: number;
  seat: LayoutSeat;
  version: number;
}

/**
 * One fixed seat on every chosen presentation, all or nothing, through ONE atomic script
 * (lua/lock-across.lua.ts), never a loop of single locks. Validation against each seat map happens first, in
 * memory; PostgreSQL is asked in parallel whether the seat is already sold anywhere (it wins, as on the single
 * lock path). Couches and beds are not offered as season seats (a fixed seat is one place).
 */
@Injectable()
export class SeatAcrossService {
  constructor(
    private readonly engine: SeatEngineService,
    private readonly store: SeatStore,
    private readonly repo: SeatsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get ownerSetTtlSeconds(): number {
    return Math.max(this.config.LOCK_HARD_CAP_SECONDS, this.config.LOCK_TTL_SECONDS) + 60;
  }

  /** The seat on each presentation's map, checked: exists, on sale, a single place. */
  async resolve(presentationIds: number[], ref: SeatRef): Promise<{ layout: Layout; seat: LayoutSeat }[]> {
    const key = seatKey(ref.sectionId, ref.x, ref.y);
    const layouts = await Promise.all(presentationIds.map((id) => this.engine.layout(id)));
    return layouts.map((layout) => {
      const seat = layout.seats.get(key);
      if (!seat) throw new AppError('SEAT_NOT_FOUND');
      if (layout.presentation.soldout) throw new AppError('PRESENTATION_SOLD_OUT');
      if (!seat.sellable || seat.togetherId !== null) throw new AppError('SEAT_NOT_AVAILABLE');
      return { layout, seat };
    });
  }

  async lock(
    owner: string,
    presentationIds: number[],
    ref: SeatRef,
    maxSeats: number,
  ): Promise<{ holds: AcrossHold[]; expiresAt: string; timeInSeconds: number }> {
    // The waiting room decides first, for every presentation the seat is held on (membership / season enrolment).
    await this.engine.admit(presentationIds);
    const resolved = await this.resolve(presentationIds, ref);
    const seats = resolved.map((r) => ({ presentationId: r.layout.presentation.id, key: r.seat.key }));
    const request = {
      owner,
      seats,
      ttlMs: this.config.LOCK_TTL_SECONDS * 1000,
      maxSeats,
      ownerSetTtlSeconds: this.ownerSetTtlSeconds,
    };
    // PostgreSQL is asked once for all the presentations, overlapped with the script.
    const soldCheck = this.repo
      .soldAcross(
        seats.map((s) => s.presentationId),
        ref,
      )
      .then(
        (ids) => ({ ok: true as const, ids }),
        (error: unknown) => ({ ok: false as const, error }),
      );
    let r = await this.store.lockAcross(request);
    // A presentation without live state is built from PostgreSQL, then the whole script runs again.
    for (let i = 0; i <= seats.length && !r.ok && 'notInitialised' in r; i++) {
      const pid = r.presentationId;
      const missing = resolved.find((x) => x.layout.presentation.id === pid)!;
      await this.engine.ensureInitialised(missing.layout);
      r = await this.store.lockAcross(request);
    }
    const sold = await soldCheck;
    if (!sold.ok) {
      if (r.ok) await this.store.unlockAcross(owner, seats).catch(() => undefined);
      throw sold.error;
    }
    if (sold.ids.length > 0) {
      // PostgreSQL wins: repair the live state, give back what this call took, refuse like a taken seat.
      const soldOn = seats.filter((s) => sold.ids.includes(s.presentationId));
      for (const s of soldOn) await this.engine.reconcileSold(s.presentationId, [s.key]);
      if (r.ok) {
        const rest = seats.filter((s) => !soldOn.includes(s));
        await this.store.unlockAcross(owner, rest).catch(() => undefined);
      }
      throw new AppError('SEAT_NOT_AVAILABLE');
    }
    if (!r.ok) {
      if ('notInitialised' in r) throw new AppError('SERVICE_UNAVAILABLE');
      if (r.code === 'MAX_SEATS_EXCEEDED') throw new AppError('MAX_SEATS_EXCEEDED', { maxSeats });
      throw new AppError(r.code);
    }
    const ok = r as AcrossLocked;
    return {
      holds: resolved.map((x, i) => ({
        presentationId: x.layout.presentation.id,
        seat: x.seat,
        version: ok.versions[i]!,
      })),
      expiresAt: new Date(ok.expiresMs).toISOString(),
      timeInSeconds: Math.max(0, Math.floor((ok.expiresMs - ok.nowMs) / 1000)),
    };
  }

  async unlock(owner: string, presentationIds: number[], ref: SeatRef): Promise<{ released: number }> {
    const key = seatKey(ref.sectionId, ref.x, ref.y);
    const layouts = await Promise.all(presentationIds.map((id) => this.engine.layout(id)));
    if (layouts.some((l) => !l.seats.has(key))) throw new AppError('SEAT_NOT_FOUND');
    const seats = presentationIds.map((presentationId) => ({ presentationId, key }));
    const r = await this.store.unlockAcross(owner, seats);
    if (r.ok) return { released: r.released };
    if ('notInitialised' in r) return { released: 0 };
    throw new AppError(r.code);
  }
}
