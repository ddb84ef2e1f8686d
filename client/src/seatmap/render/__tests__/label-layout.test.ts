import { describe, expect, it } from '@jest/globals';
import { buildSeatStore } from '../../model/seat-store';
import { visiblePlanRect, type Camera } from '../../model/viewport';
import { gaSection, gridSection, plan } from '../../model/__tests__/fixtures';
import { labelRoom, LabelPlacer, layoutLabels, type LabelInput, type LabelKind } from '../label-layout';

/** A text measure without a canvas: 0.6 em per character. */
const measure = (text: string, px: number) => text.length * px * 0.6;

// Section 1: 10 rows x 20 seats (10 units, 12-unit pitch) from (0, 0), 240 x 120 units. Section 2: a standing area.
const store = buildSeatStore(
  plan([
    gridSection({ id: 1, x: 0, y: 0, rows: 10, cols: 20, name: 'Lower tier 101' }),
    gaSection({ id: 2, x: 400, y: 0, width: 200, height: 120, capacity: 300, name: 'Standing' }),
  ]),
);

const camera = (scale: number, x = 20, y = 20, w = 1400, h = 900): Camera => ({
  scale,
  x,
  y,
  rotation: 0,
  viewportWidth: w,
  viewportHeight: h,
});

interface Out {
  texts: { kind: LabelKind; text: string; x: number; y: number; px: number }[];
  numbers: number[];
}

function layout(cam: Camera, over: Partial<LabelInput> = {}): Out {
  const out: Out = { texts: [], numbers: [] };
  layoutLabels(
    {
      store,
      camera: cam,
      view: visiblePlanRect(cam, 0),
      large: false,
      stage: null,
      stageLabel: null,
      sectionName: (s) => store.sections[s]!.name,
      gaCaption: () => '300 left',
      soldOutCaption: () => '',
      gaHeld: () => 0,
      showsNumber: () => true,
      measure,
      ...over,
    },
    {
      text: (kind, text, x, y, px) => out.texts.push({ kind, text, x, y, px }),
      beginSeatNumbers: () => {},
      seatNumber: (i) => out.numbers.push(i),
    },
  );
  return out;
}
const texts = (o: Out, kind: LabelKind) => o.texts.filter((t) => t.kind === kind).map((t) => t.text);

describe('labelRoom', () => {
  const box = (w: number, h: number, upright: boolean) => ({
    corners: [
      { x: 0, y: 0 },
      { x: w, y: 0 },
      { x: w, y: h },
      { x: 0, y: h },
    ],
    transform: upright ? [1, 0, 0, 1, 0, 0] : [0.7, 0.7, -0.7, 0.7, 0, 0],
  });
  it.each([
    ['upright box: its width', box(200, 50, true), 200],
    ['turned box: its smaller side', box(200, 50, false), 50],
    ['no box: unlimited', { corners: [], transform: [1, 0, 0, 1, 0, 0] }, Infinity],
  ])('%s', (_name, sec, want) => {
    expect(labelRoom(sec)).toBe(want);
  });
});

describe('LabelPlacer.place', () => {
  // "Lower tier 101" at 10 px: 84 px wide in one line, 48 px ("tier 101") in two, 18 px ("101") as a number.
  it.each([
    ['room for the full name', 100, 100, ['Lower tier 101']],
    ['too narrow: two lines', 70, 100, ['Lower', 'tier 101']],
    ['too narrow and too low for two lines: the numbered part', 70, 20, ['101']],
    ['not even that fits: no label', 10, 100, null],
  ])('%s', (_name, maxWidth, maxHeight, want) => {
    expect(new LabelPlacer(measure).place('Lower tier 101', 100, 100, 10, maxWidth, maxHeight)).toEqual(want);
  });

  it('never overlaps a label already placed', () => {
    const p = new LabelPlacer(measure);
    expect(p.place('Balcony', 100, 100, 10, Infinity)).toEqual(['Balcony']);
    expect(p.place('Box', 110, 104, 10, Infinity)).toBeNull();
    expect(p.place('Box', 110, 140, 10, Infinity)).toEqual(['Box']);
  });
});

describe('layoutLabels', () => {
  it('zoomed out: section and area names centred in them, the area caption under its name, no rows or numbers', () => {
    const o = layout(camera(0.7)); // seats 7 px
    expect(texts(o, 'section')).toEqual(['Lower tier 101', 'Standing']);
    expect(texts(o, 'caption')).toEqual(['300 left']);
    expect(texts(o, 'row')).toEqual([]);
    expect(o.numbers).toEqual([]);
  });

  it('a sold-out section says so under its name, both grey', () => {
    const o = layout(camera(0.7), { soldOutCaption: (s) => (s === 0 ? 'Sold out' : '') });
    expect(texts(o, 'sectionSoldOut')).toEqual(['Lower tier 101']);
    expect(texts(o, 'captionSoldOut')).toEqual(['Sold out']);
  });

  it('places held in an area are shown as a tick and a count', () => {
    expect(texts(layout(camera(0.5), { gaHeld: (s) => (s === 1 ? 2 : 0) }), 'gaHeld')).toEqual(['✓ 2']);
  });

  it('zoomed in: row names at both ends of every row, the section name above the first row', () => {
    const o = layout(camera(1.2)); // seats 12 px
    const rows = texts(o, 'row');
    expect(rows).toHaveLength(20);
    expect(rows.slice(0, 4)).toEqual(['1', '1', '2', '2']);
    expect(texts(o, 'section')).toContain('Lower tier 101');
    expect(o.numbers).toEqual([]);
  });

  it.each([
    ['below 18 px: no seat numbers', 1.7, false, 0],
    ['from 18 px: every seat that shows its number', 1.9, false, 200],
    ['box office: from 16 px', 1.7, true, 200],
  ])('%s', (_name, scale, large, count) => {
    expect(layout(camera(scale, 20, 20, 2560, 1440), { large }).numbers).toHaveLength(count);
  });

  it('seats that do not show their number (taken, selected, with a glyph) get none', () => {
    const o = layout(camera(2, 20, 20, 2560, 1440), { showsNumber: (i) => i % 2 === 0 });
    expect(o.numbers).toHaveLength(100);
    expect(o.numbers.every((i) => i % 2 === 0)).toBe(true);
  });

  it('sections and rows outside the view are not laid out', () => {
    const o = layout(camera(2, -2000, 0)); // the view starts at plan x = 1000: nothing there
    expect(o.texts).toEqual([]);
  });

  it('the stage name sits inside its marker when the marker is tall enough, else under it', () => {
    const stage = { x: 0, y: 200, width: 240, height: 40 };
    expect(texts(layout(camera(0.5), { stage, stageLabel: 'Stage' }), 'stageInside')).toEqual(['Stage']);
    expect(texts(layout(camera(0.2), { stage, stageLabel: 'Stage' }), 'stage')).toEqual(['Stage']);
  });
});
