import { block, rowsAt } from '../layout';
import { emptyPlan, idFactory, type DesignerPlan, type DesignerSection } from '../model';
import { DEFAULT_SCHEME, letterLabel, renumber, schemeLabels, type NumberingScheme } from '../numbering';

const scheme = (s: Partial<NumberingScheme>): NumberingScheme => ({ ...DEFAULT_SCHEME, ...s });

describe('schemeLabels', () => {
  it.each([
    ['1..n', {}, 5, 0, ['1', '2', '3', '4', '5']],
    ['start at k', { start: 7 }, 3, 0, ['7', '8', '9']],
    ['odd only', { style: 'odd' }, 4, 0, ['1', '3', '5', '7']],
    ['odd from an even start', { style: 'odd', start: 4 }, 3, 0, ['5', '7', '9']],
    ['even only', { style: 'even' }, 4, 0, ['2', '4', '6', '8']],
    ['even from 10', { style: 'even', start: 10 }, 2, 0, ['10', '12']],
    ['letters, I and O skipped', { style: 'letters' }, 16, 0, 'ABCDEFGHJKLMNPQR'.split('')],
    ['letters past Z', { style: 'letters', start: 23 }, 4, 0, ['Y', 'Z', 'AA', 'AB']],
    ['letters from H', { style: 'letters', start: 8 }, 2, 0, ['H', 'J']],
    ['prefix and suffix', { prefix: 'B-', suffix: 'a' }, 2, 0, ['B-1a', 'B-2a']],
    ['continuing where the previous ended', {}, 3, 10, ['11', '12', '13']],
    ['odd, continuing', { style: 'odd' }, 2, 3, ['7', '9']],
    ['letters, continuing', { style: 'letters' }, 2, 24, ['AA', 'AB']],
  ] as const)('%s', (_name, s, count, from, expected) => {
    expect(schemeLabels(scheme(s as Partial<NumberingScheme>), count, from)).toEqual(expected);
  });

  it.each([
    [1, 'A'],
    [9, 'J'],
    [14, 'P'],
    [24, 'Z'],
    [25, 'AA'],
    [48, 'AZ'],
    [49, 'BA'],
    [24 + 24 * 24, 'ZZ'],
    [24 + 24 * 24 + 1, 'AAA'],
    [0, ''],
  ])('letter %d is %s', (n, label) => {
    expect(letterLabel(n)).toBe(label);
    expect(label).not.toMatch(/[IO]/);
  });
});

/** A plan with a stage at the top and two sections of 3 rows x 4 seats side by side, all unlabeled. */
function twoSections(): DesignerPlan {
  const plan = emptyPlan({
    width: 1000,
    height: 1000,
    location: { code: 'l', name: { he: 'x', en: 'x' }, businessId: 1 },
  });
  plan.stage = { x: 0, y: 0, width: 1000, height: 50, label: { he: 'במה', en: 'Stage', ru: '', ar: '' } };
  plan.zones = [{ id: 'z', code: 'Z', name: { he: 'א', en: 'A', ru: '', ar: '' }, color: '#000000' }];
  const ids = idFactory('t');
  const section = (id: string, x: number): DesignerSection => ({
    id,
    code: id,
    name: { he: id, en: id, ru: '', ar: '' },
    kind: 'reserved',
    capacity: null,
    zoneId: null,
    shape: { type: 'rect', x: x - 10, y: 90, width: 60, height: 60, rotate: 0 },
    frame: null,
    groups: [{ code: 'main', name: 'main' }],
    // Rows listed back to front, to show the order comes from the plan, not the list.
    rows: rowsAt(
      block({ origin: { x, y: 100 }, rows: 3, seatsPerRow: 4, seatSpacing: 10, rowSpacing: 20 }),
      { width: 8, height: 8, zoneId: 'z' },
      ids,
    ).reverse(),
  });
  plan.sections = [section('L', 100), section('R', 200)];
  return plan;
}

const seatLabels = (plan: DesignerPlan, si: number) =>
  plan.sections[si]!.rows.map((r) =>
    [...r.seats]
      .sort((a, b) => a.cx - b.cx)
      .map((s) => s.label)
      .join(','),
  ).reverse();
const rowLabels = (plan: DesignerPlan, si: number) => plan.sections[si]!.rows.map((r) => r.label).reverse();

describe('renumber', () => {
  const all = (plan: DesignerPlan) => plan.sections.map((s) => s.id);

  it.each([
    ['from the left, per row', {}, ['1,2,3,4', '1,2,3,4', '1,2,3,4']],
    ['from the right', { order: 'reverse' }, ['4,3,2,1', '4,3,2,1', '4,3,2,1']],
    ['odd', { style: 'odd' }, ['1,3,5,7', '1,3,5,7', '1,3,5,7']],
    ['continuous (back row last)', { continuous: true }, ['1,2,3,4', '5,6,7,8', '9,10,11,12']],
  ] as const)('numbers seats: %s', (_name, s, expected) => {
    const result = renumber(twoSections(), { ids: ['L'], target: 'seats' }, scheme(s as Partial<NumberingScheme>));
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(seatLabels(result.plan, 0)).toEqual(expected);
      expect(seatLabels(result.plan, 1)).toEqual([',,,', ',,,', ',,,']); // not selected: unchanged
    }
  });

  it('continues seat numbers across sections', () => {
    const result = renumber(twoSections(), { ids: all(twoSections()), target: 'seats' }, scheme({ continuous: true }));
    expect(result.ok && seatLabels(result.plan, 1)[0]).toBe('13,14,15,16');
  });

  it.each([
    ['letters from the front', { style: 'letters' }, ['A', 'B', 'C'], ['A', 'B', 'C']],
    ['letters continuing across sections', { style: 'letters', continuous: true }, ['A', 'B', 'C'], ['D', 'E', 'F']],
    ['numbers from the back, prefixed', { order: 'reverse', prefix: 'R' }, ['R3', 'R2', 'R1'], ['R3', 'R2', 'R1']],
  ] as const)('labels rows: %s', (_name, s, left, right) => {
    const plan = twoSections();
    const result = renumber(plan, { ids: all(plan), target: 'rows' }, scheme(s as Partial<NumberingScheme>));
    expect(result.ok).toBe(true);
    if (result.ok) expect([rowLabels(result.plan, 0), rowLabels(result.plan, 1)]).toEqual([left, right]);
  });

  it('numbers only the selected seats', () => {
    const plan = twoSections();
    const front = plan.sections[0]!.rows[2]!; // listed last: the front row
    const picked = [...front.seats]
      .sort((a, b) => a.cx - b.cx)
      .slice(0, 2)
      .map((s) => s.id);
    const result = renumber(plan, { ids: picked, target: 'seats' }, scheme({ start: 5 }));
    expect(result.ok && seatLabels(result.plan, 0)[0]).toBe('5,6,,');
  });

  it('refuses a renumbering that would repeat a seat label in a row, and says where', () => {
    const first = renumber(twoSections(), { ids: ['L'], target: 'seats' }, DEFAULT_SCHEME);
    if (!first.ok) throw new Error('setup');
    const front = first.plan.sections[0]!.rows[2]!;
    const leftmost = [...front.seats].sort((a, b) => a.cx - b.cx)[0]!;
    // Numbering just the leftmost seat "2" clashes with the seat already numbered 2.
    const result = renumber(first.plan, { ids: [leftmost.id], target: 'seats' }, scheme({ start: 2 }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.conflicts).toHaveLength(1);
      expect(result.conflicts[0]).toMatchObject({
        code: 'DUPLICATE_SEAT_LABEL',
        label: '2',
        sectionId: 'L',
        rowId: front.id,
      });
      expect(result.conflicts[0]!.ids).toContain(leftmost.id);
      expect(result.conflicts[0]!.at).toEqual({ x: expect.any(Number), y: expect.any(Number) });
    }
    // Nothing changed: the plan given is the plan kept.
    expect(leftmost.label).toBe('1');
  });

  it('refuses row labels that repeat within a section', () => {
    const plan = twoSections();
    const lettered = renumber(plan, { ids: ['L'], target: 'rows' }, scheme({ style: 'letters' }));
    if (!lettered.ok) throw new Error('setup');
    const back = lettered.plan.sections[0]!.rows[0]!; // "C"
    const result = renumber(lettered.plan, { ids: [back.id], target: 'rows' }, scheme({ style: 'letters' }));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.conflicts[0]).toMatchObject({
        code: 'DUPLICATE_ROW_LABEL',
        label: 'A',
        sectionId: 'L',
        rowId: null,
      });
  });
});
