import { maxSeatsExceeded } from '@hotline/shared';
import { DirtySections } from './dirty';
import type { SeatStore } from './seat-store';
import { soldTogetherUnit } from './sold-together';

/**
 * The visitor's seat selection (before and while locks are taken).
 *
 * Seats sold together (couch, bed: same togetherId in a section) are one unit, by the seat engine's own rule
 * (`soldTogetherUnit`): selecting or deselecting any member does the whole unit, and a unit is only selected if every
 * member passes `canSelect` — half a couch is not sellable. The per-order maximum is the server's rule too
 * (`maxSeatsExceeded` over everything this visitor holds on the presentation, standing places included).
 *
 * State is a flag array (what the batcher reads per seat, O(1)) plus an
 * insertion-ordered Set (what the cart/basket lists, in click order).
 */
export interface SelectionOptions {
  /** Sections to mark for repaint on every change (share the status-sync one). */
  dirty?: DirtySections;
  /** Whether a seat may be selected (e.g. it is available and its ticket group is on sale). Default: any seat. */
  canSelect?: (seatIndex: number) => boolean;
  /** Maximum number of selected seats (couch members count individually). Default: unlimited. */
  maxSeats?: number;
  /**
   * Places held on the same presentation outside this selection (standing areas): the lock counts every place the
   * visitor holds against the maximum. Default: none.
   */
  heldElsewhere?: () => number;
}

export type SelectResult =
  { ok: true; seats: number[] } | { ok: false; reason: 'not-selectable' | 'limit'; seats: number[] };

export class SeatSelection {
  /** 1 when the seat is selected. */
  readonly flags: Uint8Array;
  readonly dirty: DirtySections;
  /** Bumped on every change, so views can memoise on it. */
  version = 0;
  private readonly order = new Set<number>();
  private readonly canSelect: (i: number) => boolean;
  private readonly heldElsewhere: () => number;
  private maxSeats: number;

  constructor(
    private readonly store: SeatStore,
    options: SelectionOptions = {},
  ) {
    this.flags = new Uint8Array(store.count);
    this.dirty = options.dirty ?? new DirtySections(store.sections.length);
    this.canSelect = options.canSelect ?? (() => true);
    this.maxSeats = options.maxSeats ?? Infinity;
    this.heldElsewhere = options.heldElsewhere ?? (() => 0);
  }

  /** A new cap (the box office's staff limit once the staff session is known); seats already selected stay. */
  setMaxSeats(max: number): void {
    this.maxSeats = max > 0 ? max : Infinity;
  }

  get size(): number {
    return this.order.size;
  }

  has(i: number): boolean {
    return this.flags[i] === 1;
  }

  /** Selected seats in the order they were selected. */
  indices(): number[] {
    return [...this.order];
  }

  /** The unit seat i belongs to: its couch/bed, or itself. */
  unitOf(i: number): number[] {
    return soldTogetherUnit(this.store, i);
  }

  /** Adding `adding` seats goes over the order's maximum, counted as the lock counts. */
  exceedsLimit(adding: number): boolean {
    if (this.maxSeats === Infinity) return false;
    return maxSeatsExceeded(this.order.size + this.heldElsewhere(), adding, this.maxSeats);
  }

  /** Selects seat i and its together-unit. All-or-nothing. */
  select(i: number): SelectResult {
    const unit = this.unitOf(i);
    const fresh = unit.filter((j) => !this.has(j));
    if (fresh.length === 0) return { ok: true, seats: [] };
    if (!unit.every((j) => this.has(j) || this.canSelect(j))) return { ok: false, reason: 'not-selectable', seats: [] };
    if (this.exceedsLimit(fresh.length)) return { ok: false, reason: 'limit', seats: [] };
    for (const j of fresh) this.set(j, true);
    this.version++;
    return { ok: true, seats: fresh };
  }

  /** Deselects seat i and its together-unit; returns the seats removed. */
  deselect(i: number): number[] {
    const removed = this.unitOf(i).filter((j) => this.has(j));
    for (const j of removed) this.set(j, false);
    if (removed.length) this.version++;
    return removed;
  }

  toggle(i: number): SelectResult & { selected: boolean } {
    if (this.has(i)) return { ok: true, seats: this.deselect(i), selected: false };
    const r = this.select(i);
    return { ...r, selected: r.ok };
  }

  /**
   * Adds many seats (rubber band). Units that are not fully selectable are
   * skipped; stops at maxSeats. Returns the seats added.
   */
  selectMany(indices: Iterable<number>): number[] {
    const added: number[] = [];
    for (const i of indices) {
      if (this.has(i)) continue;
      const r = this.select(i);
      if (r.ok) added.push(...r.seats);
      else if (r.reason === 'limit') break;
    }
    return added;
  }

  /**
   * Drops selected seats that may no longer be selected (e.g. someone else
   * took them before our lock); returns the seats removed.
   */
  prune(stillSelectable: (i: number) => boolean = this.canSelect): number[] {
    const removed: number[] = [];
    for (const i of [...this.order]) if (this.has(i) && !stillSelectable(i)) removed.push(...this.deselect(i));
    return removed;
  }

  clear(): number[] {
    const removed = [...this.order];
    for (const j of removed) this.set(j, false);
    if (removed.length) this.version++;
    return removed;
  }

  private set(i: number, on: boolean): void {
    this.flags[i] = on ? 1 : 0;
    if (on) this.order.add(i);
    else this.order.delete(i);
    this.dirty.mark(this.store.sectionIndex[i]!);
  }
}
