import { describe, expect, it } from '@jest/globals';
import { apply, compose, rotation, seatCornersOnPlan, translation, type ApiSeatplan } from '@hotline/shared';
import { buildSeatStore, seatIndexOf, type SeatStore } from '../seat-store';
import { hitSection, SpatialIndex } from '../spatial-index';
import { bigPlan, gaSection, gridSection, mulberry32, plan, randomPlan } from './fixtures';

// Global lookups (Math.*) are very slow inside jest's vm context; alias them for the brute-force loops.
const { abs, floor } = Math;

/** Brute force reference implementations, reading the same Float32 geometry as the index. */
function bruteHit(store: SeatStore, px: number, py: number): number {
  for (let i = store.count - 1; i >= 0; i--) {
    const dx = px - store.x[i]!;
    const dy = py - store.y[i]!;
    const u = dx * store.cos[i]! + dy * store.sin[i]!;
    const v = dy * store.cos[i]! - dx * store.sin[i]!;
    if (abs(u) <= store.halfW[i]! && abs(v) <= store.halfH[i]!) return i;
  }
  return -1;
}

function bruteNearest(store: SeatStore, px: number, py: number, maxDist: number): number {
  let best = -1;
  let bestD2 = Infinity;
  for (let i = 0; i < store.count; i++) {
    const dx = store.x[i]! - px;
    const dy = store.y[i]! - py;
    const d2 = dx * dx + dy * dy;
    if (d2 <= maxDist * maxDist && d2 < bestD2) {
      best = i;
      bestD2 = d2;
    }
  }
  return best;
}

/** A point at (u, v) in seat i's own frame (u along its width), mapped to the plan. */
function pointInSeatFrame(store: SeatStore, i: number, u: number, v: number) {
  return apply(compose(translation(store.x[i]!, store.y[i]!), rotation(store.rotation[i]!)), u, v);
}

describe('SpatialIndex on rotated sections', () => {
  it.each([30, 90, -45, 0, 180])('hit-tests seats of a section rotated %p° (seats also rotated 20°)', (deg) => {
    const section = gridSection({
      id: 1,
      x: 200,
      y: 200,
      rows: 6,
      cols: 8,
      seatSize: 10,
      pitch: 14,
      rotation: deg,
      seatRotation: 20,
    });
    const store = buildSeatStore(plan([section]));
    const index = new SpatialIndex(store);
    for (let i = 0; i < store.count; i++) {
      const hit = index.hitTest(store.x[i]!, store.y[i]!);
      expect(hit).toBeGreaterThanOrEqual(i);
      expect(index.contains(hit, store.x[i]!, store.y[i]!)).toBe(true);
      // Just inside each corner (in the seat's rotated frame) hits; just outside misses.
      for (const [su, sv] of [
        [1, 1],
        [1, -1],
        [-1, 1],
        [-1, -1],
      ] as const) {
        const inside = pointInSeatFrame(store, i, su * 4.9, sv * 4.9);
        expect(index.hitTest(inside.x, inside.y)).toBe(i);
        const outside = pointInSeatFrame(store, i, su * 5.3, sv * 5.3);
        expect(index.hitTest(outside.x, outside.y)).toBe(-1); // pitch 14: the gap between seats is empty
      }
    }
    // The geometry helper agrees: a corner from seatCornersOnPlan, nudged towards the centre, hits that seat.
    const seat = section.groups[0]!.rows[2]!.seats[3]!;
    const i = seatIndexOf(store, 1, seat.XCoordinate, seat.YCoordinate);
    for (const corner of seatCornersOnPlan(section, seat)) {
      const px = corner.x + (store.x[i]! - corner.x) * 0.02;
      const py = corner.y + (store.y[i]! - corner.y) * 0.02;
      expect(index.hitTest(px, py)).toBe(i);
    }
  });

  it('returns -1 far outside the grid and on an empty plan', () => {
    const store = buildSeatStore(plan([gridSection({ id: 1, x: 0, y: 0, rows: 2, cols: 2 })]));
    const index = new SpatialIndex(store);
    expect(index.hitTest(-1e6, 5)).toBe(-1);
    expect(index.hitTest(1e6, 1e6)).toBe(-1);
    const empty = new SpatialIndex(buildSeatStore(plan([])));
    expect(empty.hitTest(0, 0)).toBe(-1);
    expect(empty.queryRect(-10, -10, 10, 10)).toEqual([]);
    expect(empty.nearest(0, 0)).toBe(-1);
  });
});

describe('SpatialIndex vs brute force on a random 5,000-seat plan', () => {
  const p: ApiSeatplan = randomPlan(20261121, 5000);
  const store = buildSeatStore(p);
  const index = new SpatialIndex(store);
  const rnd = mulberry32(7);
  const b = store.bounds;
  const randomPoint = () => ({
    x: b.minX - 20 + rnd() * (b.maxX - b.minX + 40),
    y: b.minY - 20 + rnd() * (b.maxY - b.minY + 40),
  });

  it('builds the plan it claims', () => {
    expect(store.count).toBe(5000);
  });

  it('hitTest matches brute force (topmost seat wins on overlaps)', () => {
    let hits = 0;
    const mismatches: string[] = [];
    const check = (x: number, y: number) => {
      const expected = bruteHit(store, x, y);
      const got = index.hitTest(x, y);
      if (expected >= 0) hits++;
      if (got !== expected) mismatches.push(`(${x}, ${y}): got ${got}, expected ${expected}`);
    };
    for (let k = 0; k < 20_000; k++) {
      const { x, y } = randomPoint();
      check(x, y);
    }
    // Also every seat centre and a point just inside each seat's edge.
    for (let i = 0; i < store.count; i++) {
      const edge = pointInSeatFrame(store, i, store.halfW[i]! * 0.999, 0);
      check(edge.x, edge.y);
      check(store.x[i]!, store.y[i]!);
    }
    expect(mismatches).toEqual([]);
    expect(hits).toBeGreaterThan(5000); // the sample really exercised hits, not just misses
  });

  it.each(['centre', 'overlap'] as const)('queryRect(%s) matches brute force, each seat once', (mode) => {
    for (let k = 0; k < 300; k++) {
      const a = randomPoint();
      const w = rnd() * 400;
      const h = rnd() * 400;
      const [minX, minY, maxX, maxY] = [a.x, a.y, a.x + w, a.y + h];
      const expected: number[] = [];
      for (let i = 0; i < store.count; i++) {
        const x = store.x[i]!;
        const y = store.y[i]!;
        if (mode === 'centre') {
          if (x >= minX && x <= maxX && y >= minY && y <= maxY) expected.push(i);
        } else {
          // Rotated rectangle's AABB overlaps the query rectangle.
          const ac = abs(store.cos[i]!);
          const as = abs(store.sin[i]!);
          const ex = ac * store.halfW[i]! + as * store.halfH[i]!;
          const ey = as * store.halfW[i]! + ac * store.halfH[i]!;
          if (x + ex >= minX && x - ex <= maxX && y + ey >= minY && y - ey <= maxY) expected.push(i);
        }
      }
      const got = index.queryRect(minX, minY, maxX, maxY, mode);
      expect(new Set(got).size).toBe(got.length);
      if (mode === 'centre') expect([...got].sort((p, q) => p - q)).toEqual(expected);
      // 'overlap' pads boxes by 1e-6 relative to survive float rounding; allow seats within that hair.
      else {
        const missing = expected.filter((i) => !got.includes(i));
        expect(missing).toEqual([]);
        expect(got.length - expected.length).toBeLessThanOrEqual(1);
      }
    }
  });

  it('queryRectInto writes into a typed array without growing it and reports the full count', () => {
    const out = new Int32Array(10);
    const total = index.queryRectInto(out, b.minX, b.minY, b.maxX, b.maxY, 'centre');
    expect(total).toBe(5000);
    expect(out.every((i) => i >= 0 && i < 5000)).toBe(true);
    expect(index.queryRectInto(out, 10, 10, 5, 5)).toBe(0); // inverted rectangle
  });

  it.each([5, 30, 200, Infinity])('nearest(maxDist=%p) matches brute force', (maxDist) => {
    const mismatches: string[] = [];
    for (let k = 0; k < 2000; k++) {
      const { x, y } = randomPoint();
      const got = index.nearest(x, y, maxDist);
      const expected = bruteNearest(store, x, y, maxDist);
      if (got !== expected) mismatches.push(`(${x}, ${y}): got ${got}, expected ${expected}`);
    }
    expect(mismatches).toEqual([]);
    // From far outside the plan.
    expect(index.nearest(b.maxX + 5000, b.maxY + 5000, maxDist)).toBe(
      bruteNearest(store, b.maxX + 5000, b.maxY + 5000, maxDist),
    );
  });

  it('nearest honours an accept filter', () => {
    const even = (i: number) => i % 2 === 0;
    for (let k = 0; k < 200; k++) {
      const { x, y } = randomPoint();
      const got = index.nearest(x, y, 100, even);
      let best = -1;
      let bestD2 = Infinity;
      for (let i = 0; i < store.count; i += 2) {
        const d2 = (store.x[i]! - x) ** 2 + (store.y[i]! - y) ** 2;
        if (d2 <= 100 * 100 && d2 < bestD2) {
          best = i;
          bestD2 = d2;
        }
      }
      expect(got).toBe(best);
    }
  });
});

describe('SpatialIndex at 100,000 seats', () => {
  // Correctness at scale; the nanoseconds per lookup are measured in the seat-map benchmark.
  it('finds a seat containing every sampled seat centre (the topmost where seats overlap)', () => {
    const p = JSON.parse(JSON.stringify(bigPlan(100_000))) as ApiSeatplan;
    const store = buildSeatStore(p);
    const index = new SpatialIndex(store);
    const rnd = mulberry32(1);
    for (let k = 0; k < 2_000; k++) {
      const i = floor(rnd() * store.count);
      const hit = index.hitTest(store.x[i]!, store.y[i]!);
      expect(hit).toBeGreaterThanOrEqual(i);
      expect(index.contains(hit, store.x[i]!, store.y[i]!)).toBe(true);
    }
  });
});

describe('hitSection', () => {
  it('finds GA and reserved sections by their rotated box or outline', () => {
    const ga = gaSection({ id: 5, x: 100, y: 100, width: 100, height: 40, capacity: 50 });
    ga.RotateAngle = 90; // box centre (150, 120); on the plan it spans x 130..170, y 70..170
    const lShape = gaSection({ id: 6, x: 400, y: 0, width: 100, height: 100, capacity: 10 });
    lShape.Outline = [
      [400, 0],
      [500, 0],
      [500, 20],
      [420, 20],
      [420, 100],
      [400, 100],
    ];
    const store = buildSeatStore(plan([gridSection({ id: 1, x: 0, y: 0, rows: 2, cols: 2 }), ga, lShape]));
    expect(hitSection(store, 5, 5)).toBe(0);
    expect(hitSection(store, 150, 80)).toBe(1);
    expect(hitSection(store, 180, 120)).toBe(-1); // inside the unrotated box, outside the rotated one
    expect(hitSection(store, 410, 90)).toBe(2);
    expect(hitSection(store, 480, 10)).toBe(2);
    expect(hitSection(store, 480, 90)).toBe(-1); // the notch of the L
  });
});
