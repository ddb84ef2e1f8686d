import { describe, expect, it } from '@jest/globals';
import { SeatStatus } from '@hotline/shared';
import { buildSeatStore, seatIndexOf } from '../seat-store';
import { SeatSelection } from '../selection';
import { gridSection, plan } from './fixtures';

// Row 1: seats 1-3 are couch 7, seats 4-5 a bed (couch 8), seat 6 single. Row 2: singles.
const store = buildSeatStore(
  plan([
    gridSection({
      id: 1,
      x: 0,
      y: 0,
      rows: 2,
      cols: 6,
      together: (r, c) => (r === 0 && c < 3 ? 7 : r === 0 && c < 5 ? 8 : null),
    }),
    gridSection({ id: 2, x: 0, y: 100, rows: 1, cols: 2 }),
  ]),
);
const at = (x: number, y: number, s = 1) => seatIndexOf(store, s, x, y);
const coords = (indices: number[]) => indices.map((i) => `${store.coordX[i]},${store.coordY[i]}`).sort();

describe('SeatSelection', () => {
  it.each([1, 2, 3])('selecting couch seat %p selects the whole couch', (x) => {
    const sel = new SeatSelection(store);
    const r = sel.select(at(x, 1));
    expect(r.ok).toBe(true);
    expect(coords(r.seats)).toEqual(['1,1', '2,1', '3,1']);
    expect(coords(sel.indices())).toEqual(['1,1', '2,1', '3,1']);
    expect(sel.size).toBe(3);
  });

  it('deselecting any member deselects the whole unit; singles stay single', () => {
    const sel = new SeatSelection(store);
    sel.select(at(4, 1));
    sel.select(at(6, 1));
    expect(coords(sel.indices())).toEqual(['4,1', '5,1', '6,1']);
    expect(coords(sel.deselect(at(5, 1)))).toEqual(['4,1', '5,1']);
    expect(coords(sel.indices())).toEqual(['6,1']);
  });

  it('toggle flips a unit and reports what changed', () => {
    const sel = new SeatSelection(store);
    const on = sel.toggle(at(2, 1));
    expect(on.selected).toBe(true);
    expect(on.seats.length).toBe(3);
    const off = sel.toggle(at(3, 1));
    expect(off.selected).toBe(false);
    expect(off.seats.length).toBe(3);
    expect(sel.size).toBe(0);
  });

  it('a unit is all-or-nothing: one unavailable member blocks the couch', () => {
    const status = new Uint8Array(store.count).fill(SeatStatus.Available);
    status[at(3, 1)] = SeatStatus.Sold;
    const sel = new SeatSelection(store, { canSelect: (i) => status[i] === SeatStatus.Available });
    expect(sel.select(at(1, 1))).toEqual({ ok: false, reason: 'not-selectable', seats: [] });
    expect(sel.size).toBe(0);
    expect(sel.select(at(4, 1)).ok).toBe(true);
  });

  it('enforces the seat limit counting couch members', () => {
    const sel = new SeatSelection(store, { maxSeats: 4 });
    expect(sel.select(at(1, 1)).ok).toBe(true); // 3 seats
    expect(sel.select(at(4, 1))).toEqual({ ok: false, reason: 'limit', seats: [] }); // bed would make 5
    expect(sel.select(at(6, 1)).ok).toBe(true); // 4
    expect(sel.select(at(1, 2)).ok).toBe(false);
  });

  it('a raised cap (the staff block limit) lets a rectangle take more than the per-order maximum', () => {
    const sel = new SeatSelection(store, { maxSeats: 2 });
    expect(sel.selectMany([at(6, 1), at(1, 2), at(2, 2)])).toHaveLength(2);
    sel.setMaxSeats(500);
    expect(coords(sel.selectMany([at(1, 1), at(4, 1), at(2, 2)]))).toEqual(['1,1', '2,1', '2,2', '3,1', '4,1', '5,1']);
    expect(sel.size).toBe(8);
    sel.setMaxSeats(0); // no cap
    expect(sel.select(at(1, 1, 2)).ok).toBe(true);
  });

  it('selectMany (rubber band) expands units, skips blocked ones and stops at the limit', () => {
    const sel = new SeatSelection(store, { canSelect: (i) => i !== at(5, 1), maxSeats: 5 });
    const added = sel.selectMany([at(2, 1), at(4, 1), at(6, 1), at(1, 2), at(2, 2)]);
    expect(coords(added)).toEqual(['1,1', '1,2', '2,1', '3,1', '6,1']);
    expect(sel.size).toBe(5);
  });

  it('marks the sections it touches dirty and bumps its version', () => {
    const sel = new SeatSelection(store);
    const v = sel.version;
    sel.select(at(1, 1, 2));
    expect(sel.dirty.take()).toEqual([1]);
    expect(sel.version).toBe(v + 1);
    sel.select(at(1, 1, 2)); // already selected: no change
    expect(sel.version).toBe(v + 1);
    expect(sel.dirty.size).toBe(0);
  });

  it('prune drops seats (and their whole unit) that are no longer selectable', () => {
    const sel = new SeatSelection(store);
    sel.select(at(1, 1));
    sel.select(at(1, 2));
    const removed = sel.prune((i) => i !== at(2, 1));
    expect(coords(removed)).toEqual(['1,1', '2,1', '3,1']);
    expect(coords(sel.indices())).toEqual(['1,2']);
    expect(coords(sel.clear())).toEqual(['1,2']);
    expect(sel.flags.every((f) => f === 0)).toBe(true);
  });
});
