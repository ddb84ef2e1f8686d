import { NO_ALLOCATION, SeatStatus, type SeatStatusRow } from '@hotline/shared';
import type { Layout, LayoutRow, LayoutSeat, LayoutSection } from './seat-layout';
import { parseSeatKey } from './seat-layout';
import { takerMayTake } from './seat-allocations';
import { isPresentationSoldOut, isSectionSoldOut, singleSeatBlocking, takenRatio } from './seat-rules';

/**
 * Pure translation of the raw Redis state (seat key -> 's' | 'b' | 'h' | 'l|owner|...')
 * into the storefront's seat-status rows, for one viewer.
 */

/** Who is looking: a visitor (their locks show as 2) or the shared room (null: never 2). */
export interface StatusView {
  viewer: string | null;
  /** Hold mode: held-back seats show as 3 ("on hold") instead of blocked. */
  isHold: boolean;
  /**
   * The public's view at this instant (ms): a seat set aside for a channel shows blocked until its release
   * (shared keptFromTaker, as the lock and the commit refuse it). Absent: a channel's view, which sells such seats.
   */
  publicAt?: number;
}

/** The shared room as the public sees it at `nowMs` (socket deltas and snapshots are the public view). */
export const publicView = (nowMs: number): StatusView => ({ viewer: null, isHold: false, publicAt: nowMs });

/** Whether the viewer may be offered the seat at all (priced, and not set aside against this viewer). */
function offered(seat: LayoutSeat, view: StatusView): boolean {
  return view.publicAt === undefined ? seat.sellable : takerMayTake(seat, 'public', view.publicAt);
}

/** The one-letter state the change log carries ('a' available, 'l', 's', 'b', 'h'). */
export function stateLetter(raw: string | undefined): string {
  if (raw === undefined) return 'a';
  return raw.startsWith('l|') ? 'l' : raw;
}

export function lockOwnerOf(raw: string | undefined): string | null {
  if (!raw || !raw.startsWith('l|')) return null;
  const end = raw.indexOf('|', 2);
  return end < 0 ? raw.slice(2) : raw.slice(2, end);
}

/** Status code of one place before the row rules (single-seat blocking) apply. */
export function baseStatus(raw: string | undefined, sellable: boolean, view: StatusView): number {
  if (raw === 's') return SeatStatus.Sold;
  if (!sellable) return SeatStatus.Blocked;
  if (raw === undefined || raw === 'a') return SeatStatus.Available;
  if (raw === 'b') return SeatStatus.Blocked;
  if (raw === 'h') return view.isHold ? SeatStatus.OnHold : SeatStatus.Blocked;
  if (raw === 'l') return SeatStatus.LockedByOther;
  const owner = lockOwnerOf(raw);
  if (owner !== null) return owner === view.viewer ? SeatStatus.Selected : SeatStatus.LockedByOther;
  return SeatStatus.Blocked;
}

export type RawState = ReadonlyMap<string, string>;

/** Effective status codes of one row, single-seat blocking applied when the presentation uses policy 3. */
export function rowStatuses(row: LayoutRow, raw: RawState, view: StatusView, policy3: boolean): number[] {
  const codes = row.seats.map((s) => baseStatus(raw.get(s.key), offered(s, view), view));
  if (policy3) {
    const blocked = new Set(
      singleSeatBlocking(row.seats.map((s, i) => ({ x: s.x, status: codes[i]!, features: s.features }))),
    );
    if (blocked.size)
      row.seats.forEach((s, i) => {
        if (blocked.has(s.x)) codes[i] = SeatStatus.SingleSeatBlocked;
      });
  }
  return codes;
}

export function seatRow(seat: LayoutSeat, status: number): SeatStatusRow {
  return [seat.sectionId, seat.groupId, seat.x, seat.y, seat.allocationId ?? NO_ALLOCATION, seat.ticketGroupId, status];
}

export function gaRow(section: LayoutSection, place: number, status: number): SeatStatusRow {
  return [
    section.id,
    section.groupId,
    place,
    0,
    section.allocations?.get(place) ?? NO_ALLOCATION,
    section.ticketGroupId,
    status,
  ];
}

export function isPolicy3(layout: Layout): boolean {
  return layout.presentation.seatingPolicyId === 3;
}

export interface RowFilter {
  /** true: reserved sections only; false: GA only; undefined: both. */
  reserved?: boolean;
  sectionId?: number;
}

/** Every place's status row (reserved seats, then GA places 1..capacity). */
export function statusRows(layout: Layout, raw: RawState, view: StatusView, filter: RowFilter = {}): SeatStatusRow[] {
  const out: SeatStatusRow[] = [];
  const policy3 = isPolicy3(layout);
  if (filter.reserved !== false) {
    for (const row of layout.rows) {
      if (filter.sectionId !== undefined && row.sectionId !== filter.sectionId) continue;
      const codes = rowStatuses(row, raw, view, policy3);
      row.seats.forEach((s, i) => out.push(seatRow(s, codes[i]!)));
    }
  }
  if (filter.reserved !== true) {
    for (const section of layout.sections.values()) {
      if (section.isReserved) continue;
      if (filter.sectionId !== undefined && section.id !== filter.sectionId) continue;
      const sellable = section.ticketGroupId !== 0;
      for (let p = 1; p <= section.capacity; p++) {
        out.push(gaRow(section, p, baseStatus(raw.get(`${section.id}:${p}:0`), sellable, view)));
      }
    }
  }
  return out;
}

/**
 * Rows for the places a change touched, as the shared room (the public) sees them at `nowMs`.
 * Under policy 3 a change can block or free its neighbours, so the whole row of
 * a touched seat is re-sent (rows are short; this keeps deltas self-healing).
 */
export function touchedRows(layout: Layout, raw: RawState, keys: Iterable<string>, nowMs: number): SeatStatusRow[] {
  const policy3 = isPolicy3(layout);
  const view = publicView(nowMs);
  const out: SeatStatusRow[] = [];
  const doneRows = new Set<number>();
  const doneKeys = new Set<string>();
  for (const key of keys) {
    if (doneKeys.has(key)) continue;
    doneKeys.add(key);
    const seat = layout.seats.get(key);
    if (seat) {
      if (policy3) {
        if (doneRows.has(seat.row)) continue;
        doneRows.add(seat.row);
        const row = layout.rows[seat.row]!;
        const codes = rowStatuses(row, raw, view, true);
        row.seats.forEach((s, i) => {
          doneKeys.add(s.key);
          out.push(seatRow(s, codes[i]!));
        });
      } else {
        out.push(seatRow(seat, baseStatus(raw.get(key), offered(seat, view), view)));
      }
      continue;
    }
    const parsed = parseSeatKey(key);
    const section = parsed ? layout.sections.get(parsed.sectionId) : undefined;
    if (parsed && section && !section.isReserved && parsed.x >= 1 && parsed.x <= section.capacity) {
      out.push(gaRow(section, parsed.x, baseStatus(raw.get(key), section.ticketGroupId !== 0, view)));
    }
  }
  return out;
}

export interface SaleSummary {
  soldout: boolean;
  takenRatio: number;
  /** Sections with nothing left (GA full, or every seat taken / no seats at all). */
  soldOutSections: number[];
}

/**
 * Sold out as storefront-spec.md section 4 defines it, from the rows the visitor
 * was just given. A place counts as taken unless it is available to this viewer
 * (1) or theirs (2) or on hold for them (3). In mini-site / live-domain mode the
 * allocation rule counts available seats that carry an AllocationId
 * (seat_allocation, seat-allocations.ts).
 */
export function saleSummary(
  layout: Layout,
  rows: SeatStatusRow[],
  mode: { miniSiteOrLiveDomain: boolean },
): SaleSummary {
  let taken = 0;
  let availableWithAllocation = 0;
  const perSection = new Map<number, { total: number; available: number }>();
  for (const s of layout.sections.values()) perSection.set(s.id, { total: 0, available: 0 });
  for (const r of rows) {
    const status = r[6];
    const free = status === SeatStatus.Available || status === SeatStatus.Selected || status === SeatStatus.OnHold;
    if (!free) taken++;
    if (status === SeatStatus.Available && r[4] !== NO_ALLOCATION) availableWithAllocation++;
    const s = perSection.get(r[0]);
    if (s) {
      s.total++;
      if (status === SeatStatus.Available) s.available++;
    }
  }
  const soldOutSections: number[] = [];
  for (const [id, s] of perSection) if (isSectionSoldOut(s.total, s.available)) soldOutSections.push(id);
  return {
    soldout: isPresentationSoldOut({
      soldoutFlag: layout.presentation.soldout,
      miniSiteOrLiveDomain: mode.miniSiteOrLiveDomain,
      availableWithAllocation,
    }),
    takenRatio: takenRatio(taken, rows.length),
    soldOutSections,
  };
}

/** "12 1763700000000001 12:5:3=l;12:6:3=l" -> parts; '*' = the presentation was (re)initialised. */
export interface ChangeMessage {
  presentationId: number;
  version: number;
  /** null for a reset. */
  changes: [key: string, letter: string][] | null;
}

export function parseChangeMessage(message: string): ChangeMessage | null {
  const a = message.indexOf(' ');
  const b = message.indexOf(' ', a + 1);
  if (a < 0 || b < 0) return null;
  const presentationId = Number(message.slice(0, a));
  const version = Number(message.slice(a + 1, b));
  if (!Number.isSafeInteger(presentationId) || !Number.isSafeInteger(version)) return null;
  const body = message.slice(b + 1);
  return { presentationId, version, changes: body === '*' ? null : parseChanges(body) };
}

export function parseChanges(body: string): [string, string][] {
  if (body === '') return [];
  return body.split(';').map((c) => {
    const eq = c.indexOf('=');
    return [c.slice(0, eq), c.slice(eq + 1)] as [string, string];
  });
}
