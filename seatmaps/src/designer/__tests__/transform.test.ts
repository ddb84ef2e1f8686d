import {
  mirrorPlaced,
  mirrorShape,
  rotatePlaced,
  rotateShape,
  scaleBackground,
  scaleFromTwoPoints,
  selectionCentre,
} from '../transform';
import { snapBox, snapPoint, snapToGrid } from '../snap';
import { arcSectorOutline, pointInPolygon, rectCorners } from '../shape';
import type { SectionShape } from '../model';

const r = (v: number) => +v.toFixed(6) + 0;
const seats = [
  { id: 'a', cx: 0, cy: 0, rotate: 0 },
  { id: 'b', cx: 10, cy: 0, rotate: 30 },
];

describe('rotate and mirror a selection', () => {
  it('finds the selection centre', () => {
    expect(selectionCentre(seats)).toEqual({ x: 5, y: 0 });
  });

  it.each([
    [
      90,
      [
        [5, -5, 90],
        [5, 5, 120],
      ],
    ],
    [
      180,
      [
        [10, 0, 180],
        [0, 0, -150],
      ],
    ],
    [
      -90,
      [
        [5, 5, -90],
        [5, -5, -60],
      ],
    ],
  ])('rotates by %d about its centre, seats turning with it', (deg, expected) => {
    const out = rotatePlaced(seats, deg, selectionCentre(seats));
    expect(out.map((s) => [r(s.cx), r(s.cy), r(s.rotate)])).toEqual(expected);
    expect(out[0]!.id).toBe('a');
  });

  it.each([
    [
      'horizontal',
      [
        [10, 0, 0],
        [0, 0, -30],
      ],
    ],
    [
      'vertical',
      [
        [0, 0, 180],
        [10, 0, 150],
      ],
    ],
  ] as const)('mirrors %s', (axis, expected) => {
    const out = mirrorPlaced(seats, axis, selectionCentre(seats));
    expect(out.map((s) => [r(s.cx), r(s.cy), r(s.rotate)])).toEqual(expected);
  });

  const shapes: [string, SectionShape][] = [
    ['rect', { type: 'rect', x: 0, y: 0, width: 20, height: 10, rotate: 10 }],
    [
      'polygon',
      {
        type: 'polygon',
        points: [
          { x: 0, y: 0 },
          { x: 20, y: 0 },
          { x: 0, y: 10 },
        ],
      },
    ],
    ['arc', { type: 'arc', cx: 0, cy: 0, innerRadius: 5, outerRadius: 10, startAngle: 0, endAngle: 60 }],
  ];

  it.each(shapes)('rotating a %s shape moves its outline the same way', (_name, shape) => {
    const inside = shape.type === 'arc' ? { x: 7 * Math.cos(0.5), y: 7 * Math.sin(0.5) } : { x: 4, y: 3 };
    const c = { x: 3, y: 4 };
    const [moved] = rotatePlaced([{ cx: inside.x, cy: inside.y, rotate: 0 }], 70, c);
    const outline =
      shape.type === 'arc'
        ? arcSectorOutline(rotateShape(shape, 70, c) as never, 1)
        : outlineOf(rotateShape(shape, 70, c));
    expect(pointInPolygon(moved!.cx, moved!.cy, outline)).toBe(true);
  });

  it.each(shapes)('mirroring a %s shape moves its outline the same way', (_name, shape) => {
    const inside = shape.type === 'arc' ? { x: 7 * Math.cos(0.5), y: 7 * Math.sin(0.5) } : { x: 4, y: 3 };
    for (const axis of ['horizontal', 'vertical'] as const) {
      const [moved] = mirrorPlaced([{ cx: inside.x, cy: inside.y, rotate: 0 }], axis, { x: 1, y: 1 });
      const outline =
        shape.type === 'arc'
          ? arcSectorOutline(mirrorShape(shape, axis, { x: 1, y: 1 }) as never, 1)
          : outlineOf(mirrorShape(shape, axis, { x: 1, y: 1 }));
      expect(pointInPolygon(moved!.cx, moved!.cy, outline)).toBe(true);
    }
  });

  function outlineOf(shape: SectionShape) {
    return shape.type === 'rect' ? rectCorners(shape) : shape.type === 'polygon' ? shape.points : [];
  }
});

describe('scale from two points', () => {
  it.each([
    [{ x: 0, y: 0 }, { x: 3, y: 4 }, 10, 2],
    [{ x: 0, y: 0 }, { x: 0, y: 0 }, 10, 1],
    [{ x: 1, y: 1 }, { x: 2, y: 1 }, 0, 1],
  ])('%o to %o measured as %d gives factor %d', (a, b, d, f) => {
    expect(scaleFromTwoPoints(a, b, d)).toBe(f);
  });

  it('scales the background about a clicked point, which stays put', () => {
    const bg = { src: 'x', opacity: 0.5, scale: 1, offset: { x: 10, y: 10 } };
    const out = scaleBackground(bg, 2, { x: 20, y: 10 });
    expect(out).toEqual({ src: 'x', opacity: 0.5, scale: 2, offset: { x: 0, y: 10 } });
  });
});

describe('snap', () => {
  it.each([
    [{ x: 12, y: 18 }, 10, { x: 10, y: 20 }],
    [{ x: 12, y: 18 }, 0, { x: 12, y: 18 }],
    [{ x: -4, y: 5 }, 5, { x: -5, y: 5 }],
  ])('snaps %o to a grid of %d', (p, g, out) => {
    expect(snapToGrid(p, g)).toEqual(out);
  });

  it.each([
    [
      'a guide on x beats the grid',
      { x: 101, y: 57 },
      [{ x: 100, y: 0 }],
      { x: 100, y: 60 },
      [{ axis: 'x', at: 100, from: 0, to: 60 }],
    ],
    [
      'guides on both axes',
      { x: 101, y: 49 },
      [
        { x: 100, y: 0 },
        { x: 0, y: 50 },
      ],
      { x: 100, y: 50 },
      [
        { axis: 'x', at: 100, from: 0, to: 50 },
        { axis: 'y', at: 50, from: 0, to: 100 },
      ],
    ],
    ['too far: grid only', { x: 107, y: 57 }, [{ x: 100, y: 0 }], { x: 100, y: 60 }, []],
    [
      'the nearest guide wins',
      { x: 101, y: 500 },
      [
        { x: 98, y: 0 },
        { x: 102, y: 10 },
      ],
      { x: 102, y: 500 },
      [{ axis: 'x', at: 102, from: 10, to: 500 }],
    ],
  ])('%s', (_name, p, others, point, guides) => {
    expect(snapPoint(p, others, { tolerance: 4, grid: 20 })).toEqual({ point, guides });
  });
});

describe('snapBox: a dragged box lines up with other boxes', () => {
  const moving = { minX: 0, minY: 0, maxX: 10, maxY: 10 };
  const other = { minX: 50, minY: 100, maxX: 70, maxY: 120 };
  it.each([
    ['its right edge to a left edge', { x: 38, y: 3 }, [other], 0, { x: 40, y: 3 }, [{ axis: 'x', at: 50 }]],
    ['its centre to a centre', { x: 54, y: 3 }, [other], 0, { x: 55, y: 3 }, [{ axis: 'x', at: 60 }]],
    [
      'both axes',
      { x: 61, y: 111 },
      [other],
      0,
      { x: 60, y: 110 },
      [
        { axis: 'x', at: 60 },
        { axis: 'y', at: 110 },
      ],
    ],
    [
      'the smallest correction wins',
      { x: 41, y: 3 },
      [other, { ...other, minX: 53 }],
      0,
      { x: 40, y: 3 },
      [{ axis: 'x', at: 50 }],
    ],
    ['nothing near: the corner to the grid', { x: 7, y: 12 }, [], 5, { x: 5, y: 10 }, []],
    ['no grid, nothing near: as dragged', { x: 7, y: 12 }, [], 0, { x: 7, y: 12 }, []],
  ])('%s', (_name, delta, others, grid, out, guides) => {
    const r = snapBox(moving, delta, others, { tolerance: 3, grid });
    expect(r.delta).toEqual(out);
    expect(r.guides.map((g) => ({ axis: g.axis, at: g.at }))).toEqual(guides);
  });
});
