import { Inject, Injectable, Optional } from '@nestjs/common';
import type {
  LockedSeat,
  LockSeatResponse,
  SeatsStatusResponse,
  TimerResponse,
  UnlockSeatResponse,
} from '@hotline/shared';
import { SeatStatus, seatKey, type SeatStatusRow } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { SeatHoldCapService } from '../common/seat-hold-cap/seat-hold-cap.service';
import { BotCheck } from '../botcheck';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { isTogetherSeat, parseSeatKey, type Layout, type LayoutSeat, type LayoutSection } from './seat-layout';
import { SeatAdmission } from './seat-admission';
import { SeatLayouts } from './seat-layouts';
import { SaleMemory } from './sale-memory';
import { SoldSeatBatcher } from './sold-seat-batcher';
import { SeatsRepository } from './seats.repository';
import { rowStatuses, saleSummary, statusRows } from './seat-state';
import { markOwnSeats } from './own-order-seats';
import { expandSoldTogether, selectionGaps } from './seat-rules';
import type { LockSeatBody, SeatsStatusQuery } from './seats.queries';
import {
  SeatStore,
  type Changed,
  type GaLocked,
  type Locked,
  type NotInitialised,
  type HoldCap,
  type Refused,
  type RuleRow,
  type SeatHold,
} from './seat-store.port';
import './seats.errors';

type SeatInput = LockSeatBody['seat'];

/** How long a successful bot-check verification of (token, visitor) is trusted on one node. */

/** A seat to lock/sell, by its identity inside the presentation. */
export interface SeatRef {
  sectionId: number;
  x: number;
  y: number;
}

/** The lock scripts' hold-cap refusal as the 429 the client sees, with when to try again. */
function throwIfHoldCap(r: { ok: boolean }, holdCap: HoldCap | undefined): void {
  const refused = r as Refused;
  if (r.ok || refused.code !== 'SEAT_HOLD_CAP') return;
  const waitMs = Number(refused.detail) || 1000;
  throw new AppError('SEAT_HOLD_CAP', { cap: holdCap?.cap ?? 0, retryAfter: Math.max(1, Math.ceil(waitMs / 1000)) });
}

function refuse(r: Refused, layout: Layout): never {
  if (r.code === 'MAX_SEATS_EXCEEDED') {
    throw new AppError('MAX_SEATS_EXCEEDED', { maxSeats: Number(r.detail) || layout.presentation.maxSeatsPerOrder });
  }
  throw new AppError(r.code);
}

function lockedSeatOf(seat: LayoutSeat): LockedSeat {
  return {
    sectionId: seat.sectionId,
    x: seat.x,
    y: seat.y,
    RowName: seat.rowName,
    SeatName: seat.seatName,
    ticketGroupId: seat.ticketGroupId,
    isPremium: seat.premium,
    features: seat.features,
  };
}

function gaSeatOf(section: LayoutSection, place: number): LockedSeat {
  return {
    sectionId: section.id,
    x: place,
    y: 0,
    RowName: '',
    SeatName: String(place),
    ticketGroupId: section.ticketGroupId,
    isPremium: false,
    features: [],
  };
}

const NOTHING_SOLD: PromiseSettledResult<string[]> = { status: 'fulfilled', value: [] };

function settle<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );
}

/**
 * The seat engine's use cases: every transition of a seat goes through here and
 * then through exactly one atomic store call. Validation against the seat map
 * (does the seat exist, is it on sale, which couch is it part of) happens first,
 * in memory; every rule that depends on the live state is the store's job.
 *
 * Every entry point that TAKES a seat (lock, lockSeats, lockGaPlaces, lockBlock, block / hold back) asks the
 * waiting room's gate first (the SeatAdmission port, queue's AdmissionGate), before any I/O: on a presentation behind a queue only an admitted
 * caller gets a seat, whichever route or service called (docs/waiting-room.md, "The gate"). Calls that give
 * seats back or apply what PostgreSQL already sold (unlock, release, markSold, swaps, reconcile) are not gated.
 */
/** Seat keys per presentation, every named presentation listed (one with no seats still gets its extension). */
function paymentClaimKeys(
  presentationIds: number[],
  seats: (SeatRef & { presentationId: number })[],
): Map<number, string[]> {
  const byPresentation = new Map<number, string[]>(presentationIds.map((id) => [id, []]));
  for (const s of seats) {
    const keys = byPresentation.get(s.presentationId) ?? [];
    keys.push(seatKey(s.sectionId, s.x, s.y));
    byPresentation.set(s.presentationId, keys);
  }
  return byPresentation;
}

@Injectable()
export class SeatEngineService {
  private readonly initialising = new Map<number, Promise<void>>();
  private readonly sold: SoldSeatBatcher;

  constructor(
    private readonly store: SeatStore,
    private readonly layouts: SeatLayouts,
    private readonly repo: SeatsRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gate: SeatAdmission,
    private readonly memory: SaleMemory,
    private readonly holdCaps: SeatHoldCapService,
    @Optional() private readonly botCheck?: BotCheck,
  ) {
    this.sold = new SoldSeatBatcher((pid, seats) => this.repo.soldAmong(pid, seats));
  }

  /**
   * The waiting room's admission for these presentations (QUEUE_REQUIRED otherwise): called by every seat-taking
   * entry point below, and by flows that must decide before they start, such as the commit before it charges.
   */
  admit(presentationIds: Iterable<number>): Promise<void> {
    return this.gate.admit(presentationIds);
  }

  layout(presentationId: number): Promise<Layout> {
    return this.layouts.get(presentationId);
  }

  /** Fails closed: without a bot check provider no lock is granted. One memoized path: botcheck/memoized-bot-check.ts. */
  async verifyBotCheck(token: unknown, visitorId: string): Promise<void> {
    if (!this.botCheck) throw new AppError('SERVICE_UNAVAILABLE');
    await this.botCheck.verify(token, visitorId);
  }

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

  /** A visitor's view of the presentation's seats; `null` is the public view (nobody's locks are "mine"). */
  async status(visitorId: string | null, q: SeatsStatusQuery): Promise<SeatsStatusResponse> {
    const layout = await this.layouts.get(q.presentationId);
    if (q.sectionId !== undefined && !layout.sections.has(q.sectionId)) throw new AppError('SECTION_NOT_FOUND');
    const { version, state } = await this.snapshot(layout);
    const rows = statusRows(
      layout,
      state,
      { viewer: visitorId, isHold: q.isHold ?? false },
      {
        reserved: q.isReserved,
        sectionId: q.sectionId,
      },
    );
    if (q.isHold) await this.showHoldOrders(layout.presentation.id, rows);
    const summary = saleSummary(layout, rows, { miniSiteOrLiveDomain: Boolean(q.miniSiteUrl || q.domain) });
    // Changing an order (modifySeats=1): the visitor's own sold seats show as theirs (2), so the map can offer them
    // as the seats to swap from (docs/order-changes.md). Applied after the summary: they stay sold for it.
    if (q.modifySeats && visitorId !== null)
      markOwnSeats(rows, await this.repo.ownPaidSeatKeys(layout.presentation.id, visitorId));
    return {
      seats: rows,
      version,
      soldout: summary.soldout,
      takenRatio: summary.takenRatio,
      soldOutSectionIds: summary.soldOutSections,
    };
  }

  /** Hold mode: seats taken by unpaid hold orders show as 3 (on hold) instead of sold (docs/hold-orders.md). */
  private async showHoldOrders(presentationId: number, rows: SeatStatusRow[]): Promise<void> {
    const held = new Set(await this.repo.onHoldSeatKeys(presentationId));
    if (held.size === 0) return;
    for (const row of rows) {
      if (row[6] === SeatStatus.Sold && held.has(seatKey(row[0], row[2], row[3]))) row[6] = SeatStatus.OnHold;
    }
  }

  /** Checks the body names a real seat of this presentation; returns the section and, for reserved seats, the seat. */
  private async resolve(
    input: SeatInput,
  ): Promise<{ layout: Layout; section: LayoutSection; seat: LayoutSeat | null }> {
    const layout = await this.layouts.get(input.PresentationId);
    const p = layout.presentation;
    if (input.VenueId !== p.venueId || input.VenueSeatplanId !== p.seatplanId) {
      throw new AppError('INVALID_BODY', {
        details: 'seat.VenueId/VenueSeatplanId do not belong to this presentation',
      });
    }
    const section = layout.sections.get(input.VenueSectionId);
    if (!section) throw new AppError('SECTION_NOT_FOUND');
    const tg = input.TicketGroupId;
    if (!section.isReserved) {
      if (tg !== undefined && tg !== null && tg !== 0 && tg !== section.ticketGroupId && tg !== section.zoneId) {
        throw new AppError('INVALID_BODY', { details: 'seat.TicketGroupId does not price this section' });
      }
      return { layout, section, seat: null };
    }
    if (
      input.XCoordinate === null ||
      input.XCoordinate === undefined ||
      input.YCoordinate === null ||
      input.YCoordinate === undefined
    ) {
      throw new AppError('INVALID_BODY', {
        details: 'seat.XCoordinate and seat.YCoordinate are required in a reserved section',
      });
    }
    const seat = layout.seats.get(seatKey(section.id, input.XCoordinate, input.YCoordinate));
    if (!seat) throw new AppError('SEAT_NOT_FOUND');
    if (tg !== undefined && tg !== null && tg !== 0 && tg !== seat.ticketGroupId && tg !== seat.zoneId) {
      throw new AppError('INVALID_BODY', { details: 'seat.TicketGroupId does not price this seat' });
    }
    return { layout, section, seat };
  }

  /** The seat and every seat that must move with it (couch, bed), chosen seat first. */
  private group(layout: Layout, seat: LayoutSeat): LayoutSeat[] {
    if (!isTogetherSeat(seat)) return [seat];
    const section = layout.sections.get(seat.sectionId)!;
    const group = expandSoldTogether(section.seats, { sectionId: seat.sectionId, x: seat.x, y: seat.y });
    return [seat, ...group.filter((s) => s !== seat)];
  }

  private ruleRows(layout: Layout, seats: LayoutSeat[]): RuleRow[] {
    const p = layout.presentation;
    if (!p.noSingleSeatGap && p.seatingPolicyId !== 3) return [];
    const rowIndexes = [...new Set(seats.map((s) => s.row))];
    return rowIndexes.map((i) => {
      const row = layout.rows[i]!;
      return {
        keys: row.seats.map((s) => s.key),
        flags: row.seats.map((s) => String((s.exempt ? 1 : 0) + (s.sellable ? 0 : 2))).join(''),
      };
    });
  }

  private timing(nowMs: number, expiresMs: number): { expiresAt: string; timeInSeconds: number } {
    return {
      expiresAt: new Date(expiresMs).toISOString(),
      timeInSeconds: Math.max(0, Math.floor((expiresMs - nowMs) / 1000)),
    };
  }

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
   */
  async lockSeats(visitorId: string, layout: Layout, seats: LayoutSeat[], address?: string) {
    const p = layout.presentation;
    await this.admit([p.id]);
    if (p.soldout) throw new AppError('PRESENTATION_SOLD_OUT');
    if (seats.some((s) => !s.sellable)) throw new AppError('SEAT_NOT_AVAILABLE');
    const section = layout.sections.get(seats[0]!.sectionId)!;
    const holdCap = await this.holdCapOf(p.id, address);
    // PostgreSQL wins, but is only asked while Redis may have forgotten a sale (SaleMemory): then in parallel
    // with the Redis round trip, one indexed query for many locks (SoldSeatBatcher).
    const [locked, sold] = await this.lockThenCheck(p.id, seats, () =>
      this.withState(layout, () =>
        this.store.lock(p.id, {
          owner: visitorId,
          keys: seats.map((s) => s.key),
          ttlMs: this.config.LOCK_TTL_SECONDS * 1000,
          maxSeats: p.maxSeatsPerOrder,
          noSingleSeatGap: p.noSingleSeatGap,
          singleSeatBlocking: p.seatingPolicyId === 3,
          rows: this.ruleRows(layout, seats),
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
    return this.keepIfUnsold(layout, visitorId, locked.value, keys, sold, holdCap?.address);
  }

  /**
   * A lock's store call, with PostgreSQL's word on the seats when Redis may have forgotten a sale (SaleMemory): asked
   * in parallel when known before the call, or after it when the connection was lost meanwhile (a command in flight
   * may have run on a Redis that restarted from an older file). Otherwise no database work at all.
   */
  private async lockThenCheck<T>(
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
  private askDatabase(presentationId: number, seats: SeatRef[]): Promise<string[]> {
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
  private async keepIfUnsold<T extends { ok: boolean }>(
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
    await this.withState(layout, () => this.store.reconcileSold(pid, sold.value));
    const soldKeys = new Set(sold.value);
    const rest = keys.filter((k) => !soldKeys.has(k));
    if (result.ok && rest.length > 0) await this.store.unlock(pid, visitorId, rest, holdAddress).catch(() => undefined);
    return { ok: false, code: 'SEAT_NOT_AVAILABLE', detail: sold.value[0]! };
  }

  /** A visitor's lock-seat; `address` (the client's) puts it under the per-address hold cap. */
  async lock(visitorId: string, input: SeatInput, address?: string): Promise<LockSeatResponse> {
    await this.admit([input.PresentationId]);
    const { layout, section, seat } = await this.resolve(input);
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
        ...this.timing(r.nowMs, r.earliestExpiryMs),
        version: r.version,
      };
    }
    const group = this.group(layout, seat);
    const r = await this.lockSeats(visitorId, layout, group, address);
    if (!r.ok) refuse(r as Refused, layout);
    return {
      lockedSeat: { x: seat.x, y: seat.y },
      seats: group.map(lockedSeatOf),
      ...this.timing(r.nowMs, r.earliestExpiryMs),
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
    await this.admit([p.id]);
    const holdCap = await this.holdCapOf(p.id, address);
    for (let attempt = 0; ; attempt++) {
      const r = await this.withState(layout, () =>
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
      const sold = this.memory.mustAskDatabase(p.id) ? await settle(this.askDatabase(p.id, refs)) : NOTHING_SOLD;
      const kept = await this.keepIfUnsold(
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

  /** PostgreSQL wins: seats with live tickets become sold in the live state (the reconciliation's write). */
  async reconcileSold(presentationId: number, keys: string[]): Promise<number> {
    const r = await this.store.reconcileSold(presentationId, keys);
    return r.ok ? r.count : 0;
  }

  /** How each seat stands for this visitor right now (the cart's and the commit's view of a hold). */
  holdsOf(presentationId: number, visitorId: string, seats: SeatRef[]): Promise<SeatHold[]> {
    return this.store.holds(
      presentationId,
      visitorId,
      seats.map((s) => seatKey(s.sectionId, s.x, s.y)),
    );
  }

  /** The seats this visitor holds unexpired locks on in a presentation ("sectionId:x:y"). */
  heldSeatKeys(presentationId: number, visitorId: string): Promise<string[]> {
    return this.store.liveLockedKeys(presentationId, visitorId);
  }

  /** A visitor's unlock-seat; `address` (the client's): the released seats stop counting against its hold cap. */
  async unlock(visitorId: string, input: SeatInput, address?: string): Promise<UnlockSeatResponse> {
    const { layout, section, seat } = await this.resolve(input);
    const pid = layout.presentation.id;
    let keys: string[];
    let seats: LockedSeat[];
    let named: { x: number; y: number };
    if (seat) {
      const group = this.group(layout, seat);
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
    const r = await this.withState(layout, () => this.store.unlock(pid, visitorId, keys, holdAddress));
    if (!r.ok) refuse(r as Refused, layout);
    return { unlockedSeat: named, seats, version: r.version };
  }

  /**
   * Payment of one cart is starting: its seats are claimed for that cart before any card is charged, so the same
   * visitor's other cart (another tab or device) on any of them is refused (SEATS_BEING_PAID) instead of being charged
   * and refunded; then every lock of the visitor gets its payment extension. The claim lasts as long as a paying cart
   * is presumed alive (COMMIT_STALE_SECONDS). All or nothing across the presentations: a refusal gives back what this
   * call claimed.
   */
  async claimForPayment(
    visitorId: string,
    cart: string,
    presentationIds: number[],
    seats: (SeatRef & { presentationId: number })[],
  ): Promise<void> {
    const timing = {
      extensionMs: this.config.LOCK_PAYMENT_EXTENSION_SECONDS * 1000,
      hardCapMs: this.config.LOCK_HARD_CAP_SECONDS * 1000,
      claimMs: this.config.COMMIT_STALE_SECONDS * 1000,
    };
    const keysOf = paymentClaimKeys(presentationIds, seats);
    const results = await Promise.all(
      [...keysOf].map(async ([pid, keys]) => ({
        pid,
        keys,
        r: await this.store.claimForPayment(pid, visitorId, cart, keys, timing),
      })),
    );
    if (results.every((x) => x.r.ok)) return;
    await this.releasePaymentClaim(visitorId, cart, presentationIds, seats);
    throw new AppError('SEATS_BEING_PAID');
  }

  /** The cart will not be paid: its payment claims go at once (the owner's other tab may pay), not at expiry. */
  async releasePaymentClaim(
    visitorId: string,
    cart: string,
    presentationIds: number[],
    seats: (SeatRef & { presentationId: number })[],
  ): Promise<void> {
    await Promise.all(
      [...paymentClaimKeys(presentationIds, seats)].map(([pid, keys]) =>
        this.store.releasePaymentClaim(pid, visitorId, cart, keys),
      ),
    );
  }

  /**
   * The sale is committed in PostgreSQL: the visitor's locks on these seats become
   * sold. Owner-checked and all or nothing (NOT_LOCK_OWNER otherwise).
   */
  async markSold(
    presentationId: number,
    visitorId: string,
    seats: SeatRef[],
  ): Promise<{ version: number; sold: number }> {
    const layout = await this.layouts.get(presentationId);
    const keys = seats.map((s) => seatKey(s.sectionId, s.x, s.y));
    let r: Changed | Refused;
    try {
      r = await this.withState(layout, () => this.store.markSold(presentationId, visitorId, keys));
    } catch (error) {
      this.memory.saleNotMarked(presentationId);
      throw error;
    }
    if (!r.ok) {
      this.memory.saleNotMarked(presentationId);
      refuse(r as Refused, layout);
    }
    return { version: r.version, sold: r.count };
  }

  /**
   * The single free seats the visitor's WHOLE selection leaves in a no-single-seat-gap presentation ([] otherwise).
   * Locks allow a gap beside the visitor's own seats while they can still close it (see docs/seat-engine.md, "The
   * single-seat rules"); this is the check on the finished selection, for the order commit to refuse with
   * SINGLE_SEAT_GAP before any charge.
   */
  async selectionGaps(presentationId: number, visitorId: string): Promise<SeatRef[]> {
    const layout = await this.layouts.get(presentationId);
    if (!layout.presentation.noSingleSeatGap) return [];
    const own = await this.store.ownerKeys(presentationId, visitorId);
    const rows = new Set<number>();
    for (const key of own) {
      const seat = layout.seats.get(key);
      if (seat) rows.add(seat.row);
    }
    if (rows.size === 0) return [];
    const { state } = await this.snapshot(layout);
    const gaps: SeatRef[] = [];
    for (const r of rows) {
      const row = layout.rows[r]!;
      const codes = rowStatuses(row, state, { viewer: visitorId, isHold: false }, false);
      const xs = new Set(selectionGaps(row.seats.map((s, i) => ({ x: s.x, status: codes[i]!, features: s.features }))));
      for (const s of row.seats) if (xs.has(s.x)) gaps.push({ sectionId: s.sectionId, x: s.x, y: s.y });
    }
    return gaps;
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
    await this.admit([presentationId]);
    const layout = await this.layouts.get(presentationId);
    const p = layout.presentation;
    if (p.soldout) throw new AppError('PRESENTATION_SOLD_OUT');
    const chosen = new Map<string, LayoutSeat>();
    for (const ref of refs) {
      const seat = layout.seats.get(seatKey(ref.sectionId, ref.x, ref.y));
      if (!seat) throw new AppError('SEAT_NOT_FOUND');
      for (const s of this.group(layout, seat)) chosen.set(s.key, s);
    }
    const seats = [...chosen.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    if (seats.length > maxSeats) throw new AppError('MAX_SEATS_EXCEEDED', { maxSeats });
    const unsellable = seats.find((s) => !s.sellable);
    if (unsellable) throw new AppError('SEAT_NOT_AVAILABLE');
    const keys = seats.map((s) => s.key);
    const [locked, sold] = await this.lockThenCheck(p.id, seats, () =>
      this.withState(layout, () =>
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
    const r = await this.keepIfUnsold(layout, ownerId, locked.value, keys, sold);
    if (!r.ok) {
      const refused = r as Refused;
      const taken = layout.seats.get(refused.detail);
      if (refused.code === 'SEAT_NOT_AVAILABLE' && taken)
        throw new AppError('BLOCK_SEAT_NOT_AVAILABLE', { row: taken.rowName, seat: taken.seatName });
      refuse(refused, layout);
    }
    const ok = r as Locked;
    return { seats: seats.map(lockedSeatOf), ...this.timing(ok.nowMs, ok.earliestExpiryMs), version: ok.version };
  }

  /** Box office: releases the owner's locks on these seats (seats it does not hold are left alone). */
  async unlockBlock(ownerId: string, presentationId: number, refs: SeatRef[]): Promise<{ version: number }> {
    const layout = await this.layouts.get(presentationId);
    const keys = new Set<string>();
    for (const ref of refs) {
      const seat = layout.seats.get(seatKey(ref.sectionId, ref.x, ref.y));
      if (!seat) throw new AppError('SEAT_NOT_FOUND');
      for (const s of this.group(layout, seat)) keys.add(s.key);
    }
    const mine = new Set(await this.store.ownerKeys(presentationId, ownerId));
    const release = [...keys].filter((k) => mine.has(k));
    if (release.length === 0) return { version: 0 };
    const r = await this.withState(layout, () => this.store.unlock(presentationId, ownerId, release));
    if (!r.ok) refuse(r as Refused, layout);
    return { version: r.version };
  }

  /** Back office: block ('b'), hold back ('h') or free again ('a') reserved seats. */
  async setAdminState(presentationId: number, letter: 'b' | 'h' | 'a', seats: SeatRef[]): Promise<{ version: number }> {
    // Blocking or holding back takes seats off the public sale like a lock; releasing ('a') gives them back.
    if (letter !== 'a') await this.admit([presentationId]);
    const layout = await this.layouts.get(presentationId);
    const keys = seats.map((s) => {
      const key = seatKey(s.sectionId, s.x, s.y);
      if (!layout.seats.has(key)) throw new AppError('SEAT_NOT_FOUND');
      return key;
    });
    const r = await this.withState(layout, () => this.store.setAdminState(presentationId, letter, keys));
    if (!r.ok) refuse(r as Refused, layout);
    return { version: r.version };
  }

  /** The order timer: this visitor's earliest lock expiry in the presentation, on the lock clock. */
  async timer(presentationId: number, visitorId: string, lang: string | undefined): Promise<TimerResponse> {
    await this.layouts.get(presentationId);
    const r = await this.store.timer(presentationId, visitorId);
    const timeInSeconds =
      r.earliestExpiryMs === null ? 0 : Math.max(0, Math.floor((r.earliestExpiryMs - r.nowMs) / 1000));
    return {
      timer: {
        [String(presentationId)]: {
          timeInSeconds,
          currentTime: new Date(r.nowMs).toISOString(),
          url: `/booking?lang=${lang ?? 'he'}`,
        },
      },
    };
  }
}
