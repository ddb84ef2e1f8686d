/**
 * Rotating and mirroring a selection about its centre, and the scale of a traced floor plan. Pure: they return new
 * seats and shapes, the designer puts them back (one undo step).
 */
import type { PlanPoint } from '../format';
import type { DesignerBackground, SectionShape } from './model';
import { normaliseAngle } from './layout';
import { boundsOf, shapeOutline, turn } from './shape';

/** Anything placed by its centre and rotation: seats, and SeatPlacement. */
export interface Placed {
  cx: number;
  cy: number;
  rotate: number;
}

export type MirrorAxis = 'horizontal' | 'vertical';

/** The middle of the selection's bounding box: seat centres and shape outlines. */
export function selectionCentre(items: readonly Placed[], shapes: readonly SectionShape[] = []): PlanPoint {
  const points: PlanPoint[] = items.map((i) => ({ x: i.cx, y: i.cy }));
  for (const s of shapes) points.push(...shapeOutline(s));
  if (points.length === 0) return { x: 0, y: 0 };
  const b = boundsOf(points);
  return { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
}

export function rotatePlaced<T extends Placed>(items: readonly T[], degrees: number, centre: PlanPoint): T[] {
  return items.map((item) => {
    const p = turn(item.cx, item.cy, centre.x, centre.y, degrees);
    return { ...item, cx: p.x, cy: p.y, rotate: normaliseAngle(item.rotate + degrees) };
  });
}

/**
 * Mirrors about a line through `centre`: 'horizontal' flips left and right (a vertical mirror line), 'vertical'
 * flips top and bottom. A seat's facing mirrors too (a seat facing up-left faces up-right).
 */
export function mirrorPlaced<T extends Placed>(items: readonly T[], axis: MirrorAxis, centre: PlanPoint): T[] {
  return items.map((item) =>
    axis === 'horizontal'
      ? { ...item, cx: 2 * centre.x - item.cx, rotate: normaliseAngle(-item.rotate) }
      : { ...item, cy: 2 * centre.y - item.cy, rotate: normaliseAngle(180 - item.rotate) },
  );
}

export function rotateShape(shape: SectionShape, degrees: number, centre: PlanPoint): SectionShape {
  switch (shape.type) {
    case 'rect': {
      const c = turn(shape.x + shape.width / 2, shape.y + shape.height / 2, centre.x, centre.y, degrees);
      return {
        ...shape,
        x: c.x - shape.width / 2,
        y: c.y - shape.height / 2,
        rotate: normaliseAngle(shape.rotate + degrees),
      };
    }
    case 'polygon':
      return { type: 'polygon', points: shape.points.map((p) => turn(p.x, p.y, centre.x, centre.y, degrees)) };
    case 'arc': {
      const c = turn(shape.cx, shape.cy, centre.x, centre.y, degrees);
      return { ...shape, cx: c.x, cy: c.y, startAngle: shape.startAngle + degrees, endAngle: shape.endAngle + degrees };
    }
  }
}

export function mirrorShape(shape: SectionShape, axis: MirrorAxis, centre: PlanPoint): SectionShape {
  const flip = (p: PlanPoint): PlanPoint =>
    axis === 'horizontal' ? { x: 2 * centre.x - p.x, y: p.y } : { x: p.x, y: 2 * centre.y - p.y };
  switch (shape.type) {
    case 'rect': {
      const c = flip({ x: shape.x + shape.width / 2, y: shape.y + shape.height / 2 });
      return { ...shape, x: c.x - shape.width / 2, y: c.y - shape.height / 2, rotate: normaliseAngle(-shape.rotate) };
    }
    case 'polygon':
      // Reversed so the outline keeps its winding.
      return { type: 'polygon', points: shape.points.map(flip).reverse() };
    case 'arc': {
      const c = flip({ x: shape.cx, y: shape.cy });
      // An angle a becomes 180 - a (left-right) or -a (top-bottom); start and end swap to keep start < end.
      const m = (a: number) => (axis === 'horizontal' ? 180 - a : -a);
      return { ...shape, cx: c.x, cy: c.y, startAngle: m(shape.endAngle), endAngle: m(shape.startAngle) };
    }
  }
}

/**
 * Tracing a floor plan: staff click two points on the image whose real distance they know (a wall of 20 m = 2,000
 * plan units); the factor makes that stretch that long.
 */
export function scaleFromTwoPoints(a: PlanPoint, b: PlanPoint, knownDistance: number): number {
  const measured = Math.hypot(b.x - a.x, b.y - a.y);
  if (!(measured > 0) || !(knownDistance > 0)) return 1;
  return knownDistance / measured;
}

/** The background scaled by `factor` about plan point `about` (one of the two clicked points stays put). */
export function scaleBackground(bg: DesignerBackground, factor: number, about: PlanPoint): DesignerBackground {
  return {
    ...bg,
    scale: bg.scale * factor,
    offset: { x: about.x + (bg.offset.x - about.x) * factor, y: about.y + (bg.offset.y - about.y) * factor },
  };
}
