import {
  block,
  curvedRow,
  facing,
  normaliseAngle,
  radiusForCurvature,
  ringRow,
  rowsAt,
  sectorRows,
  stagger,
  straightRow,
  type SeatPlacement,
} from '../layout';
import { idFactory } from '../model';
import { arcSectorOutline, pointInPolygon } from '../shape';

const round = (p: SeatPlacement) => [+p.cx.toFixed(3), +p.cy.toFixed(3), +p.rotate.toFixed(3)];

describe('facing and angles', () => {
  it.each([
    // from, to, rotation that faces it
    [{ x: 0, y: 10 }, { x: 0, y: 0 }, 0],
    [{ x: 0, y: 0 }, { x: 10, y: 0 }, 90],
    [{ x: 0, y: 0 }, { x: 0, y: 10 }, 180],
    [{ x: 10, y: 0 }, { x: 0, y: 0 }, -90],
    [{ x: 0, y: 0 }, { x: 10, y: -10 }, 45],
  ])('a seat at %o faces %o with rotate %d', (from, to, rotate) => {
    expect(facing(from, to)).toBeCloseTo(rotate, 9);
  });

  it.each([
    [0, 0],
    [180, 180],
    [-180, 180],
    [270, -90],
    [-450, -90],
    [359.9999999, 0],
  ])('normalises %d to %d', (a, b) => {
    expect(normaliseAngle(a)).toBe(b);
  });

  it.each([
    [100, 0, Infinity],
    [100, 1, 50],
    [100, 0.5, 62.5],
  ])('a chord of %d with curvature %d has radius %d', (w, c, r) => {
    expect(radiusForCurvature(w, c)).toBeCloseTo(r, 9);
  });
});

describe('straightRow', () => {
  it.each([
    [
      'to the right',
      { from: { x: 10, y: 20 }, count: 3, spacing: 5 },
      [
        [10, 20, 0],
        [15, 20, 0],
        [20, 20, 0],
      ],
    ],
    [
      'downwards (angle 90)',
      { from: { x: 0, y: 0 }, count: 2, spacing: 4, angle: 90 },
      [
        [0, 0, 90],
        [0, 4, 90],
      ],
    ],
    ['none', { from: { x: 0, y: 0 }, count: 0, spacing: 4 }, []],
  ])('%s', (_name, opts, expected) => {
    expect(straightRow(opts).map(round)).toEqual(expected);
  });
});

describe('curvedRow', () => {
  it('with curvature 0 is a straight row facing its front', () => {
    expect(curvedRow({ from: { x: 0, y: 100 }, to: { x: 20, y: 100 }, count: 3, curvature: 0 }).map(round)).toEqual([
      [0, 100, 0],
      [10, 100, 0],
      [20, 100, 0],
    ]);
  });

  it('with curvature 1 is a half circle whose seats all face its centre, ends kept', () => {
    const row = curvedRow({ from: { x: 0, y: 0 }, to: { x: 100, y: 0 }, count: 5, curvature: 1 });
    expect(round(row[0]!).slice(0, 2)).toEqual([0, 0]);
    expect(round(row[4]!).slice(0, 2)).toEqual([100, 0]);
    // The middle seat bulges away from the front (down, away from a stage above): (50, 50), facing up.
    expect(round(row[2]!)).toEqual([50, 50, 0]);
    for (const seat of row) {
      expect(Math.hypot(seat.cx - 50, seat.cy)).toBeCloseTo(50, 9);
      expect(facing({ x: seat.cx, y: seat.cy }, { x: 50, y: 0 })).toBeCloseTo(seat.rotate, 6);
    }
  });

  it('bulges away from the focal point it is given', () => {
    const row = curvedRow({
      from: { x: 0, y: 0 },
      to: { x: 100, y: 0 },
      count: 3,
      curvature: 0.5,
      towards: { x: 50, y: 500 },
    });
    expect(row[1]!.cy).toBeLessThan(0);
    expect(row[1]!.rotate).toBeCloseTo(180, 9);
  });
});

describe('ringRow, stagger, block, sectorRows', () => {
  it('spaces seats along the arc about the centre, all facing it', () => {
    const row = ringRow({ centre: { x: 0, y: 0 }, radius: 100, count: 3, spacing: 10, midAngle: 90 });
    expect(round(row[1]!)).toEqual([0, 100, 0]);
    expect(Math.hypot(row[0]!.cx - row[1]!.cx, row[0]!.cy - row[1]!.cy)).toBeCloseTo(2 * 100 * Math.sin(0.05), 9);
  });

  it('staggers every other row by half a seat along the row', () => {
    const rows = stagger(
      [
        straightRow({ from: { x: 0, y: 0 }, count: 2, spacing: 10 }),
        straightRow({ from: { x: 0, y: 10 }, count: 2, spacing: 10 }),
      ],
      5,
    );
    expect(rows.map((r) => r.map(round))).toEqual([
      [
        [0, 0, 0],
        [10, 0, 0],
      ],
      [
        [5, 10, 0],
        [15, 10, 0],
      ],
    ]);
  });

  it.each([
    [
      'straight',
      { curvature: 0, staggered: false },
      [
        [0, 0, 0],
        [10, 0, 0],
        [20, 0, 0],
      ],
      [
        [0, 12, 0],
        [10, 12, 0],
        [20, 12, 0],
      ],
    ],
    [
      'staggered',
      { curvature: 0, staggered: true },
      [
        [0, 0, 0],
        [10, 0, 0],
        [20, 0, 0],
      ],
      [
        [5, 12, 0],
        [15, 12, 0],
        [25, 12, 0],
      ],
    ],
  ])('makes a %s block', (_name, extra, first, second) => {
    const rows = block({ origin: { x: 0, y: 0 }, rows: 2, seatsPerRow: 3, seatSpacing: 10, rowSpacing: 12, ...extra });
    expect(rows.map((r) => r.map(round))).toEqual([first, second]);
  });

  it('makes a curved block of concentric rows around a centre in front, seats left to right', () => {
    const rows = block({
      origin: { x: 0, y: 100 },
      rows: 3,
      seatsPerRow: 5,
      seatSpacing: 10,
      rowSpacing: 12,
      curvature: 0.5,
    });
    const r = radiusForCurvature(40, 0.5);
    const centre = { x: 20, y: 100 + 10 - r }; // sagitta 10 (half of 20) behind the chord, radius in front of that
    rows.forEach((row, i) => {
      expect(row.map((s) => s.cx)).toEqual([...row.map((s) => s.cx)].sort((a, b) => a - b));
      for (const seat of row) {
        expect(Math.hypot(seat.cx - centre.x, seat.cy - centre.y)).toBeCloseTo(r + 12 * i, 6);
        expect(facing({ x: seat.cx, y: seat.cy }, centre)).toBeCloseTo(seat.rotate, 6);
      }
    });
    expect(round(rows[0]![2]!)).toEqual([20, 110, 0]);
  });

  it('makes a 20,000-seat block in one call', () => {
    const rows = block({
      origin: { x: 0, y: 0 },
      rows: 100,
      seatsPerRow: 200,
      seatSpacing: 1,
      rowSpacing: 1.2,
      curvature: 0.3,
    });
    expect(rows.flat()).toHaveLength(20_000);
    const made = rowsAt(rows, { width: 0.9, height: 0.9, zoneId: 'z0' }, idFactory('n'));
    expect(new Set(made.flatMap((r) => r.seats.map((s) => s.id))).size).toBe(20_000);
  });

  it('fills a ring sector with rows that stay inside it', () => {
    const sector = { cx: 500, cy: 500, innerRadius: 100, outerRadius: 160, startAngle: -30, endAngle: 30 };
    const rows = sectorRows({ ...sector, seatSpacing: 8, rowSpacing: 10 });
    expect(rows).toHaveLength(6);
    expect(rows[5]!.length).toBeGreaterThan(rows[0]!.length);
    const outline = arcSectorOutline(sector, 1);
    for (const seat of rows.flat()) expect(pointInPolygon(seat.cx, seat.cy, outline)).toBe(true);
  });
});
