import { describeVenueIssue, VENUE_ISSUE_CODES, VENUE_ISSUE_TEXT, type VenueIssueCode } from '../venue-issue-text';
import { SeatmapValidationError, validateVenue } from '../validate';
import { smallVenue } from './fixture';

const LOCALES = ['he', 'en', 'ru', 'ar'] as const;
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the venue format’s problems in four languages', () => {
  it.each(VENUE_ISSUE_CODES.map((code) => [code]))(
    '%s has a sentence in he, en, ru and ar naming the same values',
    (code) => {
      const row = VENUE_ISSUE_TEXT[code];
      expect(Object.keys(row).sort()).toEqual([...LOCALES].sort());
      for (const locale of LOCALES) {
        expect(row[locale].trim()).not.toBe('');
        expect(placeholders(row[locale])).toEqual(placeholders(row.en));
      }
      // Translated, not copied: each language but English differs from the English sentence.
      for (const locale of ['he', 'ru', 'ar'] as const) expect(row[locale]).not.toBe(row.en);
    },
  );

  it('has a row for every code and no other', () => {
    expect(Object.keys(VENUE_ISSUE_TEXT).sort()).toEqual([...VENUE_ISSUE_CODES].sort());
  });

  it('fills the params in, and leaves a missing one as written', () => {
    expect(describeVenueIssue({ code: 'UNKNOWN_ZONE', params: { zone: 'VIP' } }, 'he')).toBe('אזור מחיר לא מוכר "VIP"');
    expect(describeVenueIssue({ code: 'UNKNOWN_ZONE', params: {} }, 'en')).toBe('unknown zone "{zone}"');
  });
});

// Mutations poke at arbitrary JSON, hence `any`.
const SEAT = '/sections/0/groups/0/rows/0/seats/0';
const cases: [string, (d: any) => void, string, VenueIssueCode, Record<string, string>][] = [
  ['a missing property', (d) => delete d.seatplan.width, '/seatplan', 'SCHEMA_MISSING_PROPERTY', { property: 'width' }],
  ['an unknown property', (d) => (d.sections[0].colour = 1), '/sections/0/colour', 'SCHEMA_UNKNOWN_PROPERTY', {}],
  ['a wrong type', (d) => (d.seatplan.width = 'wide'), '/seatplan/width', 'SCHEMA_TYPE', { type: 'number' }],
  [
    'a value below its minimum',
    (d) => (d.sections[0].groups[0].rows[0].seats[0].yOffsetPercent = -1),
    `${SEAT}/yOffsetPercent`,
    'SCHEMA_MINIMUM',
    { limit: '0' },
  ],
  ['a wrong format version', (d) => (d.formatVersion = 2), '/formatVersion', 'SCHEMA_CONST', { allowed: '1' }],
  ['a code off the pattern', (d) => (d.code = 'no spaces'), '/code', 'SCHEMA_PATTERN', {}],
  ['an empty name', (d) => (d.name.he = ''), '/name/he', 'SCHEMA_MIN_LENGTH', { limit: '1' }],
  ['a duplicate zone', (d) => d.zones.push({ ...d.zones[0] }), '/zones/2/code', 'DUPLICATE_ZONE_CODE', { code: 'A' }],
  [
    'an unknown seat zone',
    (d) => (d.sections[0].groups[0].rows[0].seats[0].zone = 'Z'),
    `${SEAT}/zone`,
    'UNKNOWN_ZONE',
    { zone: 'Z' },
  ],
  [
    'a seat past the right edge',
    (d) => (d.sections[0].groups[0].rows[0].seats[0].xOffsetPercent = 99),
    `${SEAT}/widthPercent`,
    'SEAT_PAST_RIGHT_EDGE',
    { offset: '99' },
  ],
];

describe('validateVenue names each problem by code and params, at its JSON path', () => {
  it.each(cases)('%s', (_name, mutate, path, code, params) => {
    const doc = smallVenue() as any;
    mutate(doc);
    let error: unknown;
    try {
      validateVenue(doc, 'venue.json');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SeatmapValidationError);
    const issue = (error as SeatmapValidationError).issues[0]!;
    expect([issue.path, issue.code]).toEqual([path, code]);
    expect(issue.params).toMatchObject(params);
    // The English message is the table's English sentence; every language fills every value in.
    expect(issue.message).toBe(describeVenueIssue(issue, 'en'));
    for (const locale of LOCALES) expect(describeVenueIssue(issue, locale)).not.toMatch(/\{\w+\}/);
  });
});
