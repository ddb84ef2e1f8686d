import {
  applySeatPlanPatch,
  designerTemplates,
  validateVenue,
  type SeatPlanPatch,
  type VenueDocument,
} from '@hotline/seatmaps/designer';
import { Editor } from '../editor';
import { saveBody, type SavedBase } from '../save-body';
import { planToDoc, toVenueDocument } from '../venue-document';

/** The theatre template (about 1,200 seats in several sections), saved once: the server's document and the base. */
function savedTheatre(): { editor: Editor; stored: VenueDocument; base: SavedBase } {
  const theatre = designerTemplates().find((t) => t.id === 'theatre')!;
  const editor = new Editor(planToDoc(theatre.build()));
  editor.options.grid = 0;
  const first = saveBody(editor.doc, null);
  expect('patch' in first.body).toBe(false);
  return {
    editor,
    stored: validateVenue(first.body, 'stored'),
    base: { ...first.next, revision: 1 },
  };
}

const seatOf = (e: Editor, section: number) =>
  [...e.doc.seats.values()].find((s) => s.section === [...e.doc.sections.keys()][section])!.id;
const sectionId = (e: Editor, section: number) => [...e.doc.sections.keys()][section]!;

describe('saveBody: a later save is a patch of what changed, and the server makes the same plan of it', () => {
  it.each<[string, (e: Editor) => void, number | 'whole']>([
    ['nothing changed', () => undefined, 0],
    ['one seat moved', (e) => (e.select([seatOf(e, 1)]), e.moveSelected(1, 0)), 1],
    ['one seat removed', (e) => (e.select([seatOf(e, 0)]), e.deleteSelected()), 1],
    ['a seat copied', (e) => (e.select([seatOf(e, 2)]), e.duplicate()), 1],
    ['a section moved', (e) => (e.select([sectionId(e, 0)]), e.moveSelected(3, 2)), 1],
    ['a section removed', (e) => (e.select([sectionId(e, 1)]), e.deleteSelected()), 0],
    ['a section renamed', (e) => e.updateSection(sectionId(e, 0), { code: 'NEW' }), 1],
    ['an edit undone', (e) => (e.select([seatOf(e, 1)]), e.moveSelected(1, 0), e.undo()), 0],
    ['the plan resized (the frame only)', (e) => e.updateMeta({ width: e.doc.meta.width + 10 }), 0],
    ['a category added: every seat names its code, sent whole', (e) => e.addZone(), 'whole'],
    ['the seat size changed: sent whole', (e) => e.updateMeta({ seatSize: e.doc.meta.seatSize + 1 }), 'whole'],
  ])('%s', (_, edit, sent) => {
    const { editor, stored, base } = savedTheatre();
    edit(editor);
    const { body } = saveBody(editor.doc, base);
    const expected = validateVenue(toVenueDocument(editor.doc), 'expected');
    if (sent === 'whole') {
      expect('patch' in body).toBe(false);
      expect(validateVenue(body, 'whole')).toEqual(expected);
      return;
    }
    const patch = body as SeatPlanPatch;
    expect(patch.patch).toBe(1);
    expect(patch.sections.filter((s) => typeof s !== 'string')).toHaveLength(sent);
    const applied = applySeatPlanPatch(stored, patch);
    if (!applied.ok) throw new Error(JSON.stringify(applied.refusal));
    expect(validateVenue(applied.document, 'patched')).toEqual(expected);
  });

  it('a save after a patch is a patch of the new base: what the first sent is not sent again', () => {
    const { editor, stored, base } = savedTheatre();
    editor.select([seatOf(editor, 0)]);
    editor.moveSelected(1, 0);
    const one = saveBody(editor.doc, base);
    const applied = applySeatPlanPatch(stored, one.body);
    if (!applied.ok) throw new Error('refused');
    const storedNow = validateVenue(applied.document, 'stored');
    editor.select([seatOf(editor, 2)]);
    editor.moveSelected(0, 1);
    const two = saveBody(editor.doc, { ...one.next, revision: 2 });
    const sections = (two.body as SeatPlanPatch).sections;
    expect(sections.filter((s) => typeof s !== 'string').map((s) => (s as { code: string }).code)).toEqual([
      [...editor.doc.sections.values()][2]!.code,
    ]);
    const again = applySeatPlanPatch(storedNow, two.body);
    if (!again.ok) throw new Error('refused');
    expect(validateVenue(again.document, 'patched')).toEqual(validateVenue(toVenueDocument(editor.doc), 'expected'));
  });

  it('the floor plan and shapes are sent when they change, not with every save', () => {
    const { editor, base } = savedTheatre();
    editor.select([seatOf(editor, 0)]);
    editor.moveSelected(1, 0);
    expect('decor' in saveBody(editor.doc, base).body).toBe(false);
    editor.setTool('text');
    editor.create({ x: 5, y: 5 }, { x: 5, y: 5 });
    const body = saveBody(editor.doc, base).body as SeatPlanPatch;
    // The template's texts and the new one: the decor is sent whole when it changes.
    expect(body.decor?.texts?.map((t) => t.text.en)).toEqual(['Exit', 'Exit', 'Text']);
  });
});
