import { apiDecorOf } from '../api-seatplan';
import type { VenueDecor } from '../format';

const BAR = {
  kind: 'rect' as const,
  points: [
    [10, 20],
    [110, 70],
  ] as [number, number][],
  rotate: 15,
  fill: '#e5e7eb',
  stroke: '#374151',
  label: { he: 'בר', en: 'Bar' },
};
const EXIT = { x: 50, y: 900, text: { he: 'יציאה', en: 'Exit', ru: 'Выход', ar: 'خروج' }, fontSize: 40, rotate: 0 };
const BACKGROUND = { src: 'data:image/png;base64,AAAA', opacity: 0.5, scale: 1, offset: { x: 0, y: 0 } };

describe('apiDecorOf: the decor buyers see', () => {
  it.each<[string, VenueDecor | undefined, ReturnType<typeof apiDecorOf>]>([
    ['no decor', undefined, null],
    ['an empty decor', {}, null],
    ['only a floor plan (a tracing aid, never shown to buyers)', { background: BACKGROUND }, null],
    [
      'shapes and texts, the labels in four languages (null where the plan has none)',
      { shapes: [BAR], texts: [EXIT], background: BACKGROUND },
      {
        shapes: [{ ...BAR, label: { he: 'בר', en: 'Bar', ru: null, ar: null } }],
        texts: [EXIT],
      },
    ],
    [
      'a shape without a label keeps null; a shape of fewer than two points draws nothing and is left out',
      {
        shapes: [
          { ...BAR, label: null },
          { ...BAR, kind: 'line', points: [[1, 1]] },
        ],
      },
      { shapes: [{ ...BAR, label: null }], texts: [] },
    ],
  ])('%s', (_name, decor, expected) => {
    expect(apiDecorOf(decor)).toEqual(expected);
  });

  it('copies only the fields the API carries (nothing else a document holds rides along)', () => {
    const extra = { ...BAR, id: 'shape-1', selected: true } as typeof BAR;
    const out = apiDecorOf({ shapes: [extra] })!;
    expect(Object.keys(out.shapes[0]!).sort()).toEqual(['fill', 'kind', 'label', 'points', 'rotate', 'stroke']);
    expect(out.shapes[0]!.points).not.toBe(extra.points);
  });
});
