import { describe, expect, it } from '@jest/globals';
import { buildSeatStore } from '../../model/seat-store';
import { visiblePlanRect, type Camera } from '../../model/viewport';
import { gaSection, gridSection, plan } from '../../model/__tests__/fixtures';
import { SpatialIndex } from '../../model/spatial-index';
import {
  labelRoom,
  LabelPlacer,
  layoutLabels,
  sectionForms,
  sectionLabelStyle,
  truncate,
  turnedBox,
  uprightRoom,
  type LabelInput,
  type LabelKind,
} from '../label-layout';

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
      store: over.store ?? store,
      camera: cam,
      view: visiblePlanRect(cam, 0),
      large: false,
      stage: null,
      stageLabel: null,
      sectionName: (s) => (over.store ?? store).sections[s]!.name,
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

describe('uprightRoom: the widest level line of a given height inside a turned rectangle', () => {
  const box = (w: number, h: number, deg: number) => ({
    w,
    h,
    cos: Math.cos((deg * Math.PI) / 180),
    sin: Math.sin((deg * Math.PI) / 180),
  });
  it.each([
    ['upright: its width', box(40, 20, 0), 10, 40],
    ['upright and too low for the line: none', box(40, 8, 0), 10, -1],
    ['a quarter turn: its long side is across', box(18, 40, 90), 10, 40],
    ['a quarter turn, too narrow for the line height: none', box(8, 40, 90), 10, -1],
    // 45 degrees, 18 x 40: (18 - 10 * 0.707) / 0.707 = 15.5 across, less than the narrow side.
    ['half a quarter turn: less than its narrow side', box(18, 40, 45), 10, 15.46],
    ['half a quarter turn of a thin stand: none', box(8, 40, 45), 12, -1],
  ])('%s', (_name, b, lineH, want) => {
    expect(uprightRoom(b, lineH)).toBeCloseTo(want, 1);
  });

  it('turnedBox reads a section rectangle at a scale, with its turn', () => {
    const sec = {
      corners: [
        { x: 0, y: 0 },
        { x: 0, y: 10 },
        { x: -40, y: 10 },
        { x: -40, y: 0 },
      ],
    };
    const b = turnedBox(sec, 2)!;
    expect([b.w, b.h, Math.round(b.cos), Math.round(b.sin)]).toEqual([20, 80, 0, 1]);
    expect(turnedBox({ corners: [] }, 1)).toBeNull();
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

  it('a sold-out section too small for its caption keeps its name (the caption gives way)', () => {
    // Seats 1.5 px: the section is 18 px high, room for "101" (11.5 px) but not for it and "Sold out" under it.
    const o = layout(camera(0.15), { soldOutCaption: (s) => (s === 0 ? 'Sold out' : '') });
    expect(texts(o, 'sectionSoldOut')).toEqual(['101']);
    expect(texts(o, 'captionSoldOut')).toEqual([]);
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

describe('section names: one style, shortened consistently', () => {
  it.each([
    ['numbered name', 'Lower tier 101', [['Lower tier 101'], ['Lower', 'tier 101'], ['101']]],
    ['two words, no number', 'Golden ring', [['Golden ring'], ['Golden', 'ring'], ['Golden ring']]],
    ['one word', 'Balcony', [['Balcony'], ['Balcony'], ['Balcony']]],
    ['Hebrew, numbered', 'יציע 12', [['יציע 12'], ['יציע', '12'], ['12']]],
  ])('%s: full, two lines, short', (_name, name, want) => {
    expect(sectionForms(name)).toEqual(want);
  });

  it.each([
    ['fits: unchanged', 'Balcony', 100, 'Balcony'],
    ['too long: cut with an ellipsis', 'Balcony', 29, 'Bal…'],
    ['no room for two letters and the ellipsis: left out (never "B…")', 'Balcony', 15, null],
    ['a number is never cut to its first digit ("2…")', '201', 15, null],
    ['trailing space before the ellipsis is dropped', 'Box A', 29, 'Box…'],
  ])('truncate: %s', (_name, text, maxWidth, want) => {
    expect(truncate(measure, text, 10, maxWidth)).toBe(want);
  });

  const sec = (name: string, widthPx: number, roomPx = widthPx, heightPx = 100) => ({
    name,
    widthPx,
    roomPx,
    heightPx,
  });
  it.each([
    ['all fit in full: level 0', [sec('Lower tier 101', 200), sec('Lower tier 102', 200)], 0],
    ['one needs two lines: all get two lines', [sec('Lower tier 101', 200), sec('Lower tier 102', 200, 100)], 1],
    ['one needs the short form: all get it', [sec('Lower tier 101', 200), sec('Lower tier 102', 200, 40)], 2],
    ['two lines too tall for one: all short', [sec('Lower tier 101', 200), sec('Lower tier 102', 200, 100, 20)], 2],
  ])('sectionLabelStyle: %s', (_name, sections, level) => {
    const style = sectionLabelStyle(measure, sections, false);
    expect(style.level).toBe(level);
    expect(style.size).toBe(17);
  });

  // A big plan: 12 sections of three widths side by side.
  const big = buildSeatStore(
    plan(
      Array.from({ length: 12 }, (_, n) =>
        gridSection({ id: n + 1, x: n * 300, y: 0, rows: 8, cols: [20, 14, 8][n % 3]!, name: `Tier ${101 + n}` }),
      ),
      4000,
      400,
    ),
  );
  it.each([0.35, 0.5, 0.6, 0.7])(
    'overview at scale %s: every section named, one size, one level of shortening',
    (scale) => {
      const o = layout(camera(scale, 10, 10, 4000, 400), { store: big }); // every section in view
      const labels = o.texts.filter((t) => t.kind === 'section');
      const sizes = new Set(labels.map((t) => t.px));
      expect(sizes.size).toBe(1);
      // One line per section (names are one line at the full and short levels, two at the middle one).
      const perSection = labels.length / 12;
      expect([1, 2]).toContain(perSection);
      const texts = labels.map((t) => t.text);
      const short = texts.every((t) => /^\d+$/.test(t));
      const full = texts.every((t) => /^Tier \d+$/.test(t));
      const two = perSection === 2;
      expect([short, full, two].filter(Boolean)).toHaveLength(1);
    },
  );
});

describe('names of turned sections seen as specks (a stadium on a phone)', () => {
  // Three stands of 10 seats across and 40 rows deep (120 x 480 units): upright, a quarter turn, half a quarter turn.
  const stands = buildSeatStore(
    plan(
      [
        gridSection({ id: 1, x: 0, y: 0, rows: 40, cols: 10, name: 'Upper tier 301' }),
        gridSection({ id: 2, x: 900, y: 0, rows: 40, cols: 10, rotation: 90, name: 'Upper tier 302' }),
        gridSection({ id: 3, x: 1400, y: 0, rows: 40, cols: 10, rotation: 45, name: 'Upper tier 303' }),
      ],
      2400,
      800,
    ),
  );
  const seatsIn = (() => {
    const index = new SpatialIndex(stands);
    return (x0: number, y0: number, x1: number, y1: number) => index.queryRect(x0, y0, x1, y1).length > 0;
  })();

  it('a name goes inside its own rectangle only where it fits there upright, never spilling onto a neighbour', () => {
    // Scale 0.38: seats 3.8 px (specks); stands 45.6 x 182 px; names at 17 px: "301" is 30.6 px wide, 36.6 with the
    // margin, and the half-turned stand has (45.6 - 21.55 * 0.707) / 0.707 = 42.9 px for it.
    const o = layout(camera(0.38, 10, 10, 1000, 400), { store: stands, seatsIn });
    const names = o.texts.filter((t) => t.kind === 'section');
    expect(names.map((t) => t.text).sort()).toEqual(['301', '302', '303']);
    // Scale 0.17: stands 20 x 82 px. Upright, "301" and its margin (24 px) are wider than the stand: no name; the
    // quarter-turned stand has its 82 px across: named; the half-turned one has 20 / 0.707 - 13.5 = 14.8 px: none.
    const narrow = layout(camera(0.17, 10, 10, 1000, 400), { store: stands, seatsIn });
    expect(narrow.texts.filter((t) => t.kind === 'section').map((t) => t.text)).toEqual(['302']);
  });
});

describe('row names', () => {
  /** Row-name boxes as the layout claims them. */
  const boxes = (o: Out) =>
    o.texts
      .filter((t) => t.kind === 'row' || t.kind === 'rowPinned')
      .map((t) => {
        const half = measure(t.text, t.px) / 2 + 2;
        return { x0: t.x - half, x1: t.x + half, y0: t.y - t.px * 0.55, y1: t.y + t.px * 0.55 };
      });
  const overlaps = (b: ReturnType<typeof boxes>) => {
    for (let p = 0; p < b.length; p++)
      for (let q = p + 1; q < b.length; q++)
        if (b[p]!.x0 < b[q]!.x1 && b[q]!.x0 < b[p]!.x1 && b[p]!.y0 < b[q]!.y1 && b[q]!.y0 < b[p]!.y1) return true;
    return false;
  };
  // Rows packed tightly (10-unit seats at a 10.5-unit pitch), a neighbour block 6 units to the right.
  const dense = buildSeatStore(
    plan([
      gridSection({ id: 1, x: 0, y: 0, rows: 30, cols: 12, pitch: 10.5 }),
      gridSection({ id: 2, x: 132, y: 0, rows: 30, cols: 12, pitch: 10.5 }),
    ]),
  );
  it.each([0.9, 1, 1.2, 1.5, 2, 3, 5])('never run together at scale %s (dense rows, blocks side by side)', (scale) => {
    const o = layout(camera(scale, 5, 5, 1000, 700), { store: dense });
    const b = boxes(o);
    expect(b.length).toBeGreaterThan(0);
    expect(overlaps(b)).toBe(false);
  });

  it.each([0.9, 1.2, 2, 3])(
    'a row end facing the next block across a narrow aisle: no name over its seats (scale %s)',
    (scale) => {
      const index = new SpatialIndex(dense);
      const seatsIn = (x0: number, y0: number, x1: number, y1: number) => index.queryRect(x0, y0, x1, y1).length > 0;
      const cam = camera(scale, 30, 5, 1000, 700);
      const rows = layout(cam, { store: dense, seatsIn }).texts.filter((t) => t.kind === 'row');
      const planX = (v: number) => (v - 30) / scale;
      const planY = (v: number) => (v - 5) / scale;
      const over = rows.filter((t) => {
        const half = measure(t.text, t.px) / 2;
        return seatsIn(planX(t.x - half), planY(t.y - t.px * 0.4), planX(t.x + half), planY(t.y + t.px * 0.4));
      });
      expect(over.map((t) => `${t.text} at ${Math.round(t.x)}`)).toEqual([]);
      // The outer end (left of block 1) keeps its names.
      expect(rows.filter((t) => t.x < 30).length).toBeGreaterThan(0);
    },
  );

  it('too tight for every name: every other row keeps its name, not a jumble', () => {
    const o = layout(camera(0.9, 30, 5, 1000, 700), { store: dense });
    const left = o.texts.filter((t) => t.kind === 'row' && t.x < 40).map((t) => Number(t.text));
    expect(left.length).toBeGreaterThanOrEqual(10);
    expect(left.every((r, n) => n === 0 || r > left[n - 1]!)).toBe(true);
  });

  it('zoomed in with the row ends off screen: names pinned to both edges, at their rows', () => {
    // Scale 3: section 1 is 240 x 120 units = 720 x 360 px; a 400 px view in its middle shows neither row end.
    const cam = camera(3, -160, 20, 400, 600);
    const o = layout(cam);
    const pinned = o.texts.filter((t) => t.kind === 'rowPinned');
    const left = pinned.filter((t) => t.x < 200);
    const right = pinned.filter((t) => t.x > 200);
    expect(left.map((t) => t.text)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(right.map((t) => t.text)).toEqual(left.map((t) => t.text));
    for (const t of left) {
      expect(t.x).toBeLessThan(20);
      // On its row: row r's seats are centred at plan y = 6 + 12 (r - 1).
      expect(t.y).toBeCloseTo((6 + 12 * (Number(t.text) - 1)) * 3 + 20, 0);
    }
    for (const t of right) expect(t.x).toBeGreaterThan(380);
    expect(o.texts.filter((t) => t.kind === 'row')).toEqual([]);
  });

  it("zoomed in: a pinned name's plate never lies over a seat number (those seats show none)", () => {
    const cam = camera(3, -160, 20, 400, 600);
    const o = layout(cam);
    const plates = o.texts
      .filter((t) => t.kind === 'rowPinned')
      .map((t) => ({
        x0: t.x - measure(t.text, t.px) / 2 - t.px * 0.35,
        x1: t.x + measure(t.text, t.px) / 2 + t.px * 0.35,
        y: t.y,
        h: t.px * 0.625,
      }));
    expect(plates.length).toBeGreaterThan(0);
    // The seats away from the edges keep their numbers.
    expect(o.numbers.length).toBeGreaterThan(40);
    for (const i of o.numbers) {
      const x = store.x[i]! * cam.scale + cam.x;
      const y = store.y[i]! * cam.scale + cam.y;
      for (const p of plates) {
        const under = x + 6 > p.x0 && x - 6 < p.x1 && Math.abs(y - p.y) < p.h + 6;
        expect({ seat: i, under }).toEqual({ seat: i, under: false });
      }
    }
  });

  it.each([0, 25, -40, 90])(
    'a curved row in a section turned %s degrees: its names sit beyond its ends, over no seat',
    (rotation) => {
      // Rows bend down towards both ends (a theatre's side section, an arena's tier), and every other row is a seat
      // shorter at each end, so a name at the row's mean height beyond its end lies over the longer row's end seat.
      const curved = buildSeatStore(
        plan([
          gridSection({
            id: 1,
            x: 300,
            y: 300,
            rows: 6,
            cols: 14,
            rotation,
            bend: (_r, c) => 0.35 * (c - 6.5) ** 2,
            skip: (r, c) => r % 2 === 1 && (c === 0 || c === 13),
          }),
        ]),
      );
      const cam = camera(2, -300, -300, 1400, 1200);
      const o = layout(cam, { store: curved });
      const names = o.texts.filter((t) => t.kind === 'row');
      expect(names.length).toBeGreaterThanOrEqual(6);
      for (const t of names) {
        const half = measure(t.text, t.px) / 2;
        for (let i = 0; i < curved.count; i++) {
          const sx = curved.x[i]! * cam.scale + cam.x;
          const sy = curved.y[i]! * cam.scale + cam.y;
          const r = Math.hypot(curved.halfW[i]!, curved.halfH[i]!) * cam.scale * 0.85;
          const over = Math.abs(sx - t.x) < half + r && Math.abs(sy - t.y) < t.px * 0.5 + r;
          expect({ row: t.text, at: [Math.round(t.x), Math.round(t.y)], seat: i, over }).toMatchObject({ over: false });
        }
      }
    },
  );

  it('row ends on screen: names at the ends, nothing pinned', () => {
    const o = layout(camera(1.5));
    expect(o.texts.filter((t) => t.kind === 'rowPinned')).toEqual([]);
    expect(o.texts.filter((t) => t.kind === 'row')).toHaveLength(20);
  });

  it('the phone bar: no row name under it (bottom inset)', () => {
    const cam = camera(3, -160, 20, 400, 600);
    const all = layout(cam).texts.filter((t) => t.kind === 'rowPinned');
    const above = layout(cam, { bottomInset: 400 }).texts.filter((t) => t.kind === 'rowPinned');
    expect(above.length).toBeGreaterThan(0);
    expect(above.length).toBeLessThan(all.length);
    for (const t of above) expect(t.y + t.px * 0.55).toBeLessThanOrEqual(200);
  });
});

describe('section names zoomed in: never over seats', () => {
  // Section 2 sits 8 units under section 1: the gap above its first row is full of section 1's last row.
  const stacked = buildSeatStore(
    plan([
      gridSection({ id: 1, x: 0, y: 0, rows: 4, cols: 10, name: 'Upper' }),
      gridSection({ id: 2, x: 0, y: 56, rows: 4, cols: 10, name: 'Lower' }),
    ]),
  );
  const index = new SpatialIndex(stacked);
  const seatsIn = (x0: number, y0: number, x1: number, y1: number) => index.queryRect(x0, y0, x1, y1).length > 0;

  it('above its first row where that is free, else below its last row', () => {
    const cam = camera(2, 40, 60, 800, 600);
    const o = layout(cam, { store: stacked, seatsIn });
    const names = o.texts.filter((t) => t.kind === 'section');
    const upper = names.find((t) => t.text === 'Upper')!;
    const lower = names.find((t) => t.text === 'Lower')!;
    expect(upper.y).toBeLessThan(60); // above section 1 (which starts at screen y 60)
    expect(lower.y).toBeGreaterThan((56 + 48) * 2 + 60); // below section 2's last row
    for (const t of names) {
      const half = measure(t.text, t.px) / 2;
      const px = (v: number, o0: number) => (v - o0) / 2;
      expect(seatsIn(px(t.x - half, 40), px(t.y - t.px / 2, 60), px(t.x + half, 40), px(t.y + t.px / 2, 60))).toBe(
        false,
      );
    }
  });
});

describe('section names on the overview: on seats only while seats are specks', () => {
  const index = new SpatialIndex(store);
  const seatsIn = (x0: number, y0: number, x1: number, y1: number) => index.queryRect(x0, y0, x1, y1).length > 0;
  const s1 = (o: Out) => o.texts.find((t) => t.kind === 'section' && /101|Lower|tier/.test(t.text))!;
  /** The label's box in plan units under camera c. */
  const covered = (c: Camera, t: Out['texts'][number]) => {
    const half = measure(t.text, t.px) / 2;
    return seatsIn(
      (t.x - half - c.x) / c.scale,
      (t.y - t.px / 2 - c.y) / c.scale,
      (t.x + half - c.x) / c.scale,
      (t.y + t.px / 2 - c.y) / c.scale,
    );
  };

  it('seats under 4 px: the name sits inside its block', () => {
    const c = camera(0.35, 20, 200);
    const t = s1(layout(c, { seatsIn }));
    expect(covered(c, t)).toBe(true);
  });

  it.each([0.5, 0.7, 0.85])('seats of 4-9 px (scale %s): the name is beside the seats, never on them', (scale) => {
    const c = camera(scale, 20, 200);
    const t = s1(layout(c, { seatsIn }));
    expect(t).toBeDefined();
    expect(covered(c, t)).toBe(false);
  });

  it('no free place beside the section (and seats visible): no name at that zoom rather than one over seats', () => {
    const c = camera(0.7, 20, 200);
    const o = layout(c, { seatsIn: () => true });
    expect(o.texts.filter((t) => t.kind === 'section').map((t) => t.text)).toEqual(['Standing']);
  });

  it('a section half off screen: its name moves into the part that is on screen', () => {
    const c = camera(0.35, -20, 200); // section 1 spans screen x -20..64: its middle is at 22
    const t = s1(layout(c));
    const half = measure(t.text, t.px) / 2;
    expect(t.x - half).toBeGreaterThanOrEqual(0);
  });
});
