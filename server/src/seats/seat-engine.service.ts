import { Injectable, Optional } from '@nestjs/common';
import type {
  LockedSeat,
  LockSeatResponse,
  SeatsStatusResponse,
  TimerResponse,
  UnlockSeatResponse,
  SetAsideTaker,
} from '@hotline/shared';
import { AppError } from '../common/app-error';
import { BotCheck } from '../botcheck';
import { SeatAdmission } from './seat-admission';
import type { Layout, LayoutSeat, LayoutSection } from './seat-layout';
import { SeatLayouts } from './seat-layouts';
import { SeatLiveState } from './seat-live-state';
import { SeatLocking } from './seat-locking.service';
import { SeatSales } from './seat-sales.service';
import type { SeatInput, SeatRef } from './seat-selection';
import { SeatStatusReader } from './seat-status.service';
import type { GaLocked, Locked, Refused, Replan, SeatHold, Swapped } from './seat-store.port';
import { SeatReplanning } from './seat-replanning';
import type { SeatsStatusQuery } from './seats.queries';

export type { SeatRef } from './seat-selection';

/**
 * The seat engine's one door for other contexts (and the seats routes): every transition of a seat goes through
 * here and then through exactly one atomic store call; the store itself never leaves seats/. The work is done by
 * its parts, split by what changes together (docs/seat-engine.md, "The engine's parts"): SeatLocking (taking and
 * giving back seats, gated by the waiting room), SeatSales (applying what PostgreSQL sold, cancelled or swapped),
 * SeatStatusReader (reading how seats stand), over SeatLiveState (building the live state when Redis has none).
 * This class only forwards, so a caller needs one dependency and a test one spy.
 */
@Injectable()
export class SeatEngineService {
  constructor(
    private readonly layouts: SeatLayouts,
    private readonly gate: SeatAdmission,
    private readonly live: SeatLiveState,
    private readonly locking: SeatLocking,
    private readonly sales: SeatSales,
    private readonly reader: SeatStatusReader,
    private readonly replanning: SeatReplanning,
    @Optional() private readonly botCheck?: BotCheck,
  ) {}

  /**
   * The waiting room's admission for these presentations (QUEUE_REQUIRED otherwise): asked by every seat-taking
   * entry point, and by flows that must decide before they start, such as the commit before it charges.
   */
  admit(presentationIds: Iterable<number>): Promise<void> {
    return this.gate.admit(presentationIds);
  }

  layout(presentationId: number): Promise<Layout> {
    return this.layouts.get(presentationId);
  }

  /** The layout as PostgreSQL has it now (its plan version re-read): after the live state was rebuilt or moved. */
  freshLayout(presentationId: number): Promise<Layout> {
    return this.layouts.fresh(presentationId);
  }

  // A date moved to another version of its plan (seat-replanning.ts).

  liveSeatKeys(presentationId: number): Promise<{ locked: string[]; blocked: string[] }> {
    return this.replanning.liveSeatKeys(presentationId);
  }

  allLiveSeatKeys(presentationId: number): Promise<string[] | null> {
    return this.replanning.allLiveSeatKeys(presentationId);
  }

  replan(presentationId: number, replan: Replan): Promise<{ ok: true } | { ok: false; missingKey: string }> {
    return this.replanning.replan(presentationId, replan);
  }

  /** Fails closed: without a bot check provider no lock is granted. One memoized path: botcheck/memoized-bot-check.ts. */
  async verifyBotCheck(token: unknown, visitorId: string): Promise<void> {
    if (!this.botCheck) throw new AppError('SERVICE_UNAVAILABLE');
    await this.botCheck.verify(token, visitorId);
  }

  // The live state (seat-live-state.ts).

  ensureInitialised(layout: Layout): Promise<void> {
    return this.live.ensureInitialised(layout);
  }

  snapshot(layout: Layout): Promise<{ version: number; state: Map<string, string> }> {
    return this.live.snapshot(layout);
  }

  // Taking and giving back seats (seat-locking.service.ts).

  lock(visitorId: string, input: SeatInput, address?: string, taker?: SetAsideTaker): Promise<LockSeatResponse> {
    return this.locking.lock(visitorId, input, address, taker);
  }

  unlock(visitorId: string, input: SeatInput, address?: string): Promise<UnlockSeatResponse> {
    return this.locking.unlock(visitorId, input, address);
  }

  lockSeats(
    visitorId: string,
    layout: Layout,
    seats: LayoutSeat[],
    address?: string,
    taker?: SetAsideTaker,
  ): Promise<Locked | Refused> {
    return this.locking.lockSeats(visitorId, layout, seats, address, taker);
  }

  lockGaPlaces(
    visitorId: string,
    layout: Layout,
    section: LayoutSection,
    count: number,
    address?: string,
  ): Promise<GaLocked | Refused> {
    return this.locking.lockGaPlaces(visitorId, layout, section, count, address);
  }

  lockBlock(
    ownerId: string,
    presentationId: number,
    refs: SeatRef[],
    maxSeats: number,
  ): Promise<{ seats: LockedSeat[]; expiresAt: string; timeInSeconds: number; version: number }> {
    return this.locking.lockBlock(ownerId, presentationId, refs, maxSeats);
  }

  unlockBlock(ownerId: string, presentationId: number, refs: SeatRef[]): Promise<{ version: number }> {
    return this.locking.unlockBlock(ownerId, presentationId, refs);
  }

  setAdminState(presentationId: number, letter: 'b' | 'h' | 'a', seats: SeatRef[]): Promise<{ version: number }> {
    return this.locking.setAdminState(presentationId, letter, seats);
  }

  // Selling and releasing (seat-sales.service.ts).

  claimForPayment(
    visitorId: string,
    cart: string,
    presentationIds: number[],
    seats: (SeatRef & { presentationId: number })[],
  ): Promise<void> {
    return this.sales.claimForPayment(visitorId, cart, presentationIds, seats);
  }

  releasePaymentClaim(
    visitorId: string,
    cart: string,
    presentationIds: number[],
    seats: (SeatRef & { presentationId: number })[],
  ): Promise<void> {
    return this.sales.releasePaymentClaim(visitorId, cart, presentationIds, seats);
  }

  markSold(presentationId: number, visitorId: string, seats: SeatRef[]): Promise<{ version: number; sold: number }> {
    return this.sales.markSold(presentationId, visitorId, seats);
  }

  releaseSold(presentationId: number, keys: string[]): Promise<number> {
    return this.sales.releaseSold(presentationId, keys);
  }

  swapSold(presentationId: number, newKeys: string[], oldKeys: string[]): Promise<Swapped> {
    return this.sales.swapSold(presentationId, newKeys, oldKeys);
  }

  reconcileSold(presentationId: number, keys: string[]): Promise<number> {
    return this.sales.reconcileSold(presentationId, keys);
  }

  // How seats stand (seat-status.service.ts).

  status(visitorId: string | null, q: SeatsStatusQuery): Promise<SeatsStatusResponse> {
    return this.reader.status(visitorId, q);
  }

  holdsOf(presentationId: number, visitorId: string, seats: SeatRef[]): Promise<SeatHold[]> {
    return this.reader.holdsOf(presentationId, visitorId, seats);
  }

  heldSeatKeys(presentationId: number, visitorId: string): Promise<string[]> {
    return this.reader.heldSeatKeys(presentationId, visitorId);
  }

  selectionGaps(presentationId: number, visitorId: string): Promise<SeatRef[]> {
    return this.reader.selectionGaps(presentationId, visitorId);
  }

  timer(presentationId: number, visitorId: string, lang: string | undefined): Promise<TimerResponse> {
    return this.reader.timer(presentationId, visitorId, lang);
  }
}
