import { Injectable } from '@nestjs/common';
import type { BestAvailableMatchResult, BestAvailableResponse } from '@hotline/shared';
import { bestGaSections, inPartOfDay, jerusalemDayRangeUtc, type SetAsideTaker } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { isTogetherSeat, type Layout, type LayoutSeat, type LayoutSection } from './seat-layout';
import { SeatEngineService } from './seat-engine.service';
import { SeatFeed } from './seat-feed.service';
import { BestAvailableClaims, isClaimed } from './best-available-claims';
import { bestAvailable, groupSeatsIntoRows, type BestAvailableRow } from './seat-rules';
import { takerMayTake } from './seat-allocations';
import { isPolicy3, publicView, rowStatuses, type RawState } from './seat-state';
import type { BestAvailableQuery } from './seats.queries';
import { SeatsRepository } from './seats.repository';

/** Where a general-admission section ranks among reserved blocks (it has no position on the plan). */
const GA_CLOSENESS = 0.5;
/** Penalties that keep relaxed matches below strict ones in the score. */
const ORPHAN_PENALTY = 0.25;
const SPLIT_PENALTY = 0.5;
/** How many presentations one search may look at (a feature over a date range). */
const MAX_PRESENTATIONS = 20;
/** With isLock=1: searches (one lock attempt each) per request before NOT_ENOUGH_SEATS. */
const LOCK_ROUNDS = 5;
/** How long seats a best-available lock took (or lost) stay excluded from this node's searches. */
const CLAIM_HOLD_MS = 2_000;

interface SeatInput {
  seat: LayoutSeat;
  x: number;
  y: number;
  px: number;
  py: number;
  rowKey: string;
  available: boolean;
}

interface SectionInput {
  sectionId: number;
  seats: SeatInput[];
  /** The same seats grouped into rows, once per layout (only their `available` changes between searches). */
  rows: BestAvailableRow<SeatInput>[];
  /** Upper bound of any block's score in the section (from its seats' bounding box). */
  bestPossible: number;
  hasTogether: boolean;
}

interface Candidate {
  layout: Layout;
  seats: LayoutSeat[];
  score: number;
  /** A general-admission match: `quantity` places in this section (seats is empty). */
  ga?: { section: LayoutSection; placesLeft: number };
}

function jerusalemHour(date: Date): number {
  return Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Jerusalem', hour: '2-digit', hourCycle: 'h23' }).format(date),
  );
}

/**
 * Best-available: finds blocks with the shared rule (adjacent seats in one row,
 * no orphan, nearest the focal point; relaxing step by step, split over rows
 * last) on this node's live mirror of the hall, then - with isLock=1 - locks the
 * best match in one atomic script, falling back to the next match when another
 * buyer was faster.
 */
/** Who a search is for: a mini-site or the live domain sells the seats set aside for it, anyone else is the public. */
const takerOf = (q: { miniSiteUrl?: string; domain?: string }): SetAsideTaker =>
  q.miniSiteUrl?.trim() || q.domain?.trim() ? 'channel' : 'public';

@Injectable()
export class BestAvailableService {
  constructor(
    private readonly engine: SeatEngineService,
    private readonly feed: SeatFeed,
    private readonly repo: SeatsRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Seats this node is taking right now (a best-available lock in flight) or has
   * just taken or lost (kept until the mirror has surely heard of it). Searches
   * treat them as taken, and a search claims its first block in the same
   * synchronous step, so concurrent buyers on one node always go for different
   * blocks instead of all failing on the same best one. Purely an optimisation:
   * the lock script decides, and across nodes the fallback to the next block does.
   */
  private readonly claims = new BestAvailableClaims();

  /** `address`: the client's, when a public isLock=1 puts the lock under the per-address hold cap. */
  async find(visitorId: string, q: BestAvailableQuery, address?: string): Promise<BestAvailableResponse> {
    // A named presentation behind a queue: refused before any search, as before, lock or not. A search over a
    // feature or a venue is gated where it locks (engine.lockSeats / lockGaPlaces), for the candidate it picked.
    if (q.presentationId !== undefined) await this.engine.admit([q.presentationId]);
    const layouts = await this.presentations(q);
    if (q.sectionId !== undefined && !layouts.some((l) => l.sections.has(q.sectionId!)))
      throw new AppError('SECTION_NOT_FOUND');
    if (!q.isLock) {
      const candidates = await this.candidates(layouts, q, q.maxMatches, false);
      if (candidates.length === 0) throw new AppError('NOT_ENOUGH_SEATS');
      return { matches: candidates.map((c) => this.result(c)) };
    }
    for (let round = 0; round < LOCK_ROUNDS; round++) {
      // Each round searches again: the mirror has meanwhile seen the locks that beat us.
      const candidates = await this.candidates(layouts, q, q.maxMatches, true);
      const c = candidates[0];
      if (!c) break;
      const pid = c.layout.presentation.id;
      const keys = c.seats.map((s) => s.key);
      if (c.ga) {
        const g = await this.engine.lockGaPlaces(visitorId, c.layout, c.ga.section, q.quantity, address);
        if (g.ok) {
          const places = g.places.map((x) => ({
            sectionId: c.ga!.section.id,
            x,
            y: 0,
            RowName: '',
            SeatName: String(x),
          }));
          const locked: BestAvailableMatchResult = {
            ...this.result(c),
            seats: places,
            locked: true,
            expiresAt: new Date(g.earliestExpiryMs).toISOString(),
            timeInSeconds: Math.max(0, Math.floor((g.earliestExpiryMs - g.nowMs) / 1000)),
          };
          return { matches: [locked, ...candidates.slice(1, q.maxMatches).map((x) => this.result(x))] };
        }
        if (g.code === 'MAX_SEATS_EXCEEDED') {
          throw new AppError('MAX_SEATS_EXCEEDED', {
            maxSeats: Number(g.detail) || c.layout.presentation.maxSeatsPerOrder,
          });
        }
        continue;
      }
      let r;
      try {
        r = await this.engine.lockSeats(visitorId, c.layout, c.seats, address, takerOf(q));
      } catch (error) {
        this.claims.delete(pid, keys);
        throw error;
      }
      // Won or lost, these seats are taken now; the mirror will say so within milliseconds.
      const until = this.clock.nowMs() + CLAIM_HOLD_MS;
      this.claims.set(pid, keys, until);
      if (r.ok) {
        const locked: BestAvailableMatchResult = {
          ...this.result(c),
          locked: true,
          expiresAt: new Date(r.earliestExpiryMs).toISOString(),
          timeInSeconds: Math.max(0, Math.floor((r.earliestExpiryMs - r.nowMs) / 1000)),
        };
        const others = candidates
          .slice(1)
          .filter((x) => x.layout.presentation.id !== pid || !x.seats.some((s) => keys.includes(s.key)));
        return { matches: [locked, ...others.slice(0, q.maxMatches - 1).map((x) => this.result(x))] };
      }
      // A limit of the order itself will not go away by trying another block.
      if (r.code === 'MAX_SEATS_EXCEEDED') {
        throw new AppError('MAX_SEATS_EXCEEDED', {
          maxSeats: Number(r.detail) || c.layout.presentation.maxSeatsPerOrder,
        });
      }
    }
    throw new AppError('NOT_ENOUGH_SEATS');
  }

  /**
   * Ranked blocks over the presentations. Everything after the state reads is
   * synchronous, so with `claim` the best block is marked as being taken before
   * any other request on this node can search.
   */
  private async candidates(
    layouts: Layout[],
    q: BestAvailableQuery,
    max: number,
    claim: boolean,
  ): Promise<Candidate[]> {
    const states = await Promise.all(layouts.map((layout) => this.feed.publicState(layout.presentation.id)));
    const perPresentation = q.isBestPerPresentation ?? false;
    const now = this.clock.nowMs();
    const all: Candidate[] = [];
    layouts.forEach((layout, i) => {
      const reserved = this.search(layout, states[i]!.state, q, max, now);
      // GA places when asked for by price group or section, or when the hall has no reserved block to offer: a
      // request for seats keeps getting seats.
      const asked = q.sectionId !== undefined || q.ticketGroupId !== undefined;
      const found =
        asked || reserved.length === 0 ? [...reserved, ...this.searchGa(layout, states[i]!.state, q, max)] : reserved;
      found.sort((a, b) => b.score - a.score);
      all.push(...(perPresentation ? found.slice(0, 1) : found));
    });
    all.sort((a, b) => b.score - a.score);
    if (all.length > max) all.length = max;
    if (claim && all[0]) {
      this.claims.set(
        all[0].layout.presentation.id,
        all[0].seats.map((s) => s.key),
        Number.POSITIVE_INFINITY,
      );
    }
    this.claims.prune(now);
    return all;
  }

  private async presentations(q: BestAvailableQuery): Promise<Layout[]> {
    if (q.presentationId !== undefined) return [await this.engine.layout(q.presentationId)];
    const from = q.startDate ? new Date(jerusalemDayRangeUtc(q.startDate).startUtc) : new Date();
    const to = q.endDate ? new Date(jerusalemDayRangeUtc(q.endDate).endUtc) : undefined;
    let infos = await this.repo.searchPresentations({
      featureId: q.featureId,
      locationId: q.locationId,
      fromUtc: from,
      toUtc: to,
      limit: MAX_PRESENTATIONS,
    });
    if (q.partOfDay) {
      const part = q.partOfDay;
      infos = infos.filter((p) => inPartOfDay(jerusalemHour(p.dateTime), part));
    }
    return Promise.all(infos.map((p) => this.engine.layout(p.id)));
  }

  /**
   * Per layout and zone, the sections' seats as best-available inputs, built once:
   * the objects are reused by every search (only `available` is rewritten, inside
   * one synchronous search), so a search on a 15,000-seat arena allocates almost
   * nothing. Sections are ordered by the best score any block in them could reach.
   */
  private readonly inputs = new WeakMap<Layout, Map<number | 'all', SectionInput[]>>();

  private sectionInputs(layout: Layout, zone: number | undefined): SectionInput[] {
    let perZone = this.inputs.get(layout);
    if (!perZone) this.inputs.set(layout, (perZone = new Map()));
    const cacheKey = zone ?? 'all';
    let list = perZone.get(cacheKey);
    if (list) return list;
    const bySection = new Map<number, SectionInput>();
    for (const row of layout.rows) {
      for (const seat of row.seats) {
        if (zone !== undefined && seat.zoneId !== zone) continue;
        let input = bySection.get(seat.sectionId);
        if (!input)
          bySection.set(
            seat.sectionId,
            (input = { sectionId: seat.sectionId, seats: [], rows: [], bestPossible: -Infinity, hasTogether: false }),
          );
        input.seats.push({ seat, x: seat.x, y: seat.y, px: seat.px, py: seat.py, rowKey: row.key, available: false });
        if (isTogetherSeat(seat)) input.hasTogether = true;
      }
    }
    // A block's centre lies within the bounding box of its section's seat centres, so the
    // box's distance to the focal point bounds the best score any block there can get.
    const f = layout.focalPoint;
    for (const input of bySection.values()) {
      input.rows = groupSeatsIntoRows(input.seats);
      const xs = input.seats.map((s) => s.px);
      const ys = input.seats.map((s) => s.py);
      const dx = Math.max(Math.min(...xs) - f.x, 0, f.x - Math.max(...xs));
      const dy = Math.max(Math.min(...ys) - f.y, 0, f.y - Math.max(...ys));
      input.bestPossible = 1 - Math.hypot(dx, dy) / layout.planDiagonal;
    }
    list = [...bySection.values()].sort((a, b) => b.bestPossible - a.bestPossible);
    perZone.set(cacheKey, list);
    return list;
  }

  private search(layout: Layout, state: RawState, q: BestAvailableQuery, max: number, now: number): Candidate[] {
    const p = layout.presentation;
    if (p.soldout) return [];
    const zone = q.ticketGroupId !== undefined ? layout.zoneOfTicketGroup.get(q.ticketGroupId) : undefined;
    if (q.ticketGroupId !== undefined && zone === undefined) return [];
    const policy3 = isPolicy3(layout);
    const claims = this.claims.of(p.id);
    // A channel's search may offer the seats set aside for it; the public's never (shared keptFromTaker).
    const taker = takerOf(q);
    const view = taker === 'public' ? publicView(now) : { viewer: null, isHold: false };
    const out: Candidate[] = [];
    for (const section of this.sectionInputs(layout, zone)) {
      if (q.sectionId !== undefined && section.sectionId !== q.sectionId) continue;
      // No block here can beat the ones already found: the rest of the hall is further away.
      if (out.length >= max && out[max - 1]!.score >= section.bestPossible) break;
      let free = 0;
      if (policy3) {
        // Policy 3 needs whole rows; statuses come row by row from the layout.
        const codes = new Map<string, number>();
        for (const rowIndex of new Set(section.seats.map((s) => s.seat.row))) {
          const row = layout.rows[rowIndex]!;
          rowStatuses(row, state, view, true).forEach((c, i) => codes.set(row.seats[i]!.key, c));
        }
        for (const s of section.seats) {
          s.available = codes.get(s.seat.key) === 1 && !isClaimed(claims, s.seat.key, now);
          if (s.available) free++;
        }
      } else {
        for (const s of section.seats) {
          s.available =
            takerMayTake(s.seat, taker, now) && !state.has(s.seat.key) && !isClaimed(claims, s.seat.key, now);
          if (s.available) free++;
        }
      }
      if (free < q.quantity) continue;
      for (const match of bestAvailable({
        seats: section.seats,
        rows: section.rows,
        focalPoint: layout.focalPoint,
        quantity: q.quantity,
        maxMatches: max,
      })) {
        // A couch or bed is never split by best-available: skip blocks that take part of one.
        if (section.hasTogether && match.seats.some((s) => isTogetherSeat(s.seat))) continue;
        const score =
          1 -
          match.distance / layout.planDiagonal -
          (match.leavesOrphan ? ORPHAN_PENALTY : 0) -
          (match.splitAcrossRows ? SPLIT_PENALTY : 0);
        out.push({ layout, seats: match.seats.map((s) => s.seat), score: Math.round(score * 10_000) / 10_000 });
      }
      out.sort((a, b) => b.score - a.score);
      if (out.length > max) out.length = max;
    }
    return out;
  }

  private result(c: Candidate): BestAvailableMatchResult {
    return {
      presentationId: c.layout.presentation.id,
      seats: c.seats.map((s) => ({ sectionId: s.sectionId, x: s.x, y: s.y, RowName: s.rowName, SeatName: s.seatName })),
      score: c.score,
      ...(c.ga ? { generalAdmission: { sectionId: c.ga.section.id, placesLeft: c.ga.placesLeft } } : {}),
    };
  }

  /**
   * General admission (the shared rule bestGaSections): sections on sale, of the asked ticket group / section,
   * with `quantity` places left on this node's mirror. A GA section has no position on our plan, so it ranks as
   * a block half-way across the hall (GA_CLOSENESS): behind the good reserved blocks, ahead of the poor ones.
   */
  private searchGa(layout: Layout, state: RawState, q: BestAvailableQuery, max: number): Candidate[] {
    if (layout.presentation.soldout) return [];
    const zone = q.ticketGroupId !== undefined ? layout.zoneOfTicketGroup.get(q.ticketGroupId) : undefined;
    if (q.ticketGroupId !== undefined && zone === undefined) return [];
    const sections = [...layout.sections.values()].filter(
      (s) =>
        !s.isReserved &&
        s.ticketGroupId !== 0 &&
        (zone === undefined || s.zoneId === zone) &&
        (q.sectionId === undefined || s.id === q.sectionId),
    );
    if (sections.length === 0) return [];
    const taken = new Map<number, number>(sections.map((s) => [s.id, 0]));
    for (const key of state.keys()) {
      const id = Number(key.slice(0, key.indexOf(':')));
      const n = taken.get(id);
      if (n !== undefined) taken.set(id, n + 1);
    }
    const byId = new Map(sections.map((s) => [s.id, s]));
    return bestGaSections(
      sections.map((s) => ({
        sectionId: s.id,
        capacity: s.capacity,
        taken: taken.get(s.id)!,
        closeness: GA_CLOSENESS,
      })),
      q.quantity,
      max,
    ).map((m) => ({
      layout,
      seats: [],
      score: m.score,
      ga: { section: byId.get(m.sectionId)!, placesLeft: m.placesLeft },
    }));
  }
}
