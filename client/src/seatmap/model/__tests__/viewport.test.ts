import { describe, expect, it } from '@jest/globals';
import {
  fitToBounds,
  levelOfDetail,
  panBy,
  planToScreen,
  screenToPlan,
  visiblePlanRect,
  visibleSections,
  zoomAbout,
  zoomLimits,
  sectionTapScale,
  zoomTo,
  type Camera,
} from '../viewport';
import { buildSeatStore } from '../seat-store';
import { gridSection, plan } from './fixtures';

const cam = (over: Partial<Camera> = {}): Camera => ({
  scale: 2,
  x: 100,
  y: 50,
  rotation: 0,
  viewportWidth: 800,
  viewportHeight: 600,
  ...over,
});

describe('camera conversions', () => {
  it.each([
    [cam(), 0, 0, 100, 50],
    [cam(), 10, 20, 120, 90],
    [cam({ scale: 0.5, x: -30, y: 0 }), 100, 100, 20, 50],
    [cam({ rotation: 90, x: 0, y: 0, scale: 1 }), 10, 0, 0, 10],
  ])('planToScreen and screenToPlan are inverses (%#)', (c, px, py, sx, sy) => {
    const s = planToScreen(c, px, py);
    expect(s.x).toBeCloseTo(sx, 9);
    expect(s.y).toBeCloseTo(sy, 9);
    const p = screenToPlan(c, sx, sy);
    expect(p.x).toBeCloseTo(px, 9);
    expect(p.y).toBeCloseTo(py, 9);
  });

  it('panBy moves the screen image by exactly the drag', () => {
    const moved = panBy(cam(), 15, -5);
    expect(planToScreen(moved, 3, 4)).toEqual({
      x: planToScreen(cam(), 3, 4).x + 15,
      y: planToScreen(cam(), 3, 4).y - 5,
    });
  });
});

describe('fitToBounds and zoom', () => {
  const bounds = { minX: 100, minY: 100, maxX: 1100, maxY: 600 }; // 1000 x 500

  it('fits the limiting dimension and centres the content', () => {
    const c = fitToBounds(bounds, 800, 600, 50);
    expect(c.scale).toBeCloseTo(0.7, 9); // (800 - 100) / 1000 beats (600 - 100) / 500
    const centre = planToScreen(c, 600, 350);
    expect(centre.x).toBeCloseTo(400, 9);
    expect(centre.y).toBeCloseTo(300, 9);
    const left = planToScreen(c, 100, 350);
    expect(left.x).toBeCloseTo(50, 9); // padding
  });

  it('zoomLimits: half the fit scale out, ~80 px per seat in', () => {
    expect(zoomLimits(0.7, 10)).toEqual({ min: 0.35, max: 8 });
    // A tiny venue whose fit already shows seats at 200 px: max never drops below min.
    expect(zoomLimits(20, 10)).toEqual({ min: 10, max: 10 });
  });

  it.each([
    [2, 400, 300],
    [0.5, 0, 0],
    [3, 799, 10],
  ])('zoomAbout(%p) keeps the plan point under (%p, %p) fixed', (factor, sx, sy) => {
    const c = fitToBounds(bounds, 800, 600, 50);
    const limits = { min: 0.01, max: 100 };
    const before = screenToPlan(c, sx, sy);
    const z = zoomAbout(c, factor, sx, sy, limits);
    expect(z.scale).toBeCloseTo(c.scale * factor, 9);
    const after = screenToPlan(z, sx, sy);
    expect(after.x).toBeCloseTo(before.x, 6);
    expect(after.y).toBeCloseTo(before.y, 6);
  });

  it('zoom is clamped to the limits, still about the pointer', () => {
    const c = fitToBounds(bounds, 800, 600, 0);
    const limits = zoomLimits(c.scale, 10);
    const inMax = zoomTo(c, 1e6, 200, 200, limits);
    expect(inMax.scale).toBe(limits.max);
    const before = screenToPlan(c, 200, 200);
    const after = screenToPlan(inMax, 200, 200);
    expect(after.x).toBeCloseTo(before.x, 6);
    expect(zoomTo(c, 1e-6, 0, 0, limits).scale).toBe(limits.min);
  });
});

describe('culling', () => {
  // Four sections in a 2 x 2 layout, 500 plan units apart; one rotated.
  const store = buildSeatStore(
    plan([
      gridSection({ id: 1, x: 0, y: 0, rows: 5, cols: 10 }),
      gridSection({ id: 2, x: 500, y: 0, rows: 5, cols: 10, rotation: 45 }),
      gridSection({ id: 3, x: 0, y: 500, rows: 5, cols: 10 }),
      gridSection({ id: 4, x: 500, y: 500, rows: 5, cols: 10, rotation: -90 }),
    ]),
  );
  const at = (x: number, y: number, scale: number): Camera => ({
    scale,
    x: -x * scale,
    y: -y * scale,
    rotation: 0,
    viewportWidth: 200,
    viewportHeight: 200,
  });

  it.each([
    ['everything when fitted', fitToBounds(store.bounds, 800, 600, 10), [0, 1, 2, 3]],
    ['only the top-left section zoomed in on it', at(0, 0, 1), [0]],
    ['the top row', at(0, -400, 200 / 800), [0, 1]],
    ['nothing far away', at(5000, 5000, 1), []],
  ])('%s', (_name, camera, expected) => {
    expect(visibleSections(camera, store.sections)).toEqual(expected);
  });

  it('a margin brings in sections just outside the viewport', () => {
    const c = at(250, 0, 1); // viewport x 250..450; section 1 ends at x 120, section 2 (rotated 45°) starts near x 497
    expect(visibleSections(c, store.sections)).toEqual([]);
    expect(visibleSections(c, store.sections, 100)).toEqual([1]);
  });

  it('visiblePlanRect is the viewport mapped back to the plan', () => {
    expect(visiblePlanRect(cam())).toEqual({ minX: -50, minY: -25, maxX: 350, maxY: 275 });
  });
});

describe('levelOfDetail', () => {
  it.each([
    [0.1, 10, 'dot'], // 1 px
    [0.39, 10, 'dot'], // 3.9 px
    [0.4, 10, 'seat'], // 4 px
    [1, 10, 'seat'],
    [1.79, 10, 'seat'], // 17.9 px
    [1.8, 10, 'label'], // 18 px
    [8, 10, 'label'],
  ] as const)('scale %p, seat %p plan units -> %p', (scale, seat, expected) => {
    expect(levelOfDetail(scale, seat)).toBe(expected);
  });

  it.each([
    // Around the 4 px threshold: stays put inside the ±10% band.
    [0.42, 'dot', 'dot'],
    [0.45, 'dot', 'seat'],
    [0.38, 'seat', 'seat'],
    [0.35, 'seat', 'dot'],
    // Around the 18 px threshold.
    [1.9, 'seat', 'seat'],
    [2.0, 'seat', 'label'],
    [1.7, 'label', 'label'],
    [1.6, 'label', 'seat'],
  ] as const)('hysteresis: scale %p coming from %p -> %p', (scale, previous, expected) => {
    expect(levelOfDetail(scale, 10, previous)).toBe(expected);
  });
});

describe('sectionTapScale', () => {
  it.each([
    [0.5, 48],
    [2, 12],
    [24, 1],
  ])('seats of size %p are 24 px apart at scale %p', (size, scale) => {
    expect(sectionTapScale(size)).toBeCloseTo(scale);
    expect(sectionTapScale(size) * size).toBeGreaterThanOrEqual(24 - 1e-9);
  });
});
