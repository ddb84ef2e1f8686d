import { decorBox, decorCentre, decorHit, moveDecor } from '../decor';
import type { DesignerShape } from '../model';

type Shape = Pick<DesignerShape, 'kind' | 'points' | 'rotate'>;
const shape = (kind: Shape['kind'], pts: [number, number][], rotate = 0): Shape => ({
  kind,
  points: pts.map(([x, y]) => ({ x, y })),
  rotate,
});
const r = (v: number) => Math.round(v * 1000) / 1000 + 0;
const flat = (pts: { x: number; y: number }[]) => pts.map((p) => [r(p.x), r(p.y)]);

describe('decorative shapes: where they are drawn', () => {
  it.each<[string, Shape, [number, number], [number, number][]]>([
    [
      'an upright rectangle',
      shape('rect', [
        [0, 0],
        [20, 10],
      ]),
      [10, 5],
      [
        [0, 0],
        [20, 0],
        [20, 10],
        [0, 10],
      ],
    ],
    [
      'corners given the other way round',
      shape('rect', [
        [20, 10],
        [0, 0],
      ]),
      [10, 5],
      [
        [0, 0],
        [20, 0],
        [20, 10],
        [0, 10],
      ],
    ],
    [
      'a rectangle turned 90°',
      shape(
        'rect',
        [
          [0, 0],
          [20, 10],
        ],
        90,
      ),
      [10, 5],
      [
        [15, -5],
        [15, 15],
        [5, 15],
        [5, -5],
      ],
    ],
    [
      'a line',
      shape('line', [
        [0, 0],
        [10, 0],
      ]),
      [5, 0],
      [
        [0, 0],
        [10, 0],
        [10, 0],
        [0, 0],
      ],
    ],
  ])('%s: centre and box as drawn', (_, s, centre, box) => {
    const c = decorCentre(s);
    expect([c.x, c.y]).toEqual(centre);
    expect(flat(decorBox(s))).toEqual(box);
  });
});

describe('decorative shapes: what a click hits', () => {
  const rect = shape('rect', [
    [0, 0],
    [20, 10],
  ]);
  const turned = shape(
    'rect',
    [
      [0, 0],
      [20, 10],
    ],
    90,
  );
  const circle = shape('ellipse', [
    [0, 0],
    [10, 10],
  ]);
  const line = shape('line', [
    [0, 0],
    [10, 0],
    [10, 10],
  ]);
  const triangle = shape('polygon', [
    [0, 0],
    [10, 0],
    [0, 10],
  ]);
  it.each<[string, Shape, [number, number], number, boolean]>([
    ['inside a rectangle', rect, [19, 9], 0, true],
    ['outside a rectangle', rect, [21, 5], 0, false],
    ['just outside, within the tolerance', rect, [21, 5], 1.5, true],
    ['a turned rectangle where it is drawn', turned, [10, -4], 0, true],
    ['a turned rectangle where it was before turning', turned, [1, 1], 0, false],
    ['inside a circle', circle, [5, 9], 0, true],
    ['in the box but outside the circle', circle, [0.5, 0.5], 0, false],
    ['on a line', line, [10, 5], 0.5, true],
    ['near a line', line, [5, 1], 2, true],
    ['off a line', line, [5, 5], 2, false],
    ['inside a polygon', triangle, [2, 2], 0, true],
    ['outside a polygon', triangle, [8, 8], 0, false],
    ['near a polygon edge', triangle, [5, -1], 1.5, true],
  ])('%s', (_, s, [x, y], tolerance, hit) => {
    expect(decorHit(s, { x, y }, tolerance)).toBe(hit);
  });
});

describe('decorative shapes: moved, turned and mirrored with a selection', () => {
  const about = { x: 0, y: 0 };
  const turn90 = (p: { x: number; y: number }) => ({ x: about.x - p.y, y: about.y + p.x });
  const mirrorX = (p: { x: number; y: number }) => ({ x: -p.x, y: p.y });
  it.each<[string, Shape, (p: { x: number; y: number }) => { x: number; y: number }, number, boolean, Shape]>([
    [
      'a rectangle moved',
      shape(
        'rect',
        [
          [0, 0],
          [20, 10],
        ],
        30,
      ),
      (p) => ({ x: p.x + 5, y: p.y - 1 }),
      0,
      false,
      shape(
        'rect',
        [
          [5, -1],
          [25, 9],
        ],
        30,
      ),
    ],
    [
      'a rectangle turned keeps its size, its centre turns',
      shape('rect', [
        [0, 0],
        [20, 10],
      ]),
      turn90,
      90,
      false,
      shape(
        'rect',
        [
          [-15, 5],
          [5, 15],
        ],
        90,
      ),
    ],
    [
      'a turned ellipse mirrored flips its rotation',
      shape(
        'ellipse',
        [
          [0, 0],
          [20, 10],
        ],
        30,
      ),
      mirrorX,
      0,
      true,
      shape(
        'ellipse',
        [
          [-20, 0],
          [0, 10],
        ],
        330,
      ),
    ],
    [
      'a line moved keeps its rotation',
      shape(
        'line',
        [
          [0, 0],
          [10, 0],
        ],
        45,
      ),
      (p) => ({ x: p.x + 1, y: p.y }),
      0,
      false,
      shape(
        'line',
        [
          [1, 0],
          [11, 0],
        ],
        45,
      ),
    ],
    [
      'a line turned: its points turn',
      shape('line', [
        [0, 0],
        [10, 0],
      ]),
      turn90,
      90,
      false,
      shape(
        'line',
        [
          [0, 0],
          [0, 10],
        ],
        0,
      ),
    ],
    [
      'a turned polygon mirrored: its rotation is worked into its points',
      shape(
        'polygon',
        [
          [0, 0],
          [10, 0],
          [10, 10],
        ],
        90,
      ),
      mirrorX,
      0,
      true,
      shape(
        'polygon',
        [
          [-10, 0],
          [-10, 10],
          [0, 10],
        ],
        0,
      ),
    ],
  ])('%s', (_, s, f, turn, mirror, expected) => {
    const out = moveDecor(s, f, turn, mirror);
    expect(out.rotate).toBe(expected.rotate);
    expect(flat(out.points)).toEqual(flat(expected.points));
  });

  it('keeps what it does not move (fill, stroke, label, id)', () => {
    const d: DesignerShape = {
      id: 'd0',
      ...shape('rect', [
        [0, 0],
        [2, 2],
      ]),
      fill: '#ffffff',
      stroke: null,
      label: null,
    };
    expect(moveDecor(d, (p) => ({ x: p.x + 1, y: p.y }))).toEqual({
      ...d,
      points: [
        { x: 1, y: 0 },
        { x: 3, y: 2 },
      ],
    });
  });
});
