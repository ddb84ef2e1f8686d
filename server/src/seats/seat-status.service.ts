import { Injectable } from '@nestjs/common';
import type { SeatsStatusResponse, TimerResponse } from '@hotline/shared';
import { SeatStatus, seatKey, type SeatStatusRow } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { markOwnSeats } from './own-order-seats';
import { SeatLayouts } from './seat-layouts';
import { SeatLiveState } from './seat-live-state';
import { selectionGaps } from './seat-rules';
import type { SeatRef } from './seat-selection';
import { rowStatuses, saleSummary, statusRows } from './seat-state';
import { SeatStore, type SeatHold } from './seat-store.port';
import { SeatsRepository } from './seats.repository';
import type { SeatsStatusQuery } from './seats.queries';

/**
 * Reading how seats stand, never changing them: the seat map's status, a visitor's holds and timer, and the gaps a
 * finished selection would leave. The live feed (seat-feed.service.ts) starts from the same snapshot.
 */
@Injectable()
export class SeatStatusReader {
  constructor(
    private readonly store: SeatStore,
    private readonly layouts: SeatLayouts,
    private readonly live: SeatLiveState,
    private readonly repo: SeatsRepository,
    private readonly clock: Clock,
  ) {}

  /** A visitor's view of the presentation's seats; `null` is the public view (nobody's locks are "mine"). */
  async status(visitorId: string | null, q: SeatsStatusQuery): Promise<SeatsStatusResponse> {
    const layout = await this.layouts.get(q.presentationId);
    if (q.sectionId !== undefined && !layout.sections.has(q.sectionId)) throw new AppError('SECTION_NOT_FOUND');
    const { version, state } = await this.live.snapshot(layout);
    const rows = statusRows(
      layout,
      state,
      // A mini-site or the live domain sees the seats set aside for it; the public sees them blocked until released.
      {
        viewer: visitorId,
        isHold: q.isHold ?? false,
        publicAt: q.miniSiteUrl || q.domain ? undefined : this.clock.nowMs(),
      },
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
    const { state } = await this.live.snapshot(layout);
    const gaps: SeatRef[] = [];
    for (const r of rows) {
      const row = layout.rows[r]!;
      const codes = rowStatuses(row, state, { viewer: visitorId, isHold: false }, false);
      const xs = new Set(selectionGaps(row.seats.map((s, i) => ({ x: s.x, status: codes[i]!, features: s.features }))));
      for (const s of row.seats) if (xs.has(s.x)) gaps.push({ sectionId: s.sectionId, x: s.x, y: s.y });
    }
    return gaps;
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
