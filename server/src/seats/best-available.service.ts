import { Injectable } from '@nestjs/common';
import type { BestAvailableMatchResult, BestAvailableResponse } from '@hotline/shared';
import { jerusalemDayRangeUtc } from '@hotline/shared';
import { AppError } from '../common/app-error';
import type { Layout, LayoutSeat } from './seat-layout';
import { SeatEngineService } from './seat-engine.service';
import { SeatFeed } from './seat-feed.service';
import { bestAvailable, type BestAvailableMatch } from './seat-rules';
import { isPolicy3, PUBLIC_VIEW, rowStatuses, type RawState } from './seat-state';
import type { BestAvailableQuery } from './seats.queries';
import { SeatsRepository } from './seats.repository';

/** Penalties that keep relaxed matches below strict ones in the score. */
const ORPHAN_PENALTY = 0.25;
const SPLIT_PENALTY = 0.5;
/** How many presentations one search may look at (a feature over a date range). */
const MAX_PRESENTATIONS = 20;

const PART_OF_DAY_HOURS: Record<string, [number, number]> = {
  morning: [5, 12],
  afternoon: [12, 17],
  evening: [17, 21],
  night: [21, 29],
};

interface Candidate {
  layout: Layout;
  match: BestAvailableMatch<LayoutSeat & { available: boolean; rowKey: string }>;
  score: number;
}

function jerusalemHour(date: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jerusalem', hour: '2-digit', hourCycle: 'h23' }).format(date));
}

/**
 * Best-available: finds blocks with the shared rule (adjacent seats in one row,
 * no orphan, nearest the focal point; relaxing step by step, split over rows
 * last) on this node's live mirror of the hall, then - with isLock=1 - locks the
 * best match in one atomic script, falling back to the next match when another
 * buyer was faster.
 */
@Injectable()
export class BestAvailableService {
  constructor(
    private readonly engine: SeatEngineService,
    private readonly feed: SeatFeed,
    private readonly repo: SeatsRepository,
  ) {}

  async find(visitorId: string, q: BestAvailableQuery): Promise<BestAvailableResponse> {
    const layouts = await this.presentations(q);
    const perPresentation = q.isBestPerPresentation ?? false;
    let candidates: Candidate[] = [];
    for (const layout of layouts) {
      const { state } = await this.feed.publicState(layout.presentation.id);
      const found = this.search(layout, state, q);
      candidates.push(...(perPresentation ? found.slice(0, 1) : found));
    }
    candidates.sort((a, b) => b.score - a.score);
    candidates = candidates.slice(0, q.maxMatches);
    if (!q.isLock) {
      if (candidates.length === 0) throw new AppError('NOT_ENOUGH_SEATS');
      return { matches: candidates.map((c) => this.result(c)) };
    }
    for (const [i, c] of candidates.entries()) {
      const r = await this.engine.lockSeats(visitorId, c.layout, c.match.seats);
      if (r.ok) {
        const locked: BestAvailableMatchResult = {
          ...this.result(c),
          locked: true,
          expiresAt: new Date(r.earliestExpiryMs).toISOString(),
          timeInSeconds: Math.max(0, Math.floor((r.earliestExpiryMs - r.nowMs) / 1000)),
        };
        return { matches: [locked, ...candidates.slice(i + 1).map((x) => this.result(x))] };
      }
      // A limit of the order itself will not go away by trying another block.
      if (r.code === 'MAX_SEATS_EXCEEDED') {
        throw new AppError('MAX_SEATS_EXCEEDED', { maxSeats: Number(r.detail) || c.layout.presentation.maxSeatsPerOrder });
      }
    }
    throw new AppError('NOT_ENOUGH_SEATS');
  }

  private async presentations(q: BestAvailableQuery): Promise<Layout[]> {
    if (q.presentationId !== undefined) return [await this.engine.layout(q.presentationId)];
    const from = q.startDate ? new Date(jerusalemDayRangeUtc(q.startDate).startUtc) : new Date();
    const to = q.endDate ? new Date(jerusalemDayRangeUtc(q.endDate).endUtc) : undefined;
    let infos = await this.repo.searchPresentations({ featureId: q.featureId, locationId: q.locationId, fromUtc: from, toUtc: to, limit: MAX_PRESENTATIONS });
    if (q.partOfDay) {
      const [start, end] = PART_OF_DAY_HOURS[q.partOfDay]!;
      infos = infos.filter((p) => {
        const h = jerusalemHour(p.dateTime);
        return (h >= start && h < end) || (h + 24 >= start && h + 24 < end);
      });
    }
    return Promise.all(infos.map((p) => this.engine.layout(p.id)));
  }

  private search(layout: Layout, state: RawState, q: BestAvailableQuery): Candidate[] {
    const p = layout.presentation;
    if (p.soldout) return [];
    const zone = q.ticketGroupId !== undefined ? layout.zoneOfTicketGroup.get(q.ticketGroupId) : undefined;
    if (q.ticketGroupId !== undefined && zone === undefined) return [];
    const policy3 = isPolicy3(layout);
    const bySection = new Map<number, (LayoutSeat & { available: boolean; rowKey: string })[]>();
    for (const row of layout.rows) {
      const codes = rowStatuses(row, state, PUBLIC_VIEW, policy3);
      row.seats.forEach((seat, i) => {
        if (zone !== undefined && seat.zoneId !== zone) return;
        let list = bySection.get(seat.sectionId);
        if (!list) bySection.set(seat.sectionId, (list = []));
        list.push({ ...seat, available: codes[i] === 1, rowKey: row.key });
      });
    }
    const out: Candidate[] = [];
    for (const seats of bySection.values()) {
      for (const match of bestAvailable({ seats, focalPoint: layout.focalPoint, quantity: q.quantity, maxMatches: q.maxMatches })) {
        // A couch or bed is never split by best-available: skip blocks that take part of one.
        if (match.seats.some((s) => s.togetherId !== null && s.features.some((f) => f === 1 || f === 4))) continue;
        const score = 1 - match.distance / layout.planDiagonal - (match.leavesOrphan ? ORPHAN_PENALTY : 0) - (match.splitAcrossRows ? SPLIT_PENALTY : 0);
        out.push({ layout, match, score: Math.round(score * 10_000) / 10_000 });
      }
    }
    return out.sort((a, b) => b.score - a.score).slice(0, q.maxMatches);
  }

  private result(c: Candidate): BestAvailableMatchResult {
    return {
      presentationId: c.layout.presentation.id,
      seats: c.match.seats.map((s) => ({ sectionId: s.sectionId, x: s.x, y: s.y, RowName: s.rowName, SeatName: s.seatName })),
      score: c.score,
    };
  }
}
