import { generateTheatre } from '../../generators';
import { fromVenueDocument } from '../convert';
import { planToApiSeatplan } from '../api-view';

describe('planToApiSeatplan', () => {
  it('draws every designer seat once, and maps each drawn seat back to its designer id', () => {
    const plan = fromVenueDocument(generateTheatre());
    // A pasted seat without an identity yet is drawn too.
    const row = plan.sections[0]!.rows[0]!;
    row.seats.push({ ...row.seats[0]!, id: 'pasted', label: '99', identity: null, cx: row.seats[0]!.cx + 1 });
    const view = planToApiSeatplan(plan);
    const drawn = view.seatplan.sections.flatMap((s) => s.groups.flatMap((g) => g.rows.flatMap((r) => r.seats)));
    const back = drawn.map((s) => view.seatId(s));
    const designer = plan.sections.flatMap((s) => s.rows.flatMap((r) => r.seats.map((k) => k.id)));
    expect(new Set(back)).toEqual(new Set(designer));
    expect(back).toHaveLength(designer.length);
    const pasted = drawn.find((s) => view.seatId(s) === 'pasted')!;
    expect(pasted.SeatName).toBe('99');
    expect(view.sectionId(pasted.VenueSectionId)).toBe(plan.sections[0]!.id);
  });
});
