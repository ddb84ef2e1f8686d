import { smallVenue } from '../../__tests__/fixture';
import { generateTheatre } from '../../generators';
import { publishProblems, validateVenue } from '../../validate';
import { describePlanProblem, PLAN_PROBLEM_TEXT } from '../problem-text';
import { PLAN_PROBLEM_CODES } from '../validate-plan';

describe('publishProblems', () => {
  it('finds nothing in the demo theatre', () => {
    expect(publishProblems(generateTheatre())).toEqual([]);
  });

  it('locates each problem by JSON pointer in the file, rows counted within their group', () => {
    const doc = generateTheatre();
    // Section 0's second group: its fourth row relabelled as its third.
    const rows = doc.sections[0]!.groups[1]!.rows;
    rows[3]!.name = rows[2]!.name;
    doc.zones.push({ code: 'unused', name: { he: 'ריק', en: 'Empty' }, color: '#123456' });
    const problems = publishProblems(validateVenue(doc, 'theatre'));
    const located = problems.map((p) => [p.code, p.path]);
    expect(located).toContainEqual(['DUPLICATE_ROW_LABEL', '/sections/0/groups/1/rows/2']);
    expect(located).toContainEqual(['ZONE_WITHOUT_SEATS', `/zones/${doc.zones.length - 1}`]);
    expect(problems[0]!.at).toEqual({ x: expect.any(Number), y: expect.any(Number) });
  });

  it('points at overlapping seats', () => {
    const doc = validateVenue(smallVenue(), 'small');
    const [a, b] = doc.sections[0]!.groups[0]!.rows[1]!.seats;
    b!.xOffsetPercent = a!.xOffsetPercent + 1;
    const problems = publishProblems(doc);
    expect(problems.map((p) => [p.code, p.path])).toEqual([['SEATS_OVERLAP', '/sections/0/groups/0/rows/1/seats/0']]);
  });
});

describe('problem sentences', () => {
  it.each(PLAN_PROBLEM_CODES.flatMap((code) => (['he', 'en', 'ru', 'ar'] as const).map((l) => [code, l] as const)))(
    '%s has a %s sentence with every placeholder filled',
    (code, locale) => {
      const text = describePlanProblem(
        { code, params: { section: 'S', row: 'R', seat: '7', other: '8', zone: 'Z' } },
        locale,
      );
      expect(text).not.toMatch(/\{\w+\}/);
      expect(PLAN_PROBLEM_TEXT[code][locale].length).toBeGreaterThan(5);
    },
  );

  it('names the section, row and seat', () => {
    expect(
      describePlanProblem({ code: 'DUPLICATE_SEAT_LABEL', params: { section: 'stalls', row: '3', seat: '12' } }, 'en'),
    ).toBe('Section stalls, row 3: seat 12 appears more than once.');
  });
});
