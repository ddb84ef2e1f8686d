import { describe, expect, it } from '@jest/globals';
import { ScreenHitTester, sectionAtScreen } from '../hit-test';
import { buildSeatStore, seatIndexOf } from '../seat-store';
import { SpatialIndex } from '../spatial-index';
import type { Camera } from '../viewport';
import { gaSection, gridSection, plan } from './fixtures';

// Section 1: 3 rows x 4 seats, seats 10 units wide at a 12-unit pitch from (100, 100): seat (row r, column c) is
// centred at (106 + 12c, 106 + 12r). Section 2: a standing area to its right. Section 3: the same grid turned 90°.
const store = buildSeatStore(
  plan([
    gridSection({ id: 1, x: 100, y: 100, rows: 3, cols: 4 }),
    gaSection({ id: 2, x: 200, y: 100, width: 60, height: 40, capacity: 100 }),
    gridSection({ id: 3, x: 400, y: 400, rows: 3, cols: 4, rotation: 90 }),
  ]),
);
const index = new SpatialIndex(store);
const seat = (section: number, row: number, col: number) => seatIndexOf(store, section, col, row);

const cam = (scale: number, x: number, y: number): Camera => ({
  scale,
  x,
  y,
  rotation: 0,
  viewportWidth: 800,
  viewportHeight: 600,
});
/** Screen point of a plan point under a camera. */
const onScreen = (c: Camera, px: number, py: number) => [px * c.scale + c.x, py * c.scale + c.y] as const;

const cameras: [string, Camera][] = [
  ['identity', cam(1, 0, 0)],
  ['zoomed in and panned', cam(3, -250, -180)],
  ['zoomed out, negative offset', cam(0.5, 40, -10)],
];

describe('ScreenHitTester.seatAt', () => {
  const cases: { name: string; plan: [number, number]; tolerancePx: number; want: number }[] = [
    { name: 'centre of the first seat', plan: [106, 106], tolerancePx: 0, want: seat(1, 1, 1) },
    {
      name: 'inside the last seat of the last row, near its corner',
      plan: [142 + 4.5, 130 + 4.5],
      tolerancePx: 0,
      want: seat(1, 3, 4),
    },
    { name: 'the gap between two seats, no tolerance', plan: [112, 106], tolerancePx: 0, want: -1 },
    { name: 'far from every seat', plan: [20, 20], tolerancePx: 0, want: -1 },
    { name: 'far from every seat, even with a touch tolerance', plan: [20, 20], tolerancePx: 14, want: -1 },
  ];
  for (const [camName, c] of cameras) {
    for (const t of cases) {
      it(`${t.name} (${camName})`, () => {
        const [sx, sy] = onScreen(c, t.plan[0], t.plan[1]);
        expect(new ScreenHitTester().seatAt(index, c, sx, sy, t.tolerancePx)).toBe(t.want);
      });
    }
  }

  it('a touch tolerance in SCREEN pixels picks the nearest seat centre: more plan units when zoomed out', () => {
    // In the gap, half a unit right of the first seat's edge (111): 5.5 units from its centre, 6.5 from the next one's.
    const px = 111.5;
    const near = (c: Camera, tol: number) => {
      const [sx, sy] = onScreen(c, px, 106);
      return new ScreenHitTester().seatAt(index, c, sx, sy, tol);
    };
    expect(near(cam(1, 0, 0), 0)).toBe(-1);
    expect(near(cam(1, 0, 0), 14)).toBe(seat(1, 1, 1)); // 14 px = 14 units: the nearer centre wins
    expect(near(cam(4, 0, 0), 14)).toBe(-1); // 14 px = 3.5 units: no centre that close
  });

  it('turned sections: the hit follows the rotated seats', () => {
    const i = seat(3, 1, 1);
    const c = cam(2, 10, 20);
    const [sx, sy] = onScreen(c, store.x[i]!, store.y[i]!);
    expect(new ScreenHitTester().seatAt(index, c, sx, sy)).toBe(i);
  });

  it('one tester follows camera changes (the cached inverse is per camera value)', () => {
    const t = new ScreenHitTester();
    const a = cam(1, 0, 0);
    const b = cam(2, -100, -100);
    const i = seat(1, 2, 3);
    for (const c of [a, b, a, b]) {
      const [sx, sy] = onScreen(c, store.x[i]!, store.y[i]!);
      expect(t.seatAt(index, c, sx, sy)).toBe(i);
    }
  });
});

describe('sectionAtScreen', () => {
  const s1 = store.sectionIndexById.get(1)!;
  const s2 = store.sectionIndexById.get(2)!;
  const cases: { name: string; plan: [number, number]; want: number }[] = [
    { name: 'inside the seated block', plan: [120, 120], want: s1 },
    { name: 'inside the standing area', plan: [230, 120], want: s2 },
    { name: 'between them', plan: [180, 120], want: -1 },
    { name: 'outside the plan', plan: [-50, -50], want: -1 },
  ];
  for (const [camName, c] of cameras) {
    for (const t of cases) {
      it(`${t.name} (${camName})`, () => {
        const [sx, sy] = onScreen(c, t.plan[0], t.plan[1]);
        expect(sectionAtScreen(store, c, sx, sy)).toBe(t.want);
      });
    }
  }
});
