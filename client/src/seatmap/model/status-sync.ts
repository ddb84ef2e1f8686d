import {
  isSeatUnavailableCode,
  SeatStatus,
  ROW_SECTION,
  ROW_STATUS,
  ROW_X,
  ROW_Y,
  type SeatDeltaMessage,
  type SeatSnapshotMessage,
  type SeatStatusRow,
} from '@hotline/shared';
import { DirtySections } from './dirty';
import { restrictToAllocation } from '../../storefront-modes/channel';
import type { SeatStore } from './seat-store';

/**
 * Keeps the store's status array in step with the seat room.
 *
 * The server numbers every change; a delta carries the rows changed in
 * (fromVersion, toVersion]. Rows are absolute states, not increments, so:
 *  - a delta that starts exactly at our version applies cleanly;
 *  - a delta that ends at or before our version is stale (already seen) and is ignored;
 *  - a delta that starts AFTER our version means we missed changes: report a
 *    gap, the caller asks for a snapshot (SeatEvents.Resync) and keeps the old
 *    state until it arrives;
 *  - a delta that starts before our version but ends after it overlaps what we
 *    have; because rows are absolute, re-applying the already-seen part is a
 *    no-op, so it is applied rather than forcing a full resync.
 * Until the first snapshot every delta is a gap: with no baseline there is
 * nothing to apply it to.
 *
 * General-admission sections have no seats in the store; their rows name the
 * place the server picked, so we keep, per GA section, the set of places that
 * are taken and expose counts.
 */
export interface StatusSyncOptions {
  presentationId: number;
  /** How long a seat counts as "just taken by someone else" (flash highlight). Default 1500 ms. */
  flashMs?: number;
  /**
   * Status of seats a snapshot does not mention. Default Available, so a server
   * that only sends non-available rows still yields a correct map.
   */
  absentStatus?: number;
}

export interface ApplyOptions {
  /** Timestamp for the flash highlight (ms); default Date.now(). */
  now?: number;
  /** Seats this visitor holds: they must not flash as "taken by others". */
  isOwn?: (seatIndex: number) => boolean;
}

export type DeltaResult =
  | { applied: true; gap: false; version: number; changedIndices: number[]; changedGaSections: number[] }
  | { applied: false; gap: true; version: number; fromVersion: number }
  | { applied: false; gap: false; reason: 'stale' | 'other-presentation' };

export type SnapshotResult =
  | { applied: true; version: number; changedIndices: number[]; changedGaSections: number[] }
  | { applied: false; reason: 'stale' | 'other-presentation' };

/** Numbers per status row (SeatStatusRow). */
export const ROW_WIDTH = 7;

/** Counts as "taken" for a GA place: anything but available. */
const isGaTaken = (status: number) => status !== SeatStatus.Available;

export class StatusSync {
  /** Version of the state we hold; 0 = no snapshot yet. */
  version = 0;
  readonly presentationId: number;
  readonly flashMs: number;
  readonly absentStatus: number;
  /** Sections needing repaint because a status or GA count changed. Shared with selection if you like. */
  readonly dirty: DirtySections;
  /** When each seat last turned unavailable (ms); NaN when it is not flashing. */
  readonly takenAt: Float64Array;
  /** Taken GA places per section index (0 for reserved sections). */
  readonly gaTakenCount: Int32Array;
  /** Rows naming a seat or section this plan does not have (stale plan, bad data). */
  unknownRows = 0;

  private hasSnapshot = false;
  private readonly gaTakenPlaces = new Map<number, Set<string>>();
  /** Flash queue in time order: seat index and the time it was pushed. */
  private recentSeat: number[] = [];
  private recentTime: number[] = [];
  private recentHead = 0;

  constructor(
    private readonly store: SeatStore,
    options: StatusSyncOptions,
    dirty?: DirtySections,
  ) {
    this.presentationId = options.presentationId;
    this.flashMs = options.flashMs ?? 1500;
    this.absentStatus = options.absentStatus ?? SeatStatus.Available;
    this.dirty = dirty ?? new DirtySections(store.sections.length);
    this.takenAt = new Float64Array(store.count).fill(NaN);
    this.gaTakenCount = new Int32Array(store.sections.length);
    for (const section of store.sections) if (!section.isReserved) this.gaTakenPlaces.set(section.index, new Set());
  }

  applyDelta(msg: SeatDeltaMessage, opts: ApplyOptions = {}): DeltaResult {
    if (msg.presentationId !== this.presentationId) return { applied: false, gap: false, reason: 'other-presentation' };
    if (!this.hasSnapshot || msg.fromVersion > this.version) {
      return { applied: false, gap: true, version: this.version, fromVersion: msg.fromVersion };
    }
    if (msg.toVersion <= this.version) return { applied: false, gap: false, reason: 'stale' };

    const now = opts.now ?? Date.now();
    const changedIndices: number[] = [];
    const changedGa = new Set<number>();
    for (const row of msg.rows) this.applyRow(restrictToAllocation(row), now, opts.isOwn, changedIndices, changedGa);
    this.version = msg.toVersion;
    return { applied: true, gap: false, version: this.version, changedIndices, changedGaSections: [...changedGa] };
  }

  /** Replaces every status with the snapshot's. Older snapshots than the state we hold are ignored. */
  applySnapshot(msg: SeatSnapshotMessage, opts: ApplyOptions = {}): SnapshotResult {
    const rows = msg.rows;
    return this.applySnapshotFrom(msg.presentationId, msg.version, rows.length, (k, field) => rows[k]![field]!, opts);
  }

  /**
   * applySnapshot for rows already in one flat Int32Array, 7 numbers per row in
   * SeatStatusRow order — what a streaming parser of GET /api/seats/seats-status
   * produces without allocating an array per row (100k rows at a big venue).
   */
  applySnapshotFlat(
    presentationId: number,
    version: number,
    flat: Int32Array,
    opts: ApplyOptions = {},
  ): SnapshotResult {
    return this.applySnapshotFrom(
      presentationId,
      version,
      Math.floor(flat.length / ROW_WIDTH),
      (k, field) => flat[k * ROW_WIDTH + field]!,
      opts,
    );
  }

  private applySnapshotFrom(
    presentationId: number,
    version: number,
    n: number,
    at: (row: number, field: number) => number,
    opts: ApplyOptions,
  ): SnapshotResult {
    if (presentationId !== this.presentationId) return { applied: false, reason: 'other-presentation' };
    if (this.hasSnapshot && version < this.version) return { applied: false, reason: 'stale' };

    const now = opts.now ?? Date.now();
    const { status, count } = this.store;
    const previous = status.slice();
    status.fill(this.absentStatus);

    const gaBefore = this.gaTakenCount.slice();
    for (const places of this.gaTakenPlaces.values()) places.clear();
    this.gaTakenCount.fill(0);

    const changedGa = new Set<number>();
    // Rows come grouped by section: remember the last section's lookup.
    let lastId = NaN;
    let s: number | undefined;
    for (let k = 0; k < n; k++) {
      const id = at(k, ROW_SECTION);
      if (id !== lastId) {
        lastId = id;
        s = this.store.sectionIndexById.get(id);
      }
      if (s === undefined) {
        this.unknownRows++;
        continue;
      }
      if (!this.store.sections[s]!.isReserved) {
        this.applyGaPlace(s, at(k, ROW_X), at(k, ROW_Y), at(k, ROW_STATUS), changedGa);
        continue;
      }
      const i = this.store.sectionLookup[s]!.get(at(k, ROW_X), at(k, ROW_Y));
      if (i < 0) {
        this.unknownRows++;
        continue;
      }
      status[i] = at(k, ROW_STATUS);
    }

    const changedIndices: number[] = [];
    for (let i = 0; i < count; i++) {
      if (status[i] === previous[i]) continue;
      changedIndices.push(i);
      this.afterStatusChange(i, previous[i]!, status[i]!, now, opts.isOwn);
    }
    const changedGaSections: number[] = [];
    for (let g = 0; g < this.gaTakenCount.length; g++) {
      if (this.gaTakenCount[g] !== gaBefore[g]) {
        changedGaSections.push(g);
        this.dirty.mark(g);
      }
    }
    this.version = version;
    this.hasSnapshot = true;
    return { applied: true, version: this.version, changedIndices, changedGaSections };
  }

  /** Seats still inside their flash window at `now` (oldest first). Also drops expired entries. */
  recentlyTaken(now: number = Date.now()): number[] {
    const cutoff = now - this.flashMs;
    while (this.recentHead < this.recentSeat.length && this.recentTime[this.recentHead]! <= cutoff) {
      const i = this.recentSeat[this.recentHead]!;
      if (this.takenAt[i] === this.recentTime[this.recentHead]) this.takenAt[i] = NaN;
      this.recentHead++;
    }
    // Compact once the consumed prefix dominates, so the queue does not grow forever.
    if (this.recentHead > 1024 && this.recentHead * 2 > this.recentSeat.length) {
      this.recentSeat = this.recentSeat.slice(this.recentHead);
      this.recentTime = this.recentTime.slice(this.recentHead);
      this.recentHead = 0;
    }
    const out: number[] = [];
    for (let k = this.recentHead; k < this.recentSeat.length; k++) {
      const i = this.recentSeat[k]!;
      // Skip entries superseded by a later take or cancelled by a release.
      if (this.takenAt[i] === this.recentTime[k]) out.push(i);
    }
    return out;
  }

  /** Flash strength for seat i: 1 right after it was taken, fading linearly to 0. */
  flashAlpha(i: number, now: number = Date.now()): number {
    const t = this.takenAt[i]!;
    if (Number.isNaN(t)) return 0;
    const a = 1 - (now - t) / this.flashMs;
    return a > 0 ? (a > 1 ? 1 : a) : 0;
  }

  /** True once a snapshot has given us a baseline. */
  get synced(): boolean {
    return this.hasSnapshot;
  }

  gaTaken(sectionIndex: number): number {
    return this.gaTakenCount[sectionIndex] ?? 0;
  }

  /** Places left in a GA section (never negative); null for a reserved section or unknown capacity. */
  gaRemaining(sectionIndex: number): number | null {
    const section = this.store.sections[sectionIndex];
    if (!section || section.isReserved || section.capacity === null) return null;
    return Math.max(0, section.capacity - this.gaTaken(sectionIndex));
  }

  private applyRow(
    row: SeatStatusRow,
    now: number,
    isOwn: ApplyOptions['isOwn'],
    changed: number[],
    changedGa: Set<number>,
  ): void {
    const s = this.store.sectionIndexById.get(row[ROW_SECTION]);
    if (s === undefined) {
      this.unknownRows++;
      return;
    }
    if (!this.store.sections[s]!.isReserved) {
      if (this.applyGaRow(s, row, changedGa)) this.dirty.mark(s);
      return;
    }
    const i = this.store.sectionLookup[s]!.get(row[ROW_X], row[ROW_Y]);
    if (i < 0) {
      this.unknownRows++;
      return;
    }
    const before = this.store.status[i]!;
    const after = row[ROW_STATUS];
    if (before === after) return;
    this.store.status[i] = after;
    changed.push(i);
    this.afterStatusChange(i, before, after, now, isOwn);
  }

  /** Returns true when the section's taken count changed. */
  private applyGaRow(s: number, row: SeatStatusRow, changedGa: Set<number>): boolean {
    return this.applyGaPlace(s, row[ROW_X], row[ROW_Y], row[ROW_STATUS], changedGa);
  }

  private applyGaPlace(s: number, x: number, y: number, statusCode: number, changedGa: Set<number>): boolean {
    const places = this.gaTakenPlaces.get(s)!;
    const place = `${x}:${y}`;
    const had = places.has(place);
    const taken = isGaTaken(statusCode);
    if (had === taken) return false;
    if (taken) places.add(place);
    else places.delete(place);
    this.gaTakenCount[s] = places.size;
    changedGa.add(s);
    return true;
  }

  private afterStatusChange(i: number, before: number, after: number, now: number, isOwn: ApplyOptions['isOwn']): void {
    this.dirty.mark(this.store.sectionIndex[i]!);
    if (isSeatUnavailableCode(after) && !isSeatUnavailableCode(before) && !(isOwn && isOwn(i))) {
      this.takenAt[i] = now;
      this.recentSeat.push(i);
      this.recentTime.push(now);
    } else if (!isSeatUnavailableCode(after)) {
      this.takenAt[i] = NaN;
    }
  }
}
