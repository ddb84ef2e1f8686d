import { DECOR_KINDS, emptyDoc, type DecorKind, type DesignerDoc } from '../doc';
import { Editor } from '../editor';
import { DEFAULT_FORM } from '../numbering';
import { toVenueDocument, fromVenueDocument } from '../venue-document';

const venue = { code: 'hall', name: { he: 'אולם', en: 'Hall', ru: '', ar: '' }, businessId: 1 };

/** A plain, comparable picture of the document (maps as sorted entries). */
function snapshot(doc: DesignerDoc): unknown {
  const t = (m: Map<string, unknown>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
  return {
    meta: doc.meta,
    zones: t(doc.zones),
    sections: t(doc.sections),
    seats: t(doc.seats),
    labels: t(doc.labels),
    shapes: t(doc.shapes),
  };
}

/** A stage at the top (rows are numbered from it) and a block of rows in one category. */
function editorWithBlock(rows = 2, seatsPerRow = 3): Editor {
  const e = new Editor(emptyDoc(venue));
  e.addZone();
  e.options.grid = 0;
  e.setTool('stage');
  e.create({ x: 50, y: 10 }, { x: 250, y: 40 });
  e.options.block = { rows, seatsPerRow, curvature: 0, stagger: false };
  e.setTool('block');
  e.create({ x: 100, y: 100 }, { x: 100 + (seatsPerRow - 1) * 10, y: 100 + (rows - 1) * 12 });
  return e;
}

/** Each command: applying it changes the document; undo gives back exactly the document before; redo the one after. */
const commands: [string, (e: Editor) => void][] = [
  ['move', (e) => e.moveSelected(5, -3)],
  ['nudge', (e) => e.nudge(1, 0, true)],
  ['rotate', (e) => e.rotateSelected(90)],
  ['mirror', (e) => e.mirrorSelected('x')],
  ['delete', (e) => e.deleteSelected()],
  ['duplicate', (e) => e.duplicate()],
  ['category', (e) => e.setZoneOfSelection(e.addZone())],
  ['feature', (e) => e.toggleFeature(10)],
  ['together', (e) => e.toggleTogether()],
  ['renumber from the right', (e) => e.renumberSelected({ ...DEFAULT_FORM, seatsFrom: 'right' })],
  [
    'section name',
    (e) => e.updateSection(e.selection.ofTable('sections')[0]!, { name: { he: 'א', en: 'A', ru: '', ar: '' } }),
  ],
  ['stage', (e) => (e.setTool('stage'), e.create({ x: 0, y: 0 }, { x: 200, y: 40 }))],
  ['text', (e) => (e.setTool('text'), (e.options.text = 'Exit'), e.create({ x: 5, y: 5 }, { x: 5, y: 5 }))],
  ['rect section', (e) => (e.setTool('rect'), e.create({ x: 300, y: 300 }, { x: 400, y: 400 }))],
  ['ga area', (e) => (e.setTool('ga'), e.create({ x: 300, y: 300 }, { x: 400, y: 400 }))],
  ['arc sector', (e) => (e.setTool('arc'), e.create({ x: 500, y: 100 }, { x: 500, y: 300 }))],
  [
    'polygon',
    (e) => {
      e.setTool('polygon');
      e.addPolygonPoint({ x: 10, y: 10 });
      e.addPolygonPoint({ x: 60, y: 10 });
      e.addPolygonPoint({ x: 30, y: 50 });
      e.closePolygon();
    },
  ],
];

/** The shape tool drawing one shape of a kind (two corners, or a polygon's three corners closed). */
function drawShape(e: Editor, kind: DecorKind, a = { x: 300, y: 300 }, b = { x: 360, y: 340 }): void {
  e.setTool('shape');
  e.setToolOptions({ shapeKind: kind });
  if (kind !== 'polygon') {
    e.create(a, b);
    return;
  }
  e.addPolygonPoint(a);
  e.addPolygonPoint({ x: b.x, y: a.y });
  e.addPolygonPoint(b);
  e.closePolygon();
}
commands.push(
  ...DECOR_KINDS.map((kind): [string, (e: Editor) => void] => [`shape: ${kind}`, (e) => drawShape(e, kind)]),
  [
    'shape label',
    (e) => {
      drawShape(e, 'rect');
      e.updateShape(e.selection.ofTable('shapes')[0]!, { label: { he: 'בר', en: 'Bar', ru: '', ar: '' } });
    },
  ],
  ['seat size of its own', (e) => e.setSeatSize({ width: 14, height: 8 })],
  ['shape moved with a section', (e) => (drawShape(e, 'ellipse'), e.selectAll(), e.rotateSelected(90))],
);

describe('designer editor: every command undoes and redoes', () => {
  test.each(commands)('%s', (_name, act) => {
    const e = editorWithBlock();
    e.select(e.doc.sections.keys());
    const before = snapshot(e.doc);
    act(e);
    const after = snapshot(e.doc);
    expect(after).not.toEqual(before);
    while (
      e.history.undoLabel &&
      snapshot(e.doc) !== before &&
      JSON.stringify(snapshot(e.doc)) !== JSON.stringify(before)
    )
      e.undo();
    expect(snapshot(e.doc)).toEqual(before);
    while (e.history.canRedo) e.redo();
    expect(snapshot(e.doc)).toEqual(after);
  });
});

describe('designer editor: command stack', () => {
  test('a new command forgets what could be redone', () => {
    const e = editorWithBlock();
    e.select(e.doc.sections.keys());
    e.moveSelected(1, 0);
    e.undo();
    expect(e.history.canRedo).toBe(true);
    e.moveSelected(0, 1);
    expect(e.history.canRedo).toBe(false);
  });

  test('a 20,000-seat block is one command of inverse changes, undone to the previous document', () => {
    const e = new Editor(emptyDoc(venue));
    e.options.grid = 0;
    e.options.block = { rows: 100, seatsPerRow: 200, curvature: 0.3, stagger: true };
    e.setTool('block');
    e.create({ x: 0, y: 0 }, { x: 2000, y: 1000 });
    expect(e.doc.seats.size).toBe(20000);
    e.undo();
    expect(e.doc.seats.size).toBe(0);
    expect(e.doc.sections.size).toBe(0);
    e.redo();
    expect(e.doc.seats.size).toBe(20000);
  });

  test('a read-only plan (published) takes no command', () => {
    const e = editorWithBlock();
    e.readOnly = true;
    e.select(e.doc.sections.keys());
    e.deleteSelected();
    expect(e.doc.seats.size).toBe(6);
  });
});

/** Three of a kind drawn apart, in drawing order (the first drawn is the deepest). */
type Kind = 'seats' | 'sections' | 'shapes' | 'labels';
function threeOf(kind: Kind): Editor {
  if (kind === 'seats') return editorWithBlock(1, 3);
  const e = new Editor(emptyDoc(venue));
  e.options.grid = 0;
  for (const x of [100, 300, 500]) {
    if (kind === 'shapes') drawShape(e, 'rect', { x, y: 300 }, { x: x + 150, y: 350 });
    else if (kind === 'sections') {
      e.setTool('rect');
      e.create({ x, y: 100 }, { x: x + 150, y: 200 });
    } else {
      e.setTool('text');
      e.options.text = `T${x}`;
      e.create({ x, y: 50 }, { x, y: 50 });
    }
  }
  e.setTool('select');
  return e;
}

/** Which of the three to delete (by drawing order), in one command. */
const deletions: [string, number[]][] = [
  ['the deepest', [0]],
  ['the middle one', [1]],
  ['the top one', [2]],
  ['the deepest and the top one', [0, 2]],
  ['all three', [0, 1, 2]],
];

describe('designer editor: undo of a deletion puts things back at their depth (drawing order), not on top', () => {
  const kinds: Kind[] = ['seats', 'sections', 'shapes', 'labels'];
  test.each(kinds.flatMap((kind) => deletions.map(([name, which]): [Kind, string, number[]] => [kind, name, which])))(
    '%s: %s',
    (kind, _name, which) => {
      const e = threeOf(kind);
      const order = [...e.doc[kind].keys()];
      expect(order).toHaveLength(3);
      e.select(which.map((k) => order[k]!));
      e.deleteSelected();
      expect(e.doc[kind].size).toBe(3 - which.length);
      e.undo();
      expect([...e.doc[kind].keys()]).toEqual(order);
      // Redone and undone again: the same depth every time.
      e.redo();
      e.undo();
      expect([...e.doc[kind].keys()]).toEqual(order);
    },
  );

  test('a section deleted with its seats: both come back in their order, under a section drawn after it', () => {
    const e = editorWithBlock(2, 3);
    e.setTool('rect');
    e.create({ x: 400, y: 400 }, { x: 500, y: 500 });
    const sections = [...e.doc.sections.keys()];
    const seats = [...e.doc.seats.keys()];
    e.select([sections[0]!]);
    e.deleteSelected();
    expect(e.doc.seats.size).toBe(0);
    e.undo();
    expect([...e.doc.sections.keys()]).toEqual(sections);
    expect([...e.doc.seats.keys()]).toEqual(seats);
  });

  test('overlapping shapes: after the lower one is deleted and brought back, a click still finds the upper one', () => {
    const e = new Editor(emptyDoc(venue));
    drawShape(e, 'rect', { x: 300, y: 300 }, { x: 400, y: 400 });
    const lower = e.selection.ofTable('shapes')[0]!;
    drawShape(e, 'rect', { x: 350, y: 350 }, { x: 450, y: 450 });
    const upper = e.selection.ofTable('shapes')[0]!;
    expect(e.hitTest({ x: 375, y: 375 })).toBe(upper);
    e.select([lower]);
    e.deleteSelected();
    e.undo();
    expect(e.hitTest({ x: 375, y: 375 })).toBe(upper);
  });

  test('an import undone gives back the previous design in its order', () => {
    const e = threeOf('shapes');
    const order = [...e.doc.shapes.keys()];
    e.replaceAll(emptyDoc(venue));
    expect(e.doc.shapes.size).toBe(0);
    e.undo();
    expect([...e.doc.shapes.keys()]).toEqual(order);
  });
});

describe('designer editor: selection', () => {
  test('click picks a seat, shift-click toggles, the box takes whole sections', () => {
    const e = editorWithBlock();
    const first = e.hitTest({ x: 100, y: 100 })!;
    expect(e.doc.seats.get(first)?.name).toBe('1');
    e.select([first]);
    const second = e.hitTest({ x: 110, y: 100 })!;
    e.select([second], 'toggle');
    expect(e.selection.size).toBe(2);
    e.select([first], 'toggle');
    expect(e.selection.all()).toEqual([second]);
    e.select(e.idsInBox({ x: 0, y: 0 }, { x: 500, y: 500 }));
    expect(e.selection.ofTable('sections')).toHaveLength(1);
    expect(e.selection.ofTable('seats')).toHaveLength(0);
    expect(e.targetSeats()).toHaveLength(6);
  });

  test('a box around some seats of a section takes those seats', () => {
    const e = editorWithBlock();
    e.select(e.idsInBox({ x: 95, y: 95 }, { x: 125, y: 105 }));
    expect(e.selection.ofTable('seats')).toHaveLength(3);
  });

  test('undo of a creation drops the created things from the selection', () => {
    const e = editorWithBlock();
    e.undo();
    expect(e.selection.size).toBe(0);
  });
});

describe('designer editor: snapping (the model snapBox) while dragging', () => {
  function twoSections(): Editor {
    const e = new Editor(emptyDoc(venue));
    e.options.grid = 5;
    e.setTool('rect');
    e.create({ x: 0, y: 0 }, { x: 10, y: 10 });
    e.create({ x: 50, y: 100 }, { x: 80, y: 120 });
    e.select([e.hitTest({ x: 5, y: 5 })!]);
    return e;
  }

  test('within 6 screen px the moved section lines up with another edge and shows a guide', () => {
    const e = twoSections();
    e.dragTo(38, 3);
    expect(e.dragOffset).toEqual({ x: 40, y: 5 });
    expect(e.guides.map((g) => [g.axis, g.at])).toEqual([['x', 50]]);
    e.endDrag();
    expect(e.selectionBounds()).toEqual({ minX: 40, minY: 5, maxX: 50, maxY: 15 });
  });

  test('else it snaps to the grid', () => {
    const e = twoSections();
    e.dragTo(17, 12);
    expect(e.dragOffset).toEqual({ x: 15, y: 10 });
    expect(e.guides).toEqual([]);
  });
});

describe('designer numbering (the model renumber, from the panel form)', () => {
  test('rows are numbered from the stage: the row nearest it is row 1', () => {
    const e = new Editor(emptyDoc(venue));
    e.addZone();
    e.options.grid = 0;
    e.setTool('stage');
    e.create({ x: 100, y: 20 }, { x: 200, y: 40 });
    e.options.block = { rows: 3, seatsPerRow: 2, curvature: 0, stagger: false };
    e.setTool('block');
    e.create({ x: 100, y: 100 }, { x: 110, y: 140 });
    const byRow = (row: string) => [...e.doc.seats.values()].filter((s) => s.row === row).map((s) => s.y);
    expect([byRow('1'), byRow('2'), byRow('3')]).toEqual([
      [100, 100],
      [120, 120],
      [140, 140],
    ]);
  });

  test('a balcony numbered from the right in lettered rows: seat 1 is the rightmost of each row', () => {
    const e = editorWithBlock(2, 4);
    e.select(e.doc.sections.keys());
    e.renumberSelected({ ...DEFAULT_FORM, seatsFrom: 'right', rowStyle: 'letters' });
    const seats = [...e.doc.seats.values()];
    expect(seats.filter((s) => s.x === 130).map((s) => [s.row, s.name])).toEqual([
      ['A', '1'],
      ['B', '1'],
    ]);
    expect(seats.filter((s) => s.x === 100).map((s) => s.name)).toEqual(['4', '4']);
  });

  test('odd numbers from 1, even from 2', () => {
    const e = editorWithBlock(1, 3);
    e.select(e.doc.sections.keys());
    e.renumberSelected({ ...DEFAULT_FORM, seatStep: 2, firstSeat: 1 });
    expect([...e.doc.seats.values()].map((s) => s.name)).toEqual(['1', '3', '5']);
    e.renumberSelected({ ...DEFAULT_FORM, seatStep: 2, firstSeat: 2 });
    expect([...e.doc.seats.values()].map((s) => s.name)).toEqual(['2', '4', '6']);
  });

  test('a renumbering that would label two seats of a row alike is refused, changes nothing and selects them', () => {
    const e = editorWithBlock(1, 3);
    const first = e.hitTest({ x: 100, y: 100 })!;
    e.select([first]);
    const before = snapshot(e.doc);
    // Seat 1 renumbered alone from 2 clashes with the seat already labelled 2.
    e.renumberSelected({ ...DEFAULT_FORM, firstSeat: 2, keepRows: true });
    expect(snapshot(e.doc)).toEqual(before);
    expect(e.announcement?.key).toBe('renumberConflict');
    expect(e.announcement?.params.label).toBe('2');
    expect(e.selection.size).toBe(2);
  });
});

describe('designer venue document (the model convert)', () => {
  test('a seat keeps its identity (what sales remember) through an edit; a copy gets a place of its own', () => {
    const e = editorWithBlock(1, 2);
    const v = toVenueDocument(e.doc);
    const opened = new Editor(fromVenueDocument(v));
    const ids = (d: ReturnType<typeof toVenueDocument>) =>
      d.sections[0]!.groups[0]!.rows[0]!.seats.map((k) => `${k.name}:${k.x},${k.y}`);
    expect(ids(v)).toEqual(['1:1,1', '2:2,1']);
    const second = opened.hitTest({ x: 110, y: 100 })!;
    opened.select([second]);
    opened.moveSelected(0, 0.5);
    opened.select([opened.hitTest({ x: 100, y: 100 })!]);
    opened.duplicate();
    const after = toVenueDocument(opened.doc);
    expect(ids(after)).toEqual(['1:1,1', '2:2,1', "1':3,1"]);
  });

  test('an imported file comes back unchanged (the model keeps its boxes and outlines)', () => {
    const e = editorWithBlock(2, 3);
    e.setTool('polygon');
    e.addPolygonPoint({ x: 300, y: 300 });
    e.addPolygonPoint({ x: 360, y: 300 });
    e.addPolygonPoint({ x: 330, y: 350 });
    e.closePolygon();
    const v = toVenueDocument(e.doc);
    expect(toVenueDocument(fromVenueDocument(v))).toEqual(v);
  });

  test('a design goes to the venue format and comes back with the same seats at the same places', () => {
    const e = editorWithBlock(3, 5);
    const v = toVenueDocument(e.doc);
    expect(v.sections[0]!.groups[0]!.rows.map((r) => r.seats.length)).toEqual([5, 5, 5]);
    const back = fromVenueDocument(v);
    // The format keeps percents to 3 decimals: places come back within 1/1000 of a unit.
    const r = (n: number) => Math.round(n * 100) / 100;
    const at = (d: DesignerDoc) => [...d.seats.values()].map((s) => `${s.row}/${s.name}@${r(s.x)},${r(s.y)}`).sort();
    expect(at(back)).toEqual(at(e.doc));
  });

  test('validation finds an empty plan, then nothing once it has a category and seats in it', () => {
    const e = new Editor(emptyDoc(venue));
    expect(e.problems().map((p) => p.code)).toEqual(['noZones', 'noSections']);
    const f = editorWithBlock();
    expect(f.problems()).toEqual([]);
  });

  test("texts on the plan travel in the format's decor", () => {
    const e = editorWithBlock();
    e.options.text = 'Exit';
    e.setTool('text');
    e.create({ x: 40, y: 40 }, { x: 40, y: 40 });
    const v = toVenueDocument(e.doc);
    expect(v.decor?.texts?.map((t) => t.text.en)).toEqual(['Exit']);
    expect([...fromVenueDocument(v).labels.values()].map((l) => [l.text.en, l.x, l.y])).toEqual([['Exit', 40, 40]]);
  });

  test("once the format's own checks pass, the model's plan check (the server's before publishing) is listed", () => {
    const e = editorWithBlock();
    e.select([e.hitTest({ x: 100, y: 100 })!]);
    e.moveSelected(10, 0);
    const codes = e.problems().map((p) => p.plan?.code ?? p.code);
    expect(codes).toContain('SEATS_OVERLAP');
    e.undo();
    expect(e.problems()).toEqual([]);
  });
});

describe('designer editor: decorative shapes (the shape tool)', () => {
  test.each<[DecorKind, number]>([
    ['rect', 2],
    ['ellipse', 2],
    ['line', 2],
    ['polygon', 3],
  ])('a %s is drawn selected, found by a click, and keeps %d points', (kind, points) => {
    const e = editorWithBlock();
    drawShape(e, kind);
    const [id] = e.selection.ofTable('shapes');
    expect(e.doc.shapes.get(id!)).toMatchObject({ kind, rotate: 0, label: null });
    expect(e.doc.shapes.get(id!)!.points).toHaveLength(points);
    e.clearSelection();
    // Every kind covers (or passes by) the middle of the box drawn, (330, 320).
    expect(e.hitTest({ x: 330.5, y: 320 })).toBe(id);
    expect(e.hitTest({ x: 600, y: 600 })).toBeNull();
  });

  test('a line is drawn from its first point to its second, not as a box', () => {
    const e = editorWithBlock();
    drawShape(e, 'line', { x: 300, y: 340 }, { x: 360, y: 300 });
    const d = e.doc.shapes.get(e.selection.ofTable('shapes')[0]!)!;
    expect(d.points).toEqual([
      { x: 300, y: 340 },
      { x: 360, y: 300 },
    ]);
    expect(d.fill).toBeNull();
  });

  test('a click on nothing draws nothing; a polygon needs three corners', () => {
    const e = editorWithBlock();
    e.setTool('shape');
    e.create({ x: 300, y: 300 }, { x: 300, y: 300 });
    e.setToolOptions({ shapeKind: 'polygon' });
    expect(e.picksCorners()).toBe(true);
    e.addPolygonPoint({ x: 300, y: 300 });
    e.addPolygonPoint({ x: 350, y: 300 });
    e.closePolygon();
    expect(e.doc.shapes.size).toBe(0);
    expect(e.doc.sections.size).toBe(1);
  });

  test('moved, nudged, copied, box-selected and deleted like anything else; undo brings it back', () => {
    const e = editorWithBlock();
    drawShape(e, 'rect');
    const [id] = e.selection.ofTable('shapes');
    e.moveSelected(10, -5);
    expect(e.doc.shapes.get(id!)!.points[0]).toEqual({ x: 310, y: 295 });
    e.nudge(1, 0, true);
    expect(e.doc.shapes.get(id!)!.points[0]).toEqual({ x: 320, y: 295 });
    e.duplicate();
    expect(e.doc.shapes.size).toBe(2);
    e.select(e.idsInBox({ x: 290, y: 280 }, { x: 400, y: 400 }));
    expect(e.selection.ofTable('shapes')).toHaveLength(2);
    e.deleteSelected();
    expect(e.doc.shapes.size).toBe(0);
    e.undo();
    expect(e.doc.shapes.size).toBe(2);
  });

  test("shapes travel in the format's decor and come back as they were", () => {
    const e = editorWithBlock();
    drawShape(e, 'ellipse');
    e.updateShape(e.selection.ofTable('shapes')[0]!, {
      label: { he: 'עמוד', en: 'Pillar', ru: 'Колонна', ar: 'عمود' },
      stroke: '#112233',
    });
    e.rotateSelected(30);
    drawShape(e, 'polygon', { x: 400, y: 400 }, { x: 450, y: 450 });
    const v = toVenueDocument(e.doc);
    expect(v.decor?.shapes?.map((d) => [d.kind, d.label?.en ?? null, d.rotate])).toEqual([
      ['ellipse', 'Pillar', 30],
      ['polygon', null, 0],
    ]);
    const back = [...fromVenueDocument(v).shapes.values()].map(({ id: _id, ...rest }) => rest);
    expect(back).toEqual([...e.doc.shapes.values()].map(({ id: _id, ...rest }) => rest));
    expect(toVenueDocument(fromVenueDocument(v))).toEqual(v);
  });

  test('a label without Hebrew or English is a problem that selects the shape (the format needs both)', () => {
    const e = editorWithBlock();
    drawShape(e, 'rect');
    const [id] = e.selection.ofTable('shapes');
    e.updateShape(id!, { label: { he: 'בר', en: '', ru: '', ar: '' } });
    expect(e.problems().map((p) => [p.code, p.target])).toEqual([['decorName', id]]);
    e.updateShape(id!, { label: { he: 'בר', en: 'Bar', ru: '', ar: '' } });
    expect(e.problems()).toEqual([]);
  });
});

describe('designer editor: seats of their own size (the format keeps a size per seat)', () => {
  test('an opened plan keeps every seat its size: seats of the plan size have none of their own', () => {
    const e = editorWithBlock(1, 3);
    e.select([e.hitTest({ x: 110, y: 100 })!]);
    e.setSeatSize({ width: 9, height: 6 });
    const v = toVenueDocument(e.doc);
    const sizes = v.sections[0]!.groups[0]!.rows[0]!.seats.map((k) => `${k.widthPercent}x${k.heightPercent}`);
    expect(new Set(sizes).size).toBe(2);
    const back = fromVenueDocument(v);
    expect(back.meta.seatSize).toBe(10);
    expect([...back.seats.values()].map((s) => [s.name, s.size])).toEqual([
      ['1', null],
      ['2', { width: 9, height: 6 }],
      ['3', null],
    ]);
    expect(toVenueDocument(back)).toEqual(v);
    // Back to the plan's size: none of its own again, one command.
    const opened = new Editor(back);
    opened.select([opened.hitTest({ x: 110, y: 100 })!]);
    opened.setSeatSize(null);
    expect([...opened.doc.seats.values()].every((s) => s.size === null)).toBe(true);
    opened.undo();
    expect(opened.targetSeatSize()).toEqual({ size: { width: 9, height: 6 }, own: true });
  });

  test.each<[string, { width: number; height: number } | null, Record<string, unknown>]>([
    ['its own size', { width: 20, height: 8 }, { width: 20, height: 8 }],
    ["the plan's size typed is no size of its own", { width: 10, height: 10 }, { width: 10, height: 10 }],
    ['a size of nothing is refused', { width: 0, height: 8 }, { width: 10, height: 10 }],
  ])('%s', (_, size, drawn) => {
    const e = editorWithBlock(1, 3);
    const id = e.hitTest({ x: 110, y: 100 })!;
    e.select([id]);
    e.setSeatSize(size);
    expect(e.targetSeatSize()).toEqual({ size: drawn, own: drawn.width !== 10 || drawn.height !== 10 });
  });

  test('a wide seat is hit, bounded and checked at its own size', () => {
    const e = editorWithBlock(1, 3);
    const last = e.hitTest({ x: 120, y: 100 })!;
    e.select([last]);
    e.setSeatSize({ width: 30, height: 10 });
    e.clearSelection();
    expect(e.hitTest({ x: 133, y: 100 })).toBe(last);
    expect(e.selectionBounds([last])).toEqual({ minX: 105, minY: 85, maxX: 135, maxY: 115 });
    e.select([last]);
    e.moveSelected(e.doc.meta.width - 135 + 5, 0);
    expect(e.problems().map((p) => p.code)).toContain('outsidePlan');
  });
});

describe('designer editor: a floor plan traced under the plan', () => {
  const image = { src: 'data:image/png;base64,iVBORw0KGgo=', opacity: 0.5, scale: 1, offset: { x: 0, y: 0 } };

  test('added, changed, locked, scaled from two points and removed: each one command that undo takes back', () => {
    const e = editorWithBlock();
    const before = snapshot(e.doc);
    e.setBackground({ ...image, locked: false }, 'addBackground');
    e.updateBackground({ opacity: 0.3, offset: { x: 10, y: 20 } });
    // Two points 50 units apart on the image are really 200 apart: the image grows 4 times about the first point.
    e.setTool('measure');
    e.addMeasurePoint({ x: 10, y: 20 });
    e.addMeasurePoint({ x: 60, y: 20 });
    expect(e.announcement).toMatchObject({ key: 'measured', params: { distance: 50 } });
    expect(e.scaleBackgroundByMeasure(200)).toBe(true);
    expect(e.doc.meta.background).toMatchObject({ scale: 4, offset: { x: 10, y: 20 }, opacity: 0.3 });
    expect(e.measure).toEqual([
      { x: 10, y: 20 },
      { x: 210, y: 20 },
    ]);
    e.updateBackground({ locked: true });
    e.setBackground(null);
    expect(e.doc.meta.background).toBeNull();
    const labels: string[] = [];
    while (e.history.canUndo && labels.length < 5) {
      labels.push(e.history.undoLabel!);
      e.undo();
    }
    expect(labels).toEqual([
      'removeBackground',
      'lockBackground',
      'scaleBackground',
      'editBackground',
      'addBackground',
    ]);
    expect(snapshot(e.doc)).toEqual(before);
  });

  test.each<[string, number, [number, number][], { x: number; y: number }]>([
    ['a drag snapped to the 5-unit grid', 5, [[12, -8]], { x: 10, y: -10 }],
    ['a drag without a grid, to 1/100 unit', 0, [[12.345, 3]], { x: 12.35, y: 3 }],
    ['a drag that ends where it began changes nothing', 5, [[1, -2]], { x: 0, y: 0 }],
  ])('placed by dragging: %s, one command', (_, grid, moves, offset) => {
    const e = editorWithBlock();
    e.setBackground({ ...image, locked: false }, 'addBackground');
    e.options.grid = grid;
    e.setTool('placeImage');
    for (const [dx, dy] of moves) e.dragImage(dx, dy);
    // Drawn at the drag, not yet a command.
    expect(e.doc.meta.background!.offset).toEqual({ x: 0, y: 0 });
    const commands = e.history.undoLabel;
    e.endImageDrag();
    expect(e.imageDrag).toBeNull();
    expect(e.doc.meta.background!.offset).toEqual(offset);
    if (offset.x || offset.y) {
      expect(e.history.undoLabel).toBe('moveBackground');
      e.undo();
      expect(e.doc.meta.background!.offset).toEqual({ x: 0, y: 0 });
    } else expect(e.history.undoLabel).toBe(commands);
  });

  test.each<[number, boolean, [number, number], { x: number; y: number }]>([
    [5, false, [1, 0], { x: 5, y: 0 }],
    [5, true, [0, -1], { x: 0, y: -50 }],
    [0, false, [-1, 0], { x: -1, y: 0 }],
    [0, true, [0, 1], { x: 0, y: 10 }],
  ])('placed by arrow keys: grid %d, shift %s, direction %j: one step, one command', (grid, big, [dx, dy], offset) => {
    const e = editorWithBlock();
    e.setBackground({ ...image, locked: false }, 'addBackground');
    e.options.grid = grid;
    e.nudgeImage(dx, dy, big);
    expect(e.doc.meta.background!.offset).toEqual(offset);
    expect(e.announcement).toMatchObject({ key: 'imageMoved', params: offset });
    e.undo();
    expect(e.doc.meta.background!.offset).toEqual({ x: 0, y: 0 });
  });

  test('locked (or read only), a drag or an arrow does not move it, and says why', () => {
    const e = editorWithBlock();
    e.setBackground({ ...image, locked: true }, 'addBackground');
    e.setTool('placeImage');
    e.dragImage(50, 50);
    expect(e.imageDrag).toBeNull();
    e.nudgeImage(1, 0, false);
    expect(e.announcement).toMatchObject({ key: 'imageLocked' });
    expect(e.doc.meta.background!.offset).toEqual({ x: 0, y: 0 });
    expect(e.history.undoLabel).toBe('addBackground');
  });

  test('locked, it is neither moved nor scaled (its opacity still changes)', () => {
    const e = editorWithBlock();
    e.setBackground({ ...image, locked: true }, 'addBackground');
    e.updateBackground({ offset: { x: 5, y: 5 } });
    e.setTool('measure');
    e.addMeasurePoint({ x: 0, y: 0 });
    e.addMeasurePoint({ x: 10, y: 0 });
    expect(e.scaleBackgroundByMeasure(100)).toBe(false);
    e.updateBackground({ opacity: 0.8 });
    expect(e.doc.meta.background).toEqual({ ...image, locked: true, opacity: 0.8 });
  });

  test('a third measured point starts again; nothing scales from one point or a zero distance', () => {
    const e = editorWithBlock();
    e.setBackground({ ...image, locked: false }, 'addBackground');
    e.setTool('measure');
    e.addMeasurePoint({ x: 0, y: 0 });
    expect(e.scaleBackgroundByMeasure(100)).toBe(false);
    e.addMeasurePoint({ x: 10, y: 0 });
    expect(e.scaleBackgroundByMeasure(0)).toBe(false);
    e.addMeasurePoint({ x: 3, y: 3 });
    expect(e.measure).toEqual([{ x: 3, y: 3 }]);
    e.setTool('select');
    expect(e.measure).toEqual([]);
  });

  test('it is saved in the draft (the format’s decor.background) and opened again', () => {
    const e = editorWithBlock();
    e.setBackground({ ...image, locked: true }, 'addBackground');
    const v = toVenueDocument(e.doc);
    expect(v.decor?.background).toEqual({ ...image, locked: true });
    expect(fromVenueDocument(v).meta.background).toEqual({ ...image, locked: true });
  });
});

describe('designer editor: handles of one selected section', () => {
  function oneSection(): Editor {
    const e = new Editor(emptyDoc(venue));
    e.options.grid = 0;
    e.setTool('rect');
    e.create({ x: 100, y: 100 }, { x: 200, y: 150 });
    e.setTool('select');
    return e;
  }
  const outline = (e: Editor) => [...e.doc.sections.values()][0]!.outline.map((p) => [p.x, p.y]);

  test('a rectangle shows a rotate handle and four resize handles (its corners resize, not reshape)', () => {
    const e = oneSection();
    expect(e.handles().map((h) => [h.kind, h.at.x, h.at.y])).toEqual([
      ['rotate', 150, 76],
      ['resize', 100, 100],
      ['resize', 200, 100],
      ['resize', 200, 150],
      ['resize', 100, 150],
    ]);
    e.setTool('rect');
    expect(e.handles()).toEqual([]);
  });

  test('dragging a corner square resizes from the opposite corner, one command undo takes back', () => {
    const e = oneSection();
    const before = outline(e);
    const h = e.handleAt({ x: 201, y: 151 })!;
    expect(h).toMatchObject({ kind: 'resize', index: 2 });
    e.finishHandle(h, { x: 300, y: 250 });
    expect(outline(e)).toEqual([
      [100, 100],
      [300, 100],
      [300, 250],
      [100, 250],
    ]);
    expect(e.history.undoLabel).toBe('resizeSection');
    e.undo();
    expect(outline(e)).toEqual(before);
  });

  test("a polygon's corners move one by one; typed size stretches it from its top-left", () => {
    const e = new Editor(emptyDoc(venue));
    e.options.grid = 0;
    e.setTool('polygon');
    e.addPolygonPoint({ x: 0, y: 0 });
    e.addPolygonPoint({ x: 100, y: 0 });
    e.addPolygonPoint({ x: 50, y: 80 });
    e.closePolygon();
    e.setTool('select');
    const corner = e.handles().find((h) => h.kind === 'corner' && h.index === 2)!;
    e.finishHandle(corner, { x: 60, y: 90 });
    expect(outline(e)).toEqual([
      [0, 0],
      [100, 0],
      [60, 90],
    ]);
    expect(e.history.undoLabel).toBe('moveCorner');
    e.resizeSection([...e.doc.sections.keys()][0]!, 50, 45);
    expect(outline(e)).toEqual([
      [0, 0],
      [50, 0],
      [30, 45],
    ]);
  });

  test('the rotate handle turns the section and its seats in 15° steps (whole degrees with Alt)', () => {
    const e = editorWithBlock();
    e.setTool('select');
    e.select([...e.doc.sections.keys()]);
    const h = e.handles().find((x) => x.kind === 'rotate')!;
    const b = e.selectionBounds()!;
    const c = { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
    // Straight right of the centre is 90° from straight up.
    expect(e.handleAngle({ x: c.x + 50, y: c.y + 4 })).toBe(90);
    expect(e.handleAngle({ x: c.x + 50, y: c.y + 4 }, true)).toBe(95);
    const seatsBefore = [...e.doc.seats.values()].map((s) => s.rotate);
    e.finishHandle(h, { x: c.x + 50, y: c.y + 4 });
    expect(e.history.undoLabel).toBe('rotate');
    expect([...e.doc.seats.values()].map((s) => s.rotate)).toEqual(seatsBefore.map((r) => (r + 90) % 360));
  });
});
