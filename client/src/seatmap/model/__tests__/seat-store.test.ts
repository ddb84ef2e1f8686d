import { describe, expect, it } from '@jest/globals';
import { SEAT_FEATURE_CODES, seatCornersOnPlan, type ApiSeatplan } from '@hotline/shared';
import { maskHasFeature } from '../features';
import { buildSeatStore, rowNameOf, seatIndexOf, STATUS_UNKNOWN, togetherMembers } from '../seat-store';
import { bigPlan, gaSection, gridSection, plan } from './fixtures';

describe('buildSeatStore', () => {
  it('lays out a plain grid: centres, sizes, coordinates, lookup', () => {
    const store = buildSeatStore(plan([gridSection({ id: 7, x: 100, y: 50, rows: 2, cols: 3 })]));
    expect(store.count).toBe(6);
    const i = seatIndexOf(store, 7, 2, 2); // row 2, column 2
    expect(i).toBeGreaterThanOrEqual(0);
    expect(store.x[i]).toBeCloseTo(100 + 12 + 6, 4);
    expect(store.y[i]).toBeCloseTo(50 + 12 + 6, 4);
    expect(store.halfW[i]).toBeCloseTo(5, 5);
    expect(store.halfH[i]).toBeCloseTo(5, 5);
    expect([store.coordX[i], store.coordY[i], store.sectionId[i]]).toEqual([2, 2, 7]);
    expect(rowNameOf(store, i)).toBe('2');
    expect(store.seatName[i]).toBe('2');
    expect(store.status.every((s) => s === STATUS_UNKNOWN)).toBe(true);
    expect(seatIndexOf(store, 7, 9, 9)).toBe(-1);
    expect(store.typicalSeatSize).toBeCloseTo(10, 4);
  });

  it.each([30, 90, -45, 180])('matches the shared geometry for a section rotated %p°', (deg) => {
    const section = gridSection({ id: 1, x: 300, y: 300, rows: 4, cols: 6, rotation: deg, seatRotation: 10 });
    const store = buildSeatStore(plan([section]));
    for (const row of section.groups[0]!.rows) {
      for (const seat of row.seats) {
        const i = seatIndexOf(store, 1, seat.XCoordinate, seat.YCoordinate);
        expect(store.x[i]).toBeCloseTo(seat.SeatplanX, 3);
        expect(store.y[i]).toBeCloseTo(seat.SeatplanY, 3);
        expect(store.rotation[i]).toBeCloseTo(deg + 10, 4);
        // Section bounds contain every seat corner.
        for (const p of seatCornersOnPlan(section, seat)) {
          const b = store.sections[0]!.bounds;
          expect(p.x).toBeGreaterThanOrEqual(b.minX - 1e-3);
          expect(p.x).toBeLessThanOrEqual(b.maxX + 1e-3);
          expect(p.y).toBeGreaterThanOrEqual(b.minY - 1e-3);
          expect(p.y).toBeLessThanOrEqual(b.maxY + 1e-3);
        }
      }
    }
  });

  it('orders seats row by row, left to right, even when the API does not', () => {
    const section = gridSection({ id: 1, x: 0, y: 0, rows: 3, cols: 4 });
    const rows = section.groups[0]!.rows;
    rows.reverse();
    rows[0]!.seats.reverse();
    const store = buildSeatStore(plan([section]));
    expect(store.rows.map((r) => r.name)).toEqual(['1', '2', '3']);
    for (const row of store.rows) {
      const xs = Array.from(store.coordX.subarray(row.start, row.end));
      expect(xs).toEqual([1, 2, 3, 4]);
      for (let i = row.start; i < row.end; i++) expect(store.rowOf[i]).toBe(row.index);
    }
  });

  it('keeps sections contiguous and records GA sections without seats', () => {
    const store = buildSeatStore(
      plan([
        gridSection({ id: 1, x: 0, y: 0, rows: 2, cols: 2 }),
        gaSection({ id: 2, x: 100, y: 0, width: 50, height: 50, capacity: 300 }),
        gridSection({ id: 3, x: 200, y: 0, rows: 1, cols: 3 }),
      ]),
    );
    expect(store.sections.map((s) => [s.id, s.seatStart, s.seatEnd, s.isReserved])).toEqual([
      [1, 0, 4, true],
      [2, 4, 4, false],
      [3, 4, 7, true],
    ]);
    expect(store.sections[1]!.bounds).toEqual({ minX: 100, minY: 0, maxX: 150, maxY: 50 });
    expect(store.sectionIndexById.get(3)).toBe(2);
    expect(store.bounds.minX).toBeCloseTo(0, 5);
    expect(store.bounds.maxX).toBeCloseTo(236, 5);
  });

  it('encodes features as a bitmask and couches as together groups', () => {
    const store = buildSeatStore(
      plan([
        gridSection({
          id: 1,
          x: 0,
          y: 0,
          rows: 1,
          cols: 6,
          features: (_r, c) =>
            c === 0
              ? [SEAT_FEATURE_CODES.isHandicap, SEAT_FEATURE_CODES.isTableSeat, 999]
              : c < 4
                ? [SEAT_FEATURE_CODES.isCouch]
                : [],
          together: (_r, c) => (c >= 1 && c < 4 ? 42 : null),
        }),
        // Same togetherId in another section is a different couch.
        gridSection({ id: 2, x: 0, y: 100, rows: 1, cols: 2, together: () => 42 }),
      ]),
    );
    const first = seatIndexOf(store, 1, 1, 1);
    expect(maskHasFeature(store.features[first]!, SEAT_FEATURE_CODES.isHandicap)).toBe(true);
    expect(maskHasFeature(store.features[first]!, SEAT_FEATURE_CODES.isTableSeat)).toBe(true);
    expect(maskHasFeature(store.features[first]!, SEAT_FEATURE_CODES.isCouch)).toBe(false);
    const couchSeat = seatIndexOf(store, 1, 3, 1);
    expect(Array.from(togetherMembers(store, couchSeat)).map((i) => store.coordX[i])).toEqual([2, 3, 4]);
    expect(Array.from(togetherMembers(store, first))).toEqual([first]);
    const other = seatIndexOf(store, 2, 1, 1);
    expect(store.togetherGroup[other]).not.toBe(store.togetherGroup[couchSeat]);
    expect(togetherMembers(store, other).length).toBe(2);
  });

  it('drops duplicate coordinates within a section and counts them', () => {
    const section = gridSection({ id: 1, x: 0, y: 0, rows: 1, cols: 3 });
    const seats = section.groups[0]!.rows[0]!.seats;
    seats.push({ ...seats[0]! });
    const store = buildSeatStore(plan([section]));
    expect(store.count).toBe(3);
    expect(store.duplicateSeats).toBe(1);
    expect(store.x.length).toBe(3);
  });

  it('builds 100,000 seats into rows of the plan (build time is benchmarked, not asserted here)', () => {
    // JSON round trip: the client gets the plan from response.json().
    const p = JSON.parse(JSON.stringify(bigPlan(100_000))) as ApiSeatplan;
    const first = buildSeatStore(p);
    expect(first.count).toBeGreaterThanOrEqual(100_000);
    expect(first.rows.length).toBe(first.count / 50);
  });
});
