import { smallVenue } from '../../__tests__/fixture';
import { validateVenue } from '../../validate';
import { fromVenueDocument, toVenueDocument } from '../convert';
import { diffPlans } from '../diff';
import type { DesignerPlan } from '../model';

const plan = (): DesignerPlan => fromVenueDocument(validateVenue(smallVenue(), 'small'));
const summary = (a: DesignerPlan, b: DesignerPlan): Summary => {
  const d = diffPlans(a, b);
  return {
    added: d.added.map((s) => `${s.row}/${s.seat}`),
    removed: d.removed.map((s) => `${s.row}/${s.seat}`),
    renumbered: d.renumbered.map((s) => `${s.was.row}/${s.was.seat}->${s.row}/${s.seat}`),
    moved: d.moved.map((s) => `${s.row}/${s.seat}`),
  };
};
interface Summary {
  added: string[];
  removed: string[];
  renumbered: string[];
  moved: string[];
}
const none: Summary = { added: [], removed: [], renumbered: [], moved: [] };

describe('diffPlans', () => {
  it.each<[string, (p: DesignerPlan) => void, Summary]>([
    ['nothing changed', () => {}, none],
    [
      'a seat renumbered',
      (p) => (p.sections[0]!.rows[0]!.seats[1]!.label = '20'),
      { ...none, renumbered: ['1/2->1/20'] },
    ],
    [
      'a row relabelled',
      (p) => (p.sections[0]!.rows[1]!.label = 'B'),
      { ...none, renumbered: ['2/1->B/1', '2/2->B/2', '2/3->B/3'] },
    ],
    ['a seat removed', (p) => p.sections[0]!.rows[0]!.seats.pop(), { ...none, removed: ['1/3'] }],
    [
      'a seat added (no identity yet)',
      (p) => {
        const row = p.sections[0]!.rows[0]!;
        row.seats.push({ ...row.seats[0]!, id: 'new', label: '4', identity: null, cx: row.seats[0]!.cx + 300 });
      },
      { ...none, added: ['1/4'] },
    ],
    ['a seat moved', (p) => (p.sections[0]!.rows[0]!.seats[0]!.cx += 3), { ...none, moved: ['1/1'] }],
  ])('%s', (_name, change, expected) => {
    const a = plan();
    const b = plan();
    change(b);
    expect(summary(a, b)).toEqual(expected);
  });

  it('sees no change through a save and reload', () => {
    const a = plan();
    expect(summary(a, fromVenueDocument(toVenueDocument(a)))).toEqual(none);
  });
});
