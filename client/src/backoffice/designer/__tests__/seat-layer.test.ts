import type { SeatStore } from '../../../seatmap/model/seat-store';
import { Editor } from '../editor/editor';
import { DesignerSeatLayer } from '../seat-layer';
import { templateDoc } from '../templates';

const venue = { code: 'hall', name: { he: 'אולם', en: 'Hall', ru: '', ar: '' }, businessId: 1 };

/** What the storefront's store says of every seat and section, comparable with toEqual. */
function picture(store: SeatStore) {
  const seats = Array.from({ length: store.count }, (_, i) => [
    store.sectionId[i],
    store.groupId[i],
    store.rows[store.rowOf[i]!]!.name,
    store.seatName[i],
    Math.round(store.x[i]! * 100),
    Math.round(store.y[i]! * 100),
    store.ticketGroup[i],
    store.features[i],
    store.rotation[i],
  ]);
  const sections = store.sections.map((s) => [s.id, s.name, s.seatStart, s.seatEnd, s.rowStart, s.rowEnd, s.bounds]);
  return { seats, sections };
}

/** A theatre (several sections) in the editor, its seat layer built once. */
function theatre(): { editor: Editor; layer: DesignerSeatLayer } {
  const editor = new Editor(templateDoc('theatre', venue));
  const layer = new DesignerSeatLayer(editor, 1, () => {});
  expect(layer.store()).not.toBeNull();
  return { editor, layer };
}

const firstSection = (e: Editor) => [...e.doc.sections.keys()][0]!;
const lastSection = (e: Editor) => [...e.doc.sections.keys()].at(-1)!;

/**
 * Edits, and how many sections the canvas converts again after each (the rest keep their API section and bitmap). In
 * every case the store equals one built from scratch for the same document.
 */
const edits: [string, (e: Editor, layer: DesignerSeatLayer) => void, (e: Editor) => number][] = [
  ['move a section with its seats', (e) => (e.select([firstSection(e)]), e.moveSelected(10, 5)), () => 1],
  ['turn the last section', (e) => (e.select([lastSection(e)]), e.rotateSelected(90)), () => 1],
  ['move one seat', (e) => (e.select([[...e.doc.seats.keys()][7]!]), e.moveSelected(0, 3)), () => 1],
  [
    'delete the first section (the others are numbered again)',
    (e) => (e.select([firstSection(e)]), e.deleteSelected()),
    () => 0,
  ],
  [
    'undo a deletion drawn in between',
    (e, layer) => (e.select([firstSection(e)]), e.deleteSelected(), layer.store(), e.undo()),
    () => 1,
  ],
  [
    'a deletion undone before the next frame',
    (e) => (e.select([firstSection(e)]), e.deleteSelected(), e.undo()),
    () => 0,
  ],
  ['a new rectangle section', (e) => (e.setTool('rect'), e.create({ x: 5, y: 5 }, { x: 60, y: 40 })), () => 1],
  [
    'rename a section',
    (e) => e.updateSection(firstSection(e), { name: { he: 'א', en: 'A', ru: '', ar: '' } }),
    () => 1,
  ],
  ['a new category: every section', (e) => e.addZone(), (e) => e.doc.sections.size],
  [
    'the plan seat size: every section',
    (e) => e.updateMeta({ seatSize: e.doc.meta.seatSize + 1 }),
    (e) => e.doc.sections.size,
  ],
];

describe('the designer seat layer: the storefront store, converted again only where an edit changed the document', () => {
  test.each(edits)('%s', (_name, edit, converted) => {
    const { editor, layer } = theatre();
    edit(editor, layer);
    const incremental = layer.store()!;
    expect(layer.converted).toBe(converted(editor));
    const fresh = new DesignerSeatLayer(editor, 1, () => {}).store()!;
    expect(picture(incremental)).toEqual(picture(fresh));
  });

  test('no change: nothing converted, the same store', () => {
    const { layer } = theatre();
    const store = layer.store();
    expect(layer.store()).toBe(store);
  });

  test('a selection alone builds nothing', () => {
    const { editor, layer } = theatre();
    const store = layer.store();
    editor.selectAll();
    expect(layer.store()).toBe(store);
  });
});
