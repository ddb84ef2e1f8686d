import { describe, expect, it } from '@jest/globals';
import { SeatStatus, type SeatDeltaMessage, type SeatSnapshotMessage, type SeatStatusRow } from '@hotline/shared';
import { buildSeatStore, seatIndexOf, STATUS_UNKNOWN } from '../seat-store';
import { StatusSync } from '../status-sync';
import { gaSection, gridSection, plan, statusRow } from './fixtures';

const P = 77;
const setup = (flashMs = 1000) => {
  const store = buildSeatStore(
    plan([
      gridSection({ id: 1, x: 0, y: 0, rows: 2, cols: 3 }),
      gaSection({ id: 2, x: 200, y: 0, width: 100, height: 100, capacity: 5 }),
      gridSection({ id: 3, x: 400, y: 0, rows: 1, cols: 2 }),
    ]),
  );
  return {
    store,
    sync: new StatusSync(store, { presentationId: P, flashMs }),
    idx: (s: number, x: number, y: number) => seatIndexOf(store, s, x, y),
  };
};
const snapshot = (version: number, rows: SeatStatusRow[], presentationId = P): SeatSnapshotMessage => ({
  presentationId,
  version,
  rows,
});
const delta = (
  fromVersion: number,
  toVersion: number,
  rows: SeatStatusRow[],
  presentationId = P,
): SeatDeltaMessage => ({ presentationId, fromVersion, toVersion, rows });

describe('StatusSync snapshots', () => {
  it('starts unknown and sets every status from a snapshot (absent seats = available)', () => {
    const { store, sync, idx } = setup();
    expect(store.status.every((s) => s === STATUS_UNKNOWN)).toBe(true);
    const r = sync.applySnapshot(
      snapshot(10, [statusRow(1, 2, 1, SeatStatus.Sold), statusRow(3, 1, 1, SeatStatus.OnHold)]),
      { now: 1 },
    );
    expect(r.applied).toBe(true);
    expect(sync.version).toBe(10);
    expect(sync.synced).toBe(true);
    expect(store.status[idx(1, 2, 1)]).toBe(SeatStatus.Sold);
    expect(store.status[idx(3, 1, 1)]).toBe(SeatStatus.OnHold);
    expect(store.status[idx(1, 1, 1)]).toBe(SeatStatus.Available);
    // First snapshot: every seat changed (unknown -> something), nothing flashes.
    if (r.applied) expect(r.changedIndices.length).toBe(store.count);
    expect(sync.recentlyTaken(2)).toEqual([]);
    expect(sync.dirty.take().sort()).toEqual([0, 2]);
  });

  it('a resync snapshot reports only real changes and flashes seats that became unavailable', () => {
    const { store, sync, idx } = setup();
    sync.applySnapshot(snapshot(10, []), { now: 1 });
    sync.dirty.clear();
    const r = sync.applySnapshot(snapshot(15, [statusRow(1, 3, 2, SeatStatus.LockedByOther)]), { now: 100 });
    expect(r.applied && r.changedIndices).toEqual([idx(1, 3, 2)]);
    expect(sync.recentlyTaken(150)).toEqual([idx(1, 3, 2)]);
    expect(sync.dirty.take()).toEqual([0]);
    expect(store.status[idx(1, 3, 2)]).toBe(SeatStatus.LockedByOther);
  });

  it('ignores an older snapshot and another presentation', () => {
    const { sync } = setup();
    sync.applySnapshot(snapshot(10, []));
    expect(sync.applySnapshot(snapshot(9, []))).toEqual({ applied: false, reason: 'stale' });
    expect(sync.applySnapshot(snapshot(20, [], P + 1))).toEqual({ applied: false, reason: 'other-presentation' });
    expect(sync.version).toBe(10);
  });
});

describe('StatusSync deltas', () => {
  it.each([
    // [description, fromVersion, toVersion, expected outcome]
    ['contiguous', 10, 12, 'applied'],
    ['overlapping (rows are absolute states)', 8, 12, 'applied'],
    ['gap: changes 10..11 missed', 11, 13, 'gap'],
    ['stale: already have it', 8, 10, 'stale'],
    ['stale: entirely old', 3, 5, 'stale'],
  ] as const)('%s: (%p, %p] at version 10 -> %p', (_d, from, to, outcome) => {
    const { store, sync, idx } = setup();
    sync.applySnapshot(snapshot(10, []));
    const r = sync.applyDelta(delta(from, to, [statusRow(1, 1, 1, SeatStatus.Sold)]), { now: 5 });
    if (outcome === 'applied') {
      expect(r).toEqual({
        applied: true,
        gap: false,
        version: to,
        changedIndices: [idx(1, 1, 1)],
        changedGaSections: [],
      });
      expect(sync.version).toBe(to);
      expect(store.status[idx(1, 1, 1)]).toBe(SeatStatus.Sold);
    } else {
      expect(r.applied).toBe(false);
      expect(r.gap).toBe(outcome === 'gap');
      if (outcome === 'stale') expect(r).toEqual({ applied: false, gap: false, reason: 'stale' });
      expect(sync.version).toBe(10);
      expect(store.status[idx(1, 1, 1)]).toBe(SeatStatus.Available);
    }
  });

  it('every delta is a gap before the first snapshot; the snapshot then recovers', () => {
    const { store, sync, idx } = setup();
    expect(sync.applyDelta(delta(0, 1, [statusRow(1, 1, 1, SeatStatus.Sold)]))).toEqual({
      applied: false,
      gap: true,
      version: 0,
      fromVersion: 0,
    });
    expect(store.status[idx(1, 1, 1)]).toBe(STATUS_UNKNOWN);
    sync.applySnapshot(snapshot(1, [statusRow(1, 1, 1, SeatStatus.Sold)]));
    expect(sync.applyDelta(delta(1, 2, [statusRow(1, 1, 1, SeatStatus.Available)])).applied).toBe(true);
    expect(store.status[idx(1, 1, 1)]).toBe(SeatStatus.Available);
  });

  it('a sequence with a gap in the middle: apply, gap (state kept), resync, continue', () => {
    const { store, sync, idx } = setup();
    sync.applySnapshot(snapshot(1, []));
    expect(sync.applyDelta(delta(1, 2, [statusRow(1, 1, 1, SeatStatus.Sold)])).applied).toBe(true);
    const gap = sync.applyDelta(delta(3, 4, [statusRow(1, 2, 1, SeatStatus.Sold)]));
    expect(gap).toEqual({ applied: false, gap: true, version: 2, fromVersion: 3 });
    expect(store.status[idx(1, 2, 1)]).toBe(SeatStatus.Available);
    sync.applySnapshot(snapshot(4, [statusRow(1, 1, 1, SeatStatus.Sold), statusRow(1, 2, 1, SeatStatus.Sold)]));
    expect(sync.applyDelta(delta(4, 5, [statusRow(1, 3, 1, SeatStatus.Blocked)])).applied).toBe(true);
    expect([1, 2, 3].map((x) => store.status[idx(1, x, 1)])).toEqual([
      SeatStatus.Sold,
      SeatStatus.Sold,
      SeatStatus.Blocked,
    ]);
  });

  it('ignores other presentations and counts rows for unknown seats', () => {
    const { sync } = setup();
    sync.applySnapshot(snapshot(1, []));
    expect(sync.applyDelta(delta(1, 2, [], P + 1))).toEqual({
      applied: false,
      gap: false,
      reason: 'other-presentation',
    });
    const r = sync.applyDelta(
      delta(1, 2, [statusRow(1, 99, 99, SeatStatus.Sold), statusRow(999, 1, 1, SeatStatus.Sold)]),
    );
    expect(r.applied && r.changedIndices).toEqual([]);
    expect(sync.unknownRows).toBe(2);
  });

  it('reports unchanged rows as no change and marks only touched sections dirty', () => {
    const { sync, idx } = setup();
    sync.applySnapshot(snapshot(1, [statusRow(3, 1, 1, SeatStatus.Sold)]));
    sync.dirty.clear();
    const r = sync.applyDelta(
      delta(1, 2, [statusRow(3, 1, 1, SeatStatus.Sold), statusRow(3, 2, 1, SeatStatus.OnHold)]),
    );
    expect(r.applied && r.changedIndices).toEqual([idx(3, 2, 1)]);
    expect(sync.dirty.take()).toEqual([2]);
  });
});

describe('recently taken by others', () => {
  it('flashes seats that turn unavailable, fades them, and forgets them after the window', () => {
    const { sync, idx } = setup(1000);
    sync.applySnapshot(snapshot(1, []), { now: 1 });
    sync.applyDelta(delta(1, 2, [statusRow(1, 1, 1, SeatStatus.Sold), statusRow(1, 2, 1, SeatStatus.OnHold)]), {
      now: 1000,
    });
    sync.applyDelta(delta(2, 3, [statusRow(1, 3, 1, SeatStatus.LockedByOther)]), { now: 1600 });
    // OnHold is not "unavailable" in the spec's sense, so it does not flash.
    expect(sync.recentlyTaken(1700)).toEqual([idx(1, 1, 1), idx(1, 3, 1)]);
    expect(sync.flashAlpha(idx(1, 1, 1), 1500)).toBeCloseTo(0.5, 9);
    expect(sync.flashAlpha(idx(1, 2, 1), 1500)).toBe(0);
    expect(sync.recentlyTaken(2100)).toEqual([idx(1, 3, 1)]);
    expect(sync.recentlyTaken(2700)).toEqual([]);
    expect(sync.flashAlpha(idx(1, 3, 1), 2700)).toBe(0);
  });

  it("a seat released again stops flashing; the visitor's own seats never flash", () => {
    const { sync, idx } = setup(1000);
    sync.applySnapshot(snapshot(1, []), { now: 1 });
    const own = idx(1, 2, 1);
    sync.applyDelta(delta(1, 2, [statusRow(1, 1, 1, SeatStatus.Sold), statusRow(1, 2, 1, SeatStatus.LockedByOther)]), {
      now: 100,
      isOwn: (i) => i === own,
    });
    expect(sync.recentlyTaken(200)).toEqual([idx(1, 1, 1)]);
    sync.applyDelta(delta(2, 3, [statusRow(1, 1, 1, SeatStatus.Available)]), { now: 300 });
    expect(sync.recentlyTaken(400)).toEqual([]);
  });
});

describe('general admission', () => {
  it('counts taken places per GA section, idempotently, and resets on snapshot', () => {
    const { sync } = setup();
    const ga = 1; // section index of the GA section (id 2)
    sync.applySnapshot(
      snapshot(1, [statusRow(2, 1, 1, SeatStatus.Sold), statusRow(2, 2, 1, SeatStatus.LockedByOther)]),
    );
    expect(sync.gaTaken(ga)).toBe(2);
    expect(sync.gaRemaining(ga)).toBe(3);
    sync.dirty.clear();
    const r = sync.applyDelta(
      delta(1, 2, [
        statusRow(2, 3, 1, SeatStatus.Sold),
        statusRow(2, 1, 1, SeatStatus.Sold),
        statusRow(2, 2, 1, SeatStatus.Available),
      ]),
    );
    expect(r.applied && r.changedGaSections).toEqual([ga]);
    expect(r.applied && r.changedIndices).toEqual([]);
    expect(sync.gaTaken(ga)).toBe(2); // +1 (3,1) +0 (1,1 again) -1 (2,1 released)
    expect(sync.dirty.take()).toEqual([ga]);
    sync.applySnapshot(
      snapshot(
        5,
        Array.from({ length: 7 }, (_, k) => statusRow(2, k + 1, 1, SeatStatus.Sold)),
      ),
    );
    expect(sync.gaTaken(ga)).toBe(7);
    expect(sync.gaRemaining(ga)).toBe(0); // oversold never shows negative
    expect(sync.gaRemaining(0)).toBeNull(); // reserved section
  });
});

describe('StatusSync.applySnapshotFlat', () => {
  it('gives exactly what applySnapshot gives for the same rows (GA places included)', () => {
    const rows = [
      statusRow(1, 2, 1, SeatStatus.Sold),
      statusRow(3, 1, 1, SeatStatus.OnHold),
      statusRow(1, 1, 2, SeatStatus.SingleSeatBlocked),
      statusRow(2, 3, 0, SeatStatus.Sold),
      statusRow(999, 1, 1, SeatStatus.Sold),
    ];
    const a = setup();
    const b = setup();
    const ra = a.sync.applySnapshot(snapshot(10, rows), { now: 1 });
    const flat = Int32Array.from(rows.flat());
    const rb = b.sync.applySnapshotFlat(P, 10, flat, { now: 1 });
    expect(rb).toEqual(ra);
    expect(Array.from(b.store.status)).toEqual(Array.from(a.store.status));
    expect(b.sync.unknownRows).toBe(a.sync.unknownRows);
    expect(b.sync.gaTaken(1)).toBe(1);
    expect(b.sync.synced).toBe(true);
    expect(b.sync.applySnapshotFlat(P + 1, 11, flat)).toEqual({ applied: false, reason: 'other-presentation' });
    expect(b.sync.applySnapshotFlat(P, 9, flat)).toEqual({ applied: false, reason: 'stale' });
  });
});
