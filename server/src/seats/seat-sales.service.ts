import { Inject, Injectable } from '@nestjs/common';
import { seatKey } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SaleMemory } from './sale-memory';
import { SeatLayouts } from './seat-layouts';
import { SeatLiveState } from './seat-live-state';
import { refuse, type SeatRef } from './seat-selection';
import { SeatStore, type Changed, type Refused, type Swapped } from './seat-store.port';

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

/**
 * Selling and releasing: what PostgreSQL decided about seats, applied to the live state. Payment claims before a
 * charge, the sale once committed, a cancellation's or a released hold's seats back on sale, an order change's
 * swap, and the reconciliation's repairs. None of these take a seat from the public, so none is gated.
 */
@Injectable()
export class SeatSales {
  constructor(
    private readonly store: SeatStore,
    private readonly layouts: SeatLayouts,
    private readonly live: SeatLiveState,
    private readonly memory: SaleMemory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

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
      r = await this.live.withState(layout, () => this.store.markSold(presentationId, visitorId, keys));
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
   * A cancellation or a released hold committed in PostgreSQL: these sold seats are on sale again (non-sold seats
   * are skipped, so a repeat is harmless). A presentation without live state is left alone: its next rebuild reads
   * PostgreSQL, where the tickets are no longer live. Answers how many seats changed.
   */
  async releaseSold(presentationId: number, keys: string[]): Promise<number> {
    const r = await this.store.releaseSold(presentationId, keys);
    return r.ok ? r.count : 0;
  }

  /**
   * An order's seat swap committed in PostgreSQL: `newKeys` become sold and `oldKeys` available in one atomic,
   * versioned step (one published change), building the live state first if Redis has none.
   */
  async swapSold(presentationId: number, newKeys: string[], oldKeys: string[]): Promise<Swapped> {
    const layout = await this.layouts.get(presentationId);
    return this.live.withState(layout, () => this.store.swapSold(presentationId, newKeys, oldKeys));
  }

  /** PostgreSQL wins: seats with live tickets become sold in the live state (the reconciliation's write). */
  async reconcileSold(presentationId: number, keys: string[]): Promise<number> {
    const r = await this.store.reconcileSold(presentationId, keys);
    return r.ok ? r.count : 0;
  }
}
