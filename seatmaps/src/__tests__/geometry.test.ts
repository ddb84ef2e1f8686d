import { boxCorners, effectiveFocalPoint, rotatePoint, seatPlanCentre } from '../geometry';
import type { SectionBox, VenueSeatplan } from '../format';

const close = (p: { x: number; y: number }, x: number, y: number) => {
  expect(p.x).toBeCloseTo(x, 6);
  expect(p.y).toBeCloseTo(y, 6);
};

describe('geometry', () => {
  it('rotates clockwise on screen (y points down)', () => {
    close(rotatePoint({ x: 1, y: 0 }, { x: 0, y: 0 }, 90), 0, 1);
    close(rotatePoint({ x: 0, y: -1 }, { x: 0, y: 0 }, 90), 1, 0);
  });

  const box: SectionBox = { x: 100, y: 200, width: 400, height: 200, rotate: 0 };
  const seat = { xOffsetPercent: 0, yOffsetPercent: 0, widthPercent: 10, heightPercent: 10 };

  it.each([
    // rotate, expected centre of a 40 x 20 seat in the box's top-left corner
    [0, 120, 210],
    [90, 390, 120], // box centre (300, 300); offset (-180, -90) turned a quarter clockwise is (90, -180)
    [180, 480, 390],
  ])('places a seat by offset percent, then turns it with its box (rotate %d)', (rotate, x, y) => {
    close(seatPlanCentre({ ...box, rotate }, seat), x, y);
  });

  it('gives the rotated corners', () => {
    const corners = boxCorners({ x: 0, y: 0, width: 2, height: 2, rotate: 90 });
    close(corners[0]!, 2, 0);
    close(corners[2]!, 0, 2);
  });

  it('falls back from focalPoint to the stage edge facing the plan centre', () => {
    const plan: VenueSeatplan = {
      code: 'p',
      name: { he: 'א', en: 'a' },
      width: 1000,
      height: 1000,
      stage: { x: 400, y: 0, width: 200, height: 100, label: { he: 'במה', en: 'Stage' } },
      focalPoint: null,
    };
    expect(effectiveFocalPoint(plan)).toEqual({ x: 500, y: 100 });
    expect(effectiveFocalPoint({ ...plan, stage: { ...plan.stage!, x: 0, y: 400, width: 100, height: 200 } })).toEqual({
      x: 100,
      y: 500,
    });
    expect(effectiveFocalPoint({ ...plan, focalPoint: { x: 1, y: 2 } })).toEqual({ x: 1, y: 2 });
    expect(effectiveFocalPoint({ ...plan, stage: null })).toEqual({ x: 500, y: 500 });
  });
});
