import { Inject, Injectable } from '@nestjs/common';
import type { LockedSeat, LockSeatResponse, UnlockSeatResponse } from '@hotline/shared';
import { seatKey, type SetAsideTaker } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { SeatHoldCapService } from '../common/seat-hold-cap/seat-hold-cap.service';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { refuseOutsideSaleWindow } from './sale-window-gate';
import { SeatAdmission } from './seat-admission';
import { takerMayTake } from './seat-allocations';
import { parseSeatKey, type Layout, type LayoutSeat, type LayoutSection } from './seat-layout';
import { SeatLayouts } from './seat-layouts';
import { SeatLiveState } from './seat-live-state';
import {
  gaSeatOf,
  lockedSeatOf,
  lockTiming,
  refuse,
  resolveSeat,
  ruleRows,
  seatGroup,
  throwIfHoldCap,
  type SeatInput,
  type SeatRef,
} from './seat-selection';
import { SeatStore, type GaLocked, type HoldCap, type Locked, type Refused } from './seat-store.port';
import { NOTHING_SOLD, SoldSeatCheck, settle } from './sold-seat-check';

/**
 * Taking and giving back seats: a visitor's lock and unlock, best-available's blocks, the box office's blocks.
 * Every entry point that TAKES a seat asks the waiting room's gate first (the SeatAdmission port, queue's
 * AdmissionGate), before any I/O: on a presentation behind a queue only an admitted caller gets a seat, whichever
 * route or service called (docs/waiting-room.md, "The gate"). Giving seats back is not gated.
 */
@Injectable()
export class SeatLocking {
  constructor(
    private readonly store: SeatStore,
    private readonly layouts: SeatLayouts,
    private readonly live: SeatLiveState,
    private readonly check: SoldSeatCheck,
    private readonly gate: SeatAdmission,
    private readonly holdCaps: SeatHoldCapService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get ownerSetTtlSeconds(): number {
    return Math.max(this.config.LOCK_HARD_CAP_SECONDS, this.config.LOCK_TTL_SECONDS) + 60;
  }

  /**
   * The per-address hold cap a public lock from `address` runs under, or none (no address: box office, staff and
   * server-side callers; cap 0: switched off for the presentation). The lock script checks and books it itself.
   */
  private async holdCapOf(presentationId: number, address: string | undefined): Promise<HoldCap | undefined> {
    if (address === undefined) return undefined;
    const cap = await this.holdCaps.capOf(presentationId);
    return cap > 0 ? { address, cap } : undefined;
  }

  /**
   * Locks reserved seats as one atomic unit (a couch, a best-available block). `address`: the client address of a
   * public lock, counted against its hold cap (SEAT_HOLD_CAP 429); absent for callers the cap does not apply to.
   * `taker`: a mini-site or the live domain ('channel', its allocation checked by the caller) may take the seats
   * set aside for it; the public may not before their release (shared keptFromTaker, as the map and commit say).
   */
  async lockSeats(
    visitorId: string,
    layout: Layout,
    seats: LayoutSeat[],
    address?: string,
    taker: SetAsideTaker = 'public',
  ): Promise<Locked | Refused> {
    const p = layout.presentation;
    await this.gate.admit([p.id]);
    if (p.soldout) throw new AppError('PRESENTATION_SOLD_OUT');
    const now = this.clock.now();
    refuseOutsideSaleWindow(p, now);
    if (seats.some((s) => !takerMayTake(s, taker, now.getTime()))) throw new AppError('SEAT_NOT_AVAILABLE');
    const section = layout.sections.get(seats[0]!.sectionId)!;
    const holdCap = await this.holdCapOf(p.id, address);
    // PostgreSQL wins, but is only asked while Redis may have forgotten a sale (SaleMemory): then in parallel
    // with the Redis round trip, one indexed query for many locks (SoldSeatBatcher).
    const [locked, sold] = await this.check.lockThenCheck(p.id, seats, () =>
      this.live.withState(layout, () =>
        this.store.lock(p.id, {
          owner: visitorId,
          keys: seats.map((s) => s.key),
          ttlMs: this.config.LOCK_TTL_SECONDS * 1000,
          maxSeats: p.maxSeatsPerOrder,
          noSingleSeatGap: p.noSingleSeatGap,
          singleSeatBlocking: p.seatingPolicyId === 3,
          rows: ruleRows(layout, seats),
          sectionSize: section.sellableSeats,
          reservedTotal: layout.reservedSellable,
          ownerSetTtlSeconds: this.ownerSetTtlSeconds,
          holdCap,
        }),
      ),
    );
    if (locked.status === 'rejected') throw locked.reason;
    throwIfHoldCap(locked.value, holdCap);
    const keys = seats.map((s) => s.key);
    return this.check.keepIfUnsold(layout, visitorId, locked.value, keys, sold, holdCap?.address);
  }

  /** A visitor's lock-seat; `address` (the client's) puts it under the per-address hold cap. */
  async lock(
    visitorId: string,
    input: SeatInput,
    address?: string,
    taker: SetAsideTaker = 'public',
  ): Promise<LockSeatResponse> {
    await this.gate.admit([input.PresentationId]);
    const { layout, section, seat } = resolveSeat(await this.layouts.get(input.PresentationId), input);
    const p = layout.presentation;
    if (!seat) {
      if (p.soldout) throw new AppError('PRESENTATION_SOLD_OUT');
      if (section.ticketGroupId === 0) throw new AppError('SEAT_NOT_AVAILABLE');
      const r = await this.lockGaPlaces(visitorId, layout, section, 1, address);
      if (!r.ok) refuse(r as Refused, layout);
      const place = r.places[0]!;
      return {
        lockedSeat: { x: place, y: 0 },
        seats: [gaSeatOf(section, place)],
        ...lockTiming(r.nowMs, r.earliestExpiryMs),
        version: r.version,
      };
    }
    const group = seatGroup(layout, seat);
    const r = await this.lockSeats(visitorId, layout, group, address, taker);
    if (!r.ok) refuse(r as Refused, layout);
    return {
      lockedSeat: { x: seat.x, y: seat.y },
      seats: group.map(lockedSeatOf),
      ...lockTiming(r.nowMs, r.earliestExpiryMs),
      version: r.version,
    };
  }

  /**
   * `count` GA places of one section in one script, all or nothing (one for a lock-seat, a party's worth for
   * best-available). The places are only known once Redis picked them, so PostgreSQL is asked afterwards;
   * if it says one is sold, Redis is repaired and the lock is tried again.
   */
  async lockGaPlaces(
    visitorId: string,
    layout: Layout,
    section: LayoutSection,
    count: number,
    address?: string,
  ): Promise<GaLocked | Refused> {
    const p = layout.presentation;
    await this.gate.admit([p.id]);
    refuseOutsideSaleWindow(p, this.clock.now());
    const holdCap = await this.holdCapOf(p.id, address);
    for (let attempt = 0; ; attempt++) {
      const r = await this.live.withState(layout, () =>
        this.store.lockGa(p.id, {
          owner: visitorId,
          sectionId: section.id,
          count,
          ttlMs: this.config.LOCK_TTL_SECONDS * 1000,
          maxSeats: p.maxSeatsPerOrder,
          ownerSetTtlSeconds: this.ownerSetTtlSeconds,
          holdCap,
        }),
      );
      throwIfHoldCap(r, holdCap);
      if (!r.ok) return r as Refused;
      const refs = r.places.map((x) => ({ sectionId: section.id, x, y: 0 }));
      // The places are known only now, so PostgreSQL (when it must be asked) is asked after the script.
      const sold = this.check.mustAsk(p.id) ? await settle(this.check.askDatabase(p.id, refs)) : NOTHING_SOLD;
      const kept = await this.check.keepIfUnsold(
        layout,
        visitorId,
        r,
        refs.map((s) => seatKey(s.sectionId, s.x, s.y)),
        sold,
        holdCap?.address,
      );
      if (kept.ok || attempt >= 4) return kept;
    }
  }

  /** A visitor's unlock-seat; `address` (the client's): the released seats stop counting against its hold cap. */
  async unlock(visitorId: string, input: SeatInput, address?: string): Promise<UnlockSeatResponse> {
    const { layout, section, seat } = resolveSeat(await this.layouts.get(input.PresentationId), input);
    const pid = layout.presentation.id;
    let keys: string[];
    let seats: LockedSeat[];
    let named: { x: number; y: number };
    if (seat) {
      const group = seatGroup(layout, seat);
      keys = group.map((s) => s.key);
      seats = group.map(lockedSeatOf);
      named = { x: seat.x, y: seat.y };
    } else {
      // GA: the place the client was given, or else the visitor's latest place in that section.
      let place = input.XCoordinate ?? null;
      if (place === null) {
        const mine = (await this.store.ownerKeys(pid, visitorId))
          .map(parseSeatKey)
          .filter((k): k is NonNullable<typeof k> => k !== null && k.sectionId === section.id)
          .sort((a, b) => b.x - a.x);
        if (mine.length === 0) throw new AppError('NOT_LOCK_OWNER');
        place = mine[0]!.x;
      }
      if (place < 1 || place > section.capacity) throw new AppError('SEAT_NOT_FOUND');
      keys = [seatKey(section.id, place, 0)];
      seats = [gaSeatOf(section, place)];
      named = { x: place, y: 0 };
    }
    // No cap on this presentation (the cached answer): nothing was booked, so no extra key either.
    const holdAddress = (await this.holdCapOf(pid, address))?.address;
    const r = await this.live.withState(layout, () => this.store.unlock(pid, visitorId, keys, holdAddress));
    if (!r.ok) refuse(r as Refused, layout);
    return { unlockedSeat: named, seats, version: r.version };
  }

  /**
   * Box office (lock-seats): a block of reserved seats for one owner in ONE script, all or
   * nothing, up to `maxSeats` (the staff limit, not the public per-order one). Couches and
   * beds come whole. The row rules are the public's (staff may sell a single seat), so they
   * are not applied; availability and PostgreSQL's sold seats are. A taken seat refuses the
   * whole block with SEAT_NOT_AVAILABLE and that seat's row and number.
   */
  async lockBlock(
    ownerId: string,
    presentationId: number,
    refs: SeatRef[],
    maxSeats: number,
  ): Promise<{ seats: LockedSeat[]; expiresAt: string; timeInSeconds: number; version: number }> {
    await this.gate.admit([presentationId]);
    const layout = await this.layouts.get(presentationId);
    const p = layout.presentation;
    if (p.soldout) throw new AppError('PRESENTATION_SOLD_OUT');
    const chosen = new Map<string, LayoutSeat>();
    for (const ref of refs) {
      const seat = layout.seats.get(seatKey(ref.sectionId, ref.x, ref.y));
      if (!seat) throw new AppError('SEAT_NOT_FOUND');
      for (const s of seatGroup(layout, seat)) chosen.set(s.key, s);
    }
    const seats = [...chosen.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (seats.length > maxSeats) throw new AppError('MAX_SEATS_EXCEEDED', { maxSeats });
    const unsellable = seats.find((s) => !s.sellable);
    if (unsellable) throw new AppError('SEAT_NOT_AVAILABLE');
    const keys = seats.map((s) => s.key);
    const [locked, sold] = await this.check.lockThenCheck(p.id, seats, () =>
      this.live.withState(layout, () =>
        this.store.lock(p.id, {
          owner: ownerId,
          keys,
          ttlMs: this.config.LOCK_TTL_SECONDS * 1000,
          maxSeats,
          noSingleSeatGap: false,
          singleSeatBlocking: false,
          rows: [],
          sectionSize: Number.MAX_SAFE_INTEGER,
          reservedTotal: Number.MAX_SAFE_INTEGER,
          ownerSetTtlSeconds: this.ownerSetTtlSeconds,
          block: true,
        }),
      ),
    );
    if (locked.status === 'rejected') throw locked.reason;
    const r = await this.check.keepIfUnsold(layout, ownerId, locked.value, keys, sold);
    if (!r.ok) {
      const refused = r as Refused;
      const taken = layout.seats.get(refused.detail);
      if (refused.code === 'SEAT_NOT_AVAILABLE' && taken)
        throw new AppError('BLOCK_SEAT_NOT_AVAILABLE', { row: taken.rowName, seat: taken.seatName });
      refuse(refused, layout);
    }
    const ok = r as Locked;
    return { seats: seats.map(lockedSeatOf), ...lockTiming(ok.nowMs, ok.earliestExpiryMs), version: ok.version };
  }

  /** Box office: releases the owner's locks on these seats (seats it does not hold are left alone). */
  async unlockBlock(ownerId: string, presentationId: number, refs: SeatRef[]): Promise<{ version: number }> {
    const layout = await this.layouts.get(presentationId);
    const keys = new Set<string>();
    for (const ref of refs) {
      const seat = layout.seats.get(seatKey(ref.sectionId, ref.x, ref.y));
      if (!seat) throw new AppError('SEAT_NOT_FOUND');
      for (const s of seatGroup(layout, seat)) keys.add(s.key);
    }
    const mine = new Set(await this.store.ownerKeys(presentationId, ownerId));
    const release = [...keys].filter((k) => mine.has(k));
    if (release.length === 0) return { version: 0 };
    const r = await this.live.withState(layout, () => this.store.unlock(presentationId, ownerId, release));
    if (!r.ok) refuse(r as Refused, layout);
    return { version: r.version };
  }
  /** Back office: block ('b'), hold back ('h') or free again ('a') reserved seats. */
  async setAdminState(presentationId: number, letter: 'b' | 'h' | 'a', seats: SeatRef[]): Promise<{ version: number }> {
    // Blocking or holding back takes seats off the public sale like a lock; releasing ('a') gives them back.
    if (letter !== 'a') await this.gate.admit([presentationId]);
    const layout = await this.layouts.get(presentationId);
    const keys = seats.map((s) => {
      const key = seatKey(s.sectionId, s.x, s.y);
      if (!layout.seats.has(key)) throw new AppError('SEAT_NOT_FOUND');
      return key;
    });
    const r = await this.live.withState(layout, () => this.store.setAdminState(presentationId, letter, keys));
    if (!r.ok) refuse(r as Refused, layout);
    return { version: r.version };
  }
}
