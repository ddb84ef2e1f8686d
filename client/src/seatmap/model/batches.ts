import { SeatStatus } from '@hotline/shared';
import type { DirtySections } from './dirty';
import type { SeatStore } from './seat-store';

/**
 * Draw batches: per section, the seat indices grouped by paint class (fill
 * colour), so the renderer can draw every seat of one colour as ONE path
 * (one beginPath/fill per colour per section instead of one per seat — the
 * difference between ~20 and ~100,000 canvas state changes per frame).
 *
 * Memory is allocated once, at construction: `order` is a permutation of all
 * seat indices in which each section's slice [seatStart, seatEnd) is grouped by
 * class (a counting sort — O(seats in section), stable, so seats stay in row
 * order inside a run); runs live in fixed-size per-section slots. `update`
 * rebuilds only dirty sections and bumps their `sectionVersion`, which is what
 * a renderer keys its cached Konva shapes on. With nothing dirty, `update`
 * allocates nothing and touches nothing.
 */

/** Paint class of seat i: a small integer in [0, maxClasses). */
export type Classifier = (seatIndex: number) => number;

export interface SectionRuns {
  readonly sectionIndex: number;
  /** Number of valid runs (classes present in the section). */
  count: number;
  /** Run k: class cls[k], seats order[start[k] .. end[k]) — absolute offsets into `order`. */
  readonly cls: Uint16Array;
  readonly start: Int32Array;
  readonly end: Int32Array;
}

export class SeatBatches {
  /** Seat indices; each section's slice is grouped by class. */
  readonly order: Int32Array;
  /** Bumped whenever a section's runs are rebuilt. */
  readonly sectionVersion: Uint32Array;
  /** Per-section run views, allocated once and reused. */
  readonly sections: readonly SectionRuns[];
  private readonly cls: Uint16Array;
  private readonly counts: Int32Array;

  /**
   * With `deferBuild`, no section is grouped yet (every `count` is 0): the
   * caller marks sections dirty and `update`s them when it first needs them —
   * a renderer that draws a huge venue from bitmaps at first never pays for
   * grouping 100k seats on its first frame.
   */
  constructor(
    private readonly store: SeatStore,
    private readonly classify: Classifier,
    readonly maxClasses = 64,
    options: { deferBuild?: boolean } = {},
  ) {
    if (maxClasses < 1 || maxClasses > 65535) throw new RangeError('SeatBatches: maxClasses must be 1..65535');
    const sectionCount = store.sections.length;
    this.order = new Int32Array(store.count);
    this.cls = new Uint16Array(store.count);
    this.counts = new Int32Array(maxClasses);
    this.sectionVersion = new Uint32Array(sectionCount);
    const runCls = new Uint16Array(sectionCount * maxClasses);
    const runStart = new Int32Array(sectionCount * maxClasses);
    const runEnd = new Int32Array(sectionCount * maxClasses);
    const views: SectionRuns[] = [];
    for (let s = 0; s < sectionCount; s++) {
      const base = s * maxClasses;
      views.push({
        sectionIndex: s,
        count: 0,
        cls: runCls.subarray(base, base + maxClasses),
        start: runStart.subarray(base, base + maxClasses),
        end: runEnd.subarray(base, base + maxClasses),
      });
    }
    this.sections = views;
    if (!options.deferBuild) this.rebuildAll();
  }

  rebuildAll(): void {
    for (let s = 0; s < this.store.sections.length; s++) this.rebuildSection(s);
  }

  /** Rebuilds the sections marked in `dirty` and clears it. Returns how many were rebuilt. */
  update(dirty: DirtySections): number {
    const n = dirty.size;
    if (n === 0) return 0;
    dirty.drain((s) => this.rebuildSection(s));
    return n;
  }

  rebuildSection(s: number): void {
    const { seatStart, seatEnd } = this.store.sections[s]!;
    const K = this.maxClasses;
    const counts = this.counts;
    counts.fill(0);
    for (let i = seatStart; i < seatEnd; i++) {
      const c = this.classify(i);
      if (!(c >= 0 && c < K) || c !== (c | 0))
        throw new RangeError(`SeatBatches: class ${c} of seat ${i} is outside [0, ${K})`);
      this.cls[i] = c;
      counts[c]!++;
    }
    const runs = this.sections[s]!;
    let pos = seatStart;
    let r = 0;
    for (let c = 0; c < K; c++) {
      const n = counts[c]!;
      if (n === 0) continue;
      runs.cls[r] = c;
      runs.start[r] = pos;
      runs.end[r] = pos + n;
      counts[c] = pos; // becomes the write cursor for the scatter below
      pos += n;
      r++;
    }
    runs.count = r;
    for (let i = seatStart; i < seatEnd; i++) this.order[counts[this.cls[i]!]!++] = i;
    this.sectionVersion[s]!++;
  }

  /** Seats of run k of section s, as a view into `order` (allocates a view; prefer start/end in hot loops). */
  runSeats(s: number, k: number): Int32Array {
    const runs = this.sections[s]!;
    return this.order.subarray(runs.start[k]!, runs.end[k]!);
  }
}

/** Paint classes of the default classifier. Available seats get one class per price zone from AVAILABLE_BASE up. */
export const PaintClass = {
  Unavailable: 0,
  Selected: 1,
  OnHold: 2,
  AvailableBase: 3,
} as const;

/**
 * The usual colouring: selected (by this visitor) wins, then on hold, then
 * available coloured by price zone, everything else grey. Price zones are
 * numbered densely in ascending TicketGroupId order; zones beyond the class
 * budget share the last class. Returns the classifier and the ticket group of
 * each available class, for building the palette.
 */
export function statusClassifier(
  store: SeatStore,
  isSelected: (i: number) => boolean,
  maxClasses = 64,
): { classify: Classifier; zoneOfClass: Map<number, number> } {
  const zones = [...new Set(store.ticketGroup)].sort((a, b) => a - b);
  const classOfZone = new Map<number, number>();
  const zoneOfClass = new Map<number, number>();
  zones.forEach((tg, k) => {
    const c = Math.min(PaintClass.AvailableBase + k, maxClasses - 1);
    classOfZone.set(tg, c);
    if (!zoneOfClass.has(c)) zoneOfClass.set(c, tg);
  });
  const { status, ticketGroup } = store;
  const classify: Classifier = (i) => {
    if (isSelected(i)) return PaintClass.Selected;
    const st = status[i];
    if (st === SeatStatus.Available) return classOfZone.get(ticketGroup[i]!)!;
    if (st === SeatStatus.OnHold) return PaintClass.OnHold;
    return PaintClass.Unavailable;
  };
  return { classify, zoneOfClass };
}
