import { generateArena, generateCinema, generateStadium, generateTheatre } from '../../generators';
import { smallVenue } from '../../__tests__/fixture';
import { validateVenue } from '../../validate';
import { fromVenueDocument } from '../convert';
import { block, rowsAt } from '../layout';
import { idFactory, type DesignerPlan } from '../model';
import { validatePlan, type PlanProblemCode } from '../validate-plan';

const small = (): DesignerPlan => fromVenueDocument(validateVenue(smallVenue(), 'small'));
const codes = (plan: DesignerPlan) => validatePlan(plan).problems.map((p) => p.code);

describe('validatePlan', () => {
  it.each([
    ['cinema', generateCinema],
    ['theatre', generateTheatre],
    ['arena', generateArena],
  ])('finds nothing wrong with the demo %s', (_name, make) => {
    expect(validatePlan(fromVenueDocument(make())).problems).toEqual([]);
  });

  it('finds nothing wrong with the 100,000-seat stadium', () => {
    expect(validatePlan(fromVenueDocument(generateStadium())).problems).toEqual([]);
  });

  it('finds nothing wrong with the small fixture', () => {
    expect(codes(small())).toEqual([]);
  });

  const seat = (p: DesignerPlan, row = 0, k = 0) => p.sections[0]!.rows[row]!.seats[k]!;

  it.each<[string, (p: DesignerPlan) => void, PlanProblemCode, (p: DesignerPlan) => string[]]>([
    [
      'a seat label twice in a row',
      (p) => (seat(p, 0, 1).label = seat(p, 0, 0).label),
      'DUPLICATE_SEAT_LABEL',
      (p) => [seat(p, 0, 0).id, seat(p, 0, 1).id],
    ],
    [
      'a row label twice in a section',
      (p) => (p.sections[0]!.rows[1]!.label = p.sections[0]!.rows[0]!.label),
      'DUPLICATE_ROW_LABEL',
      (p) => [p.sections[0]!.rows[0]!.id, p.sections[0]!.rows[1]!.id],
    ],
    [
      'two seats on top of each other',
      (p) => ((seat(p, 0, 1).cx = seat(p, 0, 0).cx + 5), (seat(p, 0, 1).cy = seat(p, 0, 0).cy)),
      'SEATS_OVERLAP',
      (p) => [seat(p, 0, 0).id, seat(p, 0, 1).id],
    ],
    [
      'a seat outside its section',
      (p) => (seat(p, 0, 0).cx = 100),
      'SEAT_OUTSIDE_SECTION',
      (p) => [seat(p, 0, 0).id, p.sections[0]!.id],
    ],
    ['an unlabeled seat', (p) => (seat(p, 0, 0).label = ''), 'SEAT_UNLABELED', (p) => [seat(p, 0, 0).id]],
    [
      'an unnumbered row',
      (p) => (p.sections[0]!.rows[0]!.label = ' '),
      'ROW_UNLABELED',
      (p) => [p.sections[0]!.rows[0]!.id],
    ],
    ['a seat without a category', (p) => (seat(p, 0, 0).zoneId = null), 'SEAT_WITHOUT_ZONE', (p) => [seat(p, 0, 0).id]],
    [
      'a GA area without capacity',
      (p) => (p.sections[1]!.capacity = null),
      'GA_WITHOUT_CAPACITY',
      (p) => [p.sections[1]!.id],
    ],
    ['a GA area without a zone', (p) => (p.sections[1]!.zoneId = null), 'GA_WITHOUT_ZONE', (p) => [p.sections[1]!.id]],
    [
      'a category without seats',
      (p) => p.zones.push({ id: 'zx', code: 'X', name: { he: 'x', en: 'x', ru: '', ar: '' }, color: '#000000' }),
      'ZONE_WITHOUT_SEATS',
      () => ['zx'],
    ],
    [
      'a reserved section without seats',
      (p) => (p.sections[0]!.rows = []),
      'SECTION_WITHOUT_SEATS',
      (p) => [p.sections[0]!.id],
    ],
  ])('reports %s, with ids and a place', (_name, breakIt, code, ids) => {
    const plan = small();
    breakIt(plan);
    const found = validatePlan(plan).problems.filter((p) => p.code === code);
    expect(found).toHaveLength(1);
    expect(found[0]!.ids).toEqual(ids(plan));
    if (code !== 'ZONE_WITHOUT_SEATS') expect(found[0]!.at).toEqual({ x: expect.any(Number), y: expect.any(Number) });
  });

  it('lets seats of a row split by an aisle into groups share a row label, but not a seat label', () => {
    const plan = small();
    const [first, second] = plan.sections[0]!.rows;
    second!.group = 'other';
    second!.label = first!.label;
    second!.seats.forEach((k, i) => (k.label = `b${i}`));
    expect(codes(plan)).toEqual([]);
    second!.seats[0]!.label = first!.seats[0]!.label;
    expect(codes(plan)).toEqual(['DUPLICATE_SEAT_LABEL']);
  });

  it('lets seats touch without calling it an overlap, in straight and curved blocks', () => {
    const plan = small();
    const ids = idFactory('n');
    for (const curvature of [0, 0.7]) {
      plan.sections[0]!.rows = rowsAt(
        block({ origin: { x: 220, y: 220 }, rows: 5, seatsPerRow: 20, seatSpacing: 10, rowSpacing: 10, curvature }),
        { width: 9.5, height: 9.5, zoneId: plan.zones[0]!.id },
        ids,
      );
      expect(validatePlan(plan).problems.filter((p) => p.code === 'SEATS_OVERLAP')).toEqual([]);
    }
  });

  it('counts all problems of a kind but lists at most maxPerCode', () => {
    const plan = small();
    for (const row of plan.sections[0]!.rows) for (const s of row.seats) s.label = '';
    const check = validatePlan(plan, { maxPerCode: 2 });
    expect(check.counts.SEAT_UNLABELED).toBe(plan.sections[0]!.rows.flatMap((r) => r.seats).length);
    expect(check.problems.filter((p) => p.code === 'SEAT_UNLABELED')).toHaveLength(2);
  });
});
