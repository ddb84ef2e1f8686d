import { describe, expect, it } from '@jest/globals';
import { apply } from '../matrix';
import {
  rotatedHalfExtents,
  sectionBoxBounds,
  sectionTransform,
  seatCentreOnPlan,
  seatCornersOnPlan,
  seatLocalRect,
  seatRotationOnPlan,
  type SeatBox,
  type SectionBox,
} from '../section';

const section = (RotateAngle: number): SectionBox => ({
  SeatplanX: 100,
  SeatplanY: 200,
  Width: 400,
  Height: 200,
  RotateAngle,
});
const seat = (x: number, y: number, RotateAngle = 0): SeatBox => ({
  XOffsetPercent: x,
  YOffsetPercent: y,
  WidthPercent: 5,
  HeightPercent: 10,
  RotateAngle,
});

describe('section geometry', () => {
  it('seatLocalRect converts percent of the box to plan units', () => {
    expect(seatLocalRect(section(0), seat(10, 50))).toEqual({ x: 40, y: 100, width: 20, height: 20 });
  });

  // Box centre is (300, 300). A seat whose local centre is (50, 110) sits at
  // (-150, +10) from the box centre before rotation.
  it.each([
    [0, 150, 310],
    [90, 290, 150], // (-150,10) -> (-10,-150)
    [180, 450, 290],
    [-90, 310, 450],
    [
      30,
      300 + -150 * Math.cos(Math.PI / 6) - 10 * Math.sin(Math.PI / 6),
      300 + -150 * Math.sin(Math.PI / 6) + 10 * Math.cos(Math.PI / 6),
    ],
    [-45, 300 + (-150 + 10) * Math.SQRT1_2, 300 + (150 + 10) * Math.SQRT1_2],
  ])('seatCentreOnPlan with a section rotated %p°', (deg, ex, ey) => {
    const c = seatCentreOnPlan(section(deg), seat(10, 50));
    expect(c.x).toBeCloseTo(ex, 9);
    expect(c.y).toBeCloseTo(ey, 9);
  });

  it.each([0, 15, 90, -120])('the seat own rotation (%p°) does not move its centre', (seatDeg) => {
    const a = seatCentreOnPlan(section(30), seat(10, 50, 0));
    const b = seatCentreOnPlan(section(30), seat(10, 50, seatDeg));
    expect(b).toEqual(a);
    expect(seatRotationOnPlan(section(30), seat(10, 50, seatDeg))).toBe(30 + seatDeg);
  });

  it('section rotation turns the box about its centre', () => {
    const m = sectionTransform(section(90));
    const centre = apply(m, 200, 100);
    expect(centre.x).toBeCloseTo(300, 9);
    expect(centre.y).toBeCloseTo(300, 9);
    // a 90° turn swaps the box's width and height on the plan
    const b = sectionBoxBounds(section(90));
    expect(b.minX).toBeCloseTo(200, 9);
    expect(b.maxX).toBeCloseTo(400, 9);
    expect(b.minY).toBeCloseTo(100, 9);
    expect(b.maxY).toBeCloseTo(500, 9);
  });

  it('seat corners are centred on the seat and carry both rotations', () => {
    const s = section(30);
    const st = seat(10, 50, 60); // 20 x 20 seat, total rotation 90
    const c = seatCentreOnPlan(s, st);
    const corners = seatCornersOnPlan(s, st);
    const mx = corners.reduce((acc, p) => acc + p.x, 0) / 4;
    const my = corners.reduce((acc, p) => acc + p.y, 0) / 4;
    expect(mx).toBeCloseTo(c.x, 9);
    expect(my).toBeCloseTo(c.y, 9);
    // total rotation 90°: the top-left corner (-10,-10) maps to (10,-10)
    expect(corners[0]!.x - c.x).toBeCloseTo(10, 9);
    expect(corners[0]!.y - c.y).toBeCloseTo(-10, 9);
  });

  it('rotatedHalfExtents is the AABB of a rotated rectangle', () => {
    const e = rotatedHalfExtents(10, 5, Math.cos(Math.PI / 2), Math.sin(Math.PI / 2));
    expect(e.x).toBeCloseTo(5, 9);
    expect(e.y).toBeCloseTo(10, 9);
  });
});
