import { fromVenueDocument as planFromVenueDocument } from '@hotline/seatmaps/designer';
import { emptyDoc } from '../doc';
import { Editor } from '../editor';
import { DEFAULT_FORM } from '../numbering';
import { changeCounts, publishedBefore, publishRisk } from '../version-changes';
import { fromVenueDocument, toVenueDocument } from '../venue-document';

const venue = { code: 'hall', name: { he: 'אולם', en: 'Hall', ru: '', ar: '' }, businessId: 1 };

/** A published version (two rows of three) and a draft opened from it, compared with it. */
function draftOfPublished(): Editor {
  const e = new Editor(emptyDoc(venue));
  e.addZone();
  e.options.grid = 0;
  e.setTool('stage');
  e.create({ x: 50, y: 10 }, { x: 250, y: 40 });
  e.options.block = { rows: 2, seatsPerRow: 3, curvature: 0, stagger: false };
  e.setTool('block');
  e.create({ x: 100, y: 100 }, { x: 120, y: 112 });
  const published = toVenueDocument(e.doc);
  const draft = new Editor(fromVenueDocument(published));
  draft.options.grid = 0;
  draft.setComparison({ version: 1, plan: planFromVenueDocument(published) });
  return draft;
}

const seatIds = (e: Editor) => [...e.doc.seats.keys()];

describe('a draft against its published version', () => {
  const cases: [string, (e: Editor) => void, Record<string, number>, boolean][] = [
    ['unchanged', () => undefined, { added: 0, removed: 0, renumbered: 0, moved: 0 }, false],
    ['one seat moved', (e) => (e.select([seatIds(e)[0]!]), e.moveSelected(4, 0)), { moved: 1 }, false],
    ['one seat removed', (e) => (e.select([seatIds(e)[0]!]), e.deleteSelected()), { removed: 1 }, true],
    ['a seat copied', (e) => (e.select([seatIds(e)[0]!]), e.duplicate()), { added: 1 }, false],
    [
      'a row numbered from the right',
      (e) => (e.selectAll(), e.renumberSelected({ ...DEFAULT_FORM, seatsFrom: 'right' })),
      // The middle seat of each row of three keeps its number.
      { renumbered: 4 },
      true,
    ],
    [
      'a seat relabelled',
      (e) => e.updateSeat(seatIds(e)[0]!, { name: '99' }),
      { renumbered: 1, added: 0, removed: 0 },
      true,
    ],
  ];
  test.each(cases)('%s', (_name, edit, expected, risky) => {
    const e = draftOfPublished();
    edit(e);
    const diff = e.changes()!;
    expect(changeCounts(diff)).toMatchObject(expected);
    expect(publishRisk(diff) !== null).toBe(risky);
  });

  test('worked out once per change of the document, again after one', () => {
    const e = draftOfPublished();
    const first = e.changes();
    expect(e.changes()).toBe(first);
    e.select([seatIds(e)[0]!]);
    expect(e.changes()).toBe(first);
    e.deleteSelected();
    expect(e.changes()).not.toBe(first);
    e.setComparison(null);
    expect(e.changes()).toBeNull();
  });

  test('the risk counts what publishing would take away or relabel', () => {
    const e = draftOfPublished();
    e.updateSeat(seatIds(e)[1]!, { name: '99' });
    e.select([seatIds(e)[0]!]);
    e.deleteSelected();
    expect(publishRisk(e.changes()!)).toEqual({ removed: 1, renumbered: 1 });
  });
});

describe('publishedBefore: the version a draft replaces', () => {
  const v = (id: number, code: string, version: number, status: 'draft' | 'published') => ({
    id,
    code,
    version,
    status,
  });
  const plans = [
    v(1, 'main', 1, 'published'),
    v(2, 'main', 2, 'published'),
    v(3, 'main', 3, 'draft'),
    v(4, 'gala', 1, 'published'),
    v(5, 'main', 4, 'draft'),
  ];
  const cases: [string, string, { id: number; version: number } | null, number | null][] = [
    ['a draft: the newest published before it', 'main', { id: 3, version: 3 }, 2],
    ['a later draft: still the newest published', 'main', { id: 5, version: 4 }, 2],
    ['not saved yet: the newest published', 'main', null, 2],
    ['another code', 'gala', null, 4],
    ['a code never published', 'balcony', null, null],
    ['a published version: the one before it', 'main', { id: 2, version: 2 }, 1],
    ['the first version: none', 'main', { id: 1, version: 1 }, null],
  ];
  test.each(cases)('%s', (_name, code, draft, expected) => {
    expect(publishedBefore(plans, code, draft)?.id ?? null).toBe(expected);
  });
});
