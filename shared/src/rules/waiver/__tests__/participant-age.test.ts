import { ageOn, waiverAgeRefusals, type AgeBand } from '../participant-age';

describe('ageOn', () => {
  it.each<[string, string, string, number | null]>([
    ['the day before the birthday', '2015-06-10', '2025-06-09', 9],
    ['on the birthday', '2015-06-10', '2025-06-10', 10],
    ['the day after', '2015-06-10', '2025-06-11', 10],
    ['born on 29 February, non-leap year', '2016-02-29', '2025-02-28', 8],
    ['born on 29 February, 1 March', '2016-02-29', '2025-03-01', 9],
    ['a baby', '2025-01-01', '2025-06-01', 0],
    ['not a real date', '2015-02-30', '2025-06-01', null],
    ['not a date', 'yesterday', '2025-06-01', null],
    ['born after the event', '2026-01-01', '2025-06-01', null],
    ['older than 120', '1890-01-01', '2025-06-01', null],
  ])('%s', (_label, dob, eventDate, expected) => {
    expect(ageOn(dob, eventDate)).toBe(expected);
  });
});

describe('waiverAgeRefusals', () => {
  const adult: AgeBand = { minAge: 13, maxAge: null };
  const child: AgeBand = { minAge: 6, maxAge: 12 };
  const open: AgeBand = { minAge: null, maxAge: null };
  it.each<[string, string[], AgeBand[], ReturnType<typeof waiverAgeRefusals>]>([
    ['an adult and a child on the right tickets', ['1985-03-01', '2016-05-05'], [adult, child], []],
    ['open tickets take anyone', ['2024-01-01'], [open], []],
    [
      'the child on the adult ticket and the adult on the child ticket',
      ['2016-05-05', '1985-03-01'],
      [adult, child],
      [
        { index: 0, code: 'WAIVER_AGE_MISMATCH', age: 9, band: adult },
        { index: 1, code: 'WAIVER_AGE_MISMATCH', age: 40, band: child },
      ],
    ],
    [
      'too young for the child ticket',
      ['2021-01-01'],
      [child],
      [{ index: 0, code: 'WAIVER_AGE_MISMATCH', age: 4, band: child }],
    ],
    [
      'turns 13 on the day: no longer a child',
      ['2012-06-01'],
      [child],
      [{ index: 0, code: 'WAIVER_AGE_MISMATCH', age: 13, band: child }],
    ],
    ['a bad date of birth', ['2015-13-01'], [child], [{ index: 0, code: 'WAIVER_BIRTH_DATE_INVALID' }]],
    ['more participants than tickets: the extra ones are open', ['1985-03-01', '2020-01-01'], [adult], []],
  ])('%s', (_label, dobs, bands, expected) => {
    expect(
      waiverAgeRefusals(
        dobs.map((dateOfBirth) => ({ dateOfBirth })),
        bands,
        '2025-06-01',
      ),
    ).toEqual(expected);
  });
});
