import { describe, expect, it } from '@jest/globals';
import { SeatStatus } from '@hotline/shared';
import { PaintClass, SeatBatches, statusClassifier } from '../batches';
import { DirtySections } from '../dirty';
import { buildSeatStore, seatIndexOf, type SeatStore } from '../seat-store';
import { SeatSelection } from '../selection';
import { gridSection, plan } from './fixtures';

const makeStore = () =>
  buildSeatStore(
    plan([
      gridSection({ id: 1, x: 0, y: 0, rows: 2, cols: 4, ticketGroupId: (r) => 10 + r }), // row 1 zone 10, row 2 zone 11
      gridSection({ id: 2, x: 100, y: 0, rows: 1, cols: 3, ticketGroupId: 12 }),
    ]),
  );

/** Runs of section s as { class: sorted seat coords }. */
function runsOf(store: SeatStore, batches: SeatBatches, s: number): Record<number, string[]> {
  const out: Record<number, string[]> = {};
  const runs = batches.sections[s]!;
  for (let k = 0; k < runs.count; k++) {
    out[runs.cls[k]!] = Array.from(batches.runSeats(s, k)).map((i) => `${store.coordX[i]},${store.coordY[i]}`);
  }
  return out;
}

describe('SeatBatches', () => {
  it('groups every seat of a section by paint class, each seat exactly once', () => {
    const store = makeStore();
    store.status.fill(SeatStatus.Available);
    store.status[seatIndexOf(store, 1, 2, 1)] = SeatStatus.Sold;
    store.status[seatIndexOf(store, 1, 3, 2)] = SeatStatus.OnHold;
    const selection = new SeatSelection(store);
    selection.select(seatIndexOf(store, 1, 4, 2));
    const { classify, zoneOfClass } = statusClassifier(store, (i) => selection.has(i));
    const batches = new SeatBatches(store, classify);

    expect(runsOf(store, batches, 0)).toEqual({
      [PaintClass.Unavailable]: ['2,1'],
      [PaintClass.Selected]: ['4,2'],
      [PaintClass.OnHold]: ['3,2'],
      [PaintClass.AvailableBase]: ['1,1', '3,1', '4,1'], // zone 10, in row order
      [PaintClass.AvailableBase + 1]: ['1,2', '2,2'], // zone 11
    });
    expect(runsOf(store, batches, 1)).toEqual({ [PaintClass.AvailableBase + 2]: ['1,1', '2,1', '3,1'] });
    expect([...zoneOfClass]).toEqual([
      [3, 10],
      [4, 11],
      [5, 12],
    ]);
    // order is a permutation of all seats, and each section's slice stays inside the section.
    expect([...batches.order].sort((a, b) => a - b)).toEqual([...Array(store.count).keys()]);
    for (const section of store.sections) {
      for (let k = section.seatStart; k < section.seatEnd; k++)
        expect(store.sectionIndex[batches.order[k]!]).toBe(section.index);
    }
  });

  it('rebuilds only dirty sections, bumps their version, and reuses its arrays', () => {
    const store = makeStore();
    store.status.fill(SeatStatus.Available);
    const dirty = new DirtySections(store.sections.length);
    const selection = new SeatSelection(store, { dirty });
    const { classify } = statusClassifier(store, (i) => selection.has(i));
    const batches = new SeatBatches(store, classify);
    const order = batches.order;
    const runViews = batches.sections.map((r) => r.cls);
    const versions = Array.from(batches.sectionVersion);

    expect(batches.update(dirty)).toBe(0); // nothing changed: nothing rebuilt
    expect(Array.from(batches.sectionVersion)).toEqual(versions);

    selection.select(seatIndexOf(store, 2, 2, 1));
    expect(batches.update(dirty)).toBe(1);
    expect(Array.from(batches.sectionVersion)).toEqual([versions[0], versions[1]! + 1]);
    expect(runsOf(store, batches, 1)[PaintClass.Selected]).toEqual(['2,1']);
    expect(dirty.size).toBe(0);
    expect(batches.order).toBe(order);
    expect(batches.sections.map((r) => r.cls)).toEqual(runViews);
    batches.sections.forEach((r, s) => expect(r.cls).toBe(runViews[s]));
  });

  it('rejects a classifier that leaves the class budget', () => {
    const store = makeStore();
    expect(() => new SeatBatches(store, () => 8, 8)).toThrow(RangeError);
    expect(() => new SeatBatches(store, () => 1.5, 8)).toThrow(RangeError);
  });
});

describe('DirtySections', () => {
  it('dedupes, drains in marking order and lets a drain callback re-mark for next time', () => {
    const d = new DirtySections(5);
    d.mark(3);
    d.mark(1);
    d.mark(3);
    d.mark(7); // out of range: ignored
    expect(Array.from(d.peek())).toEqual([3, 1]);
    const seen: number[] = [];
    d.drain((s) => {
      seen.push(s);
      if (s === 1) d.mark(1);
    });
    expect(seen).toEqual([3, 1]);
    expect(d.take()).toEqual([1]);
    d.markAll();
    expect(d.size).toBe(5);
  });
});

describe('SeatBatches, deferred', () => {
  it('can defer grouping until the sections are updated', () => {
    const store = makeStore();
    store.status.fill(SeatStatus.Available);
    const { classify } = statusClassifier(store, () => false);
    const batches = new SeatBatches(store, classify, 64, { deferBuild: true });
    expect(batches.sections.map((r) => r.count)).toEqual([0, 0]);
    const dirty = new DirtySections(store.sections.length);
    dirty.markAll();
    expect(batches.update(dirty)).toBe(2);
    const eager = new SeatBatches(store, classify);
    expect(batches.sections.map((r) => r.count)).toEqual(eager.sections.map((r) => r.count));
    expect(Array.from(batches.order)).toEqual(Array.from(eager.order));
  });
});
