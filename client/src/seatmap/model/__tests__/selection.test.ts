import { describe, expect, it } from '@jest/globals';
import {
  expandSoldTogether,
  maxSeatsExceeded,
  SEAT_FEATURE_CODES as F,
  SeatStatus,
  type SoldTogetherSeat,
} from '@hotline/shared';
import { featureCodesOf } from '../features';
import { buildSeatStore, seatIndexOf, type SeatStore } from '../seat-store';
import { SeatSelection } from '../selection';
import { gridSection, mulberry32, plan } from './fixtures';

// Row 1: seats 1-3 are couch 7, seats 4-5 a bed (together 8), seat 6 single. Row 2: singles, but seats 1-2 a table
// (together 9, no couch or bed feature: sold one by one, as the seat engine sells them).
const store = buildSeatStore(
  plan([
    gridSection({
      id: 1,
      x: 0,
      y: 0,
      rows: 2,
      cols: 6,
      together: (r, c) => (r === 0 && c < 3 ? 7 : r === 0 && c < 5 ? 8 : r === 1 && c < 2 ? 9 : null),
      features: (r, c) => (r === 0 && c < 3 ? [F.isCouch] : r === 0 && c < 5 ? [F.isBedSeat] : []),
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

  it("a table's seats share a together id but are taken one by one (only couches and beds go whole)", () => {
    const sel = new SeatSelection(store);
    expect(coords(sel.select(at(1, 2)).seats)).toEqual(['1,2']);
    expect(coords(sel.indices())).toEqual(['1,2']);
  });

  it('standing places held on the presentation count against the maximum, as the lock counts them', () => {
    let places = 3;
    const sel = new SeatSelection(store, { maxSeats: 4, heldElsewhere: () => places });
    expect(sel.select(at(4, 1))).toEqual({ ok: false, reason: 'limit', seats: [] }); // 3 + a bed of 2
    expect(sel.select(at(6, 1)).ok).toBe(true); // 3 + 1
    expect(sel.exceedsLimit(1)).toBe(true);
    places = 1;
    expect(sel.select(at(1, 2)).ok).toBe(true); // 1 + 2
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

/**
 * The map's verdict at a tap equals the seat engine's, on random plans and random taps (seeded, so a failure repeats):
 * which seats a tap takes (the lock's `expandSoldTogether` over the section's seats, as `SeatEngineService.group`
 * calls it) and whether it goes over the order's maximum (the lock's count: every place the visitor holds on the
 * presentation, standing places included, plus the seats taken, against the maximum: `maxSeatsExceeded`).
 */
describe('the map decides couches, beds and the maximum at the tap as the lock will', () => {
  /** The section's seats as the server's layout has them (ApiSeat fields the rule reads). */
  function serverSeats(st: SeatStore, sectionId: number, togetherIds: Map<number, number | null>): SoldTogetherSeat[] {
    const out: SoldTogetherSeat[] = [];
    for (let i = 0; i < st.count; i++)
      if (st.sectionId[i] === sectionId)
        out.push({
          sectionId,
          x: st.coordX[i]!,
          y: st.coordY[i]!,
          togetherId: togetherIds.get(i) ?? null,
          features: featureCodesOf(st.features[i]!),
        });
    return out;
  }

  it.each(Array.from({ length: 40 }, (_, n) => 20261129 + n))('seed %i', (seed) => {
    const rnd = mulberry32(seed);
    const cols = 4 + Math.floor(rnd() * 10);
    const rows = 1 + Math.floor(rnd() * 4);
    // Units of 1-4 seats along each row: couches, beds, tables (a together id without the feature), or singles; a
    // together id is per section, and two sections may reuse one.
    const unitOf: (number | null)[][] = [];
    const featureOf: number[][][] = [];
    let nextId = 1;
    for (let r = 0; r < rows; r++) {
      unitOf.push([]);
      featureOf.push([]);
      for (let c = 0; c < cols;) {
        const len = Math.min(cols - c, 1 + Math.floor(rnd() * 4));
        const kind = rnd();
        const id = kind < 0.7 ? nextId++ : null;
        const feature = kind < 0.3 ? [F.isCouch] : kind < 0.45 ? [F.isBedSeat] : kind < 0.55 ? [F.isLeftSeat] : [];
        for (let k = 0; k < len; k++, c++) {
          unitOf[r]!.push(id);
          // Now and then a member without the unit's feature: the rule reads the tapped seat's.
          featureOf[r]!.push(rnd() < 0.1 ? [] : feature);
        }
      }
    }
    const spec = {
      rows,
      cols,
      together: (r: number, c: number) => unitOf[r]![c]!,
      features: (r: number, c: number) => featureOf[r]![c]!,
    };
    const st = buildSeatStore(
      plan([gridSection({ id: 1, x: 0, y: 0, ...spec }), gridSection({ id: 2, x: 0, y: 200, ...spec })]),
    );
    const togetherIds = new Map<number, number | null>();
    for (let i = 0; i < st.count; i++) togetherIds.set(i, unitOf[st.coordY[i]! - 1]![st.coordX[i]! - 1]!);
    const bySection = new Map([1, 2].map((id) => [id, serverSeats(st, id, togetherIds)]));

    const max = 1 + Math.floor(rnd() * 8);
    let places = Math.floor(rnd() * 3);
    const sel = new SeatSelection(st, { maxSeats: max, heldElsewhere: () => places });
    const held = new Set<number>(); // what the server would hold after each answer
    for (let tap = 0; tap < 25; tap++) {
      const i = Math.floor(rnd() * st.count);
      if (rnd() < 0.1) places = Math.floor(rnd() * 3);
      const sectionId = st.sectionId[i]!;
      const unit = expandSoldTogether(bySection.get(sectionId)!, { sectionId, x: st.coordX[i]!, y: st.coordY[i]! }).map(
        (s) => seatIndexOf(st, s.sectionId, s.x, s.y),
      );
      const key = (list: number[]) => [...list].sort((a, b) => a - b);
      // Each expectation names the tap, so a failure says which one.
      expect({ tap, takes: key(sel.unitOf(i)) }).toEqual({ tap, takes: key(unit) });
      if (sel.has(i)) {
        sel.deselect(i);
        for (const j of unit) held.delete(j);
        continue;
      }
      const fresh = unit.filter((j) => !held.has(j));
      const refused = maxSeatsExceeded(held.size + places, fresh.length, max);
      const r = sel.select(i);
      expect({ tap, verdict: r.ok ? 'taken' : r.reason }).toEqual({ tap, verdict: refused ? 'limit' : 'taken' });
      if (!refused) for (const j of fresh) held.add(j);
      expect({ tap, selected: key(sel.indices()) }).toEqual({ tap, selected: key([...held]) });
    }
  });
});
