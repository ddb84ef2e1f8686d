import {
  formatJerusalemDate,
  formatJerusalemDateTime,
  jerusalemDateKey,
  jerusalemDayRangeUtc,
  jerusalemTimeOfDay,
  parseIsoInstant,
} from '../jerusalem-time';

// 2026 in Israel: DST starts Friday 27 March at 02:00 (-> 03:00, i.e. 00:00Z) and
// ends Sunday 25 October at 02:00 (-> 01:00, i.e. 23:00Z on the 24th).

describe('parseIsoInstant', () => {
  it.each([
    ['2026-03-27T18:30:00Z', '2026-03-27T18:30:00.000Z'],
    ['2026-03-27T18:30Z', '2026-03-27T18:30:00.000Z'],
    ['2026-03-27T18:30:00.5Z', '2026-03-27T18:30:00.500Z'],
    ['2026-03-27T21:30:00+03:00', '2026-03-27T18:30:00.000Z'],
    ['2026-03-27T16:30:00-02:00', '2026-03-27T18:30:00.000Z'],
    ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
  ])('%s -> %s', (iso, expected) => {
    expect(parseIsoInstant(iso).toISOString()).toBe(expected);
  });

  it.each<[unknown, string]>([
    ['2026-03-27T18:30:00', 'expected an ISO 8601 date-time with Z or an offset'], // no offset: whose local time?
    ['2026-03-27', 'expected an ISO 8601 date-time'],
    ['27/03/2026 18:30', 'expected an ISO 8601 date-time'],
    ['', 'expected an ISO 8601 date-time'],
    [undefined, 'expected an ISO 8601 date-time'],
    ['2026-02-30T10:00:00Z', 'not a real date-time'], // JS would roll over to 2 March
    ['2025-02-29T10:00:00Z', 'not a real date-time'],
    ['2026-13-01T10:00:00Z', 'not a real date-time'],
    ['2026-01-01T24:00:00Z', 'not a real date-time'],
    ['2026-01-01T23:60:00Z', 'not a real date-time'],
  ])('rejects %p', (iso, message) => {
    expect(() => parseIsoInstant(iso as string)).toThrow(message);
  });
});

describe('formatJerusalemDate', () => {
  it.each([
    ['2027-11-29T10:00:00Z', 'he', '29 בנובמבר 2027'],
    ['2027-11-29T10:00:00Z', 'en', '29 November 2027'],
    ['2027-11-29T10:00:00Z', 'ru', '29 ноября 2027 г.'],
    ['2027-11-29T10:00:00Z', 'ar', '29 نوفمبر 2027'],
    // 23:30Z on the 28th is already the 29th in Israel (UTC+2 in November)
    ['2027-11-28T23:30:00Z', 'en', '29 November 2027'],
  ])('%s in %s -> %s', (iso, locale, expected) => {
    expect(formatJerusalemDate(iso, locale)).toBe(expected);
  });
});

describe('formatJerusalemDateTime', () => {
  it.each([
    // winter time, UTC+2
    ['2026-01-15T18:00:00Z', 'he', 'יום חמישי, 15 בינואר 2026 בשעה 20:00'],
    // the spring-forward Friday: 18:30Z is 21:30 IDT (UTC+3)
    ['2026-03-27T18:30:00Z', 'he', 'יום שישי, 27 במרץ 2026 בשעה 21:30'],
    ['2026-03-27T18:30:00Z', 'en', 'Friday, 27 March 2026 at 21:30'],
    ['2026-03-27T18:30:00Z', 'ru', 'пятница, 27 марта 2026 г. в 21:30'],
    ['2026-03-27T18:30:00Z', 'ar', 'الجمعة، 27 مارس 2026 في 21:30'],
    // just before and after the jump
    ['2026-03-26T23:59:00Z', 'en', 'Friday, 27 March 2026 at 01:59'],
    ['2026-03-27T00:00:00Z', 'en', 'Friday, 27 March 2026 at 03:00'],
    // the fall-back Sunday: 01:30 happens twice
    ['2026-10-24T22:30:00Z', 'en', 'Sunday, 25 October 2026 at 01:30'],
    ['2026-10-24T23:30:00Z', 'en', 'Sunday, 25 October 2026 at 01:30'],
    // a UTC evening that is already tomorrow in Israel
    ['2026-07-01T22:15:00Z', 'en', 'Thursday, 2 July 2026 at 01:15'],
    ['2026-07-01T22:15:00Z', 'en-US', 'Thursday, July 2, 2026 at 01:15'],
  ])('%s in %s -> %s', (iso, locale, expected) => {
    expect(formatJerusalemDateTime(iso, locale)).toBe(expected);
  });

  it('defaults to Hebrew', () => {
    expect(formatJerusalemDateTime('2026-03-27T18:30:00Z')).toBe(formatJerusalemDateTime('2026-03-27T18:30:00Z', 'he'));
  });

  it.each([
    ['2026-03-27T18:30:00', 'he', 'expected an ISO 8601 date-time'],
    ['2026-03-27T18:30:00Z', 'not a locale!', 'Incorrect locale information provided'],
  ])('rejects %s in %s', (iso, locale, message) => {
    expect(() => formatJerusalemDateTime(iso, locale)).toThrow(message);
  });
});

describe('jerusalemDateKey', () => {
  it.each<[Date | string, string]>([
    ['2026-01-15T12:00:00Z', '2026-01-15'],
    ['2026-01-15T21:59:59Z', '2026-01-15'], // 23:59:59 IST
    ['2026-01-15T22:00:00Z', '2026-01-16'], // midnight IST
    ['2026-07-15T20:59:59Z', '2026-07-15'], // 23:59:59 IDT
    ['2026-07-15T21:00:00Z', '2026-07-16'], // midnight IDT
    ['2026-03-26T21:59:59Z', '2026-03-26'],
    ['2026-03-26T22:00:00Z', '2026-03-27'],
    ['2026-10-24T20:59:59Z', '2026-10-24'],
    ['2026-10-24T21:00:00Z', '2026-10-25'],
    ['2026-12-31T22:00:00Z', '2027-01-01'], // new year arrives early in Israel
    [new Date('2026-07-15T21:00:00Z'), '2026-07-16'],
    ['2026-07-16T00:00:00+03:00', '2026-07-16'],
  ])('%p -> %s', (date, expected) => {
    expect(jerusalemDateKey(date)).toBe(expected);
  });

  it.each<[unknown, string]>([
    [new Date(NaN), 'date is an invalid Date'],
    ['2026-07-15', 'expected an ISO 8601 date-time'],
    ['soon', 'expected an ISO 8601 date-time'],
  ])('rejects %p', (date, message) => {
    expect(() => jerusalemDateKey(date as string)).toThrow(message);
  });
});

describe('jerusalemDayRangeUtc', () => {
  const HOUR = 3_600_000;

  it.each([
    ['2026-01-15', '2026-01-14T22:00:00.000Z', '2026-01-15T22:00:00.000Z', 24], // winter, UTC+2
    ['2026-07-15', '2026-07-14T21:00:00.000Z', '2026-07-15T21:00:00.000Z', 24], // summer, UTC+3
    ['2026-03-26', '2026-03-25T22:00:00.000Z', '2026-03-26T22:00:00.000Z', 24], // the Thursday before
    ['2026-03-27', '2026-03-26T22:00:00.000Z', '2026-03-27T21:00:00.000Z', 23], // spring forward
    ['2026-03-28', '2026-03-27T21:00:00.000Z', '2026-03-28T21:00:00.000Z', 24],
    ['2026-10-24', '2026-10-23T21:00:00.000Z', '2026-10-24T21:00:00.000Z', 24],
    ['2026-10-25', '2026-10-24T21:00:00.000Z', '2026-10-25T22:00:00.000Z', 25], // fall back
    ['2026-10-26', '2026-10-25T22:00:00.000Z', '2026-10-26T22:00:00.000Z', 24],
    ['2025-03-28', '2025-03-27T22:00:00.000Z', '2025-03-28T21:00:00.000Z', 23], // 2025 spring forward
    ['2025-10-26', '2025-10-25T21:00:00.000Z', '2025-10-26T22:00:00.000Z', 25], // 2025 fall back
    ['2026-12-31', '2026-12-30T22:00:00.000Z', '2026-12-31T22:00:00.000Z', 24], // crosses the year
    ['2024-02-29', '2024-02-28T22:00:00.000Z', '2024-02-29T22:00:00.000Z', 24], // leap day
  ])('%s -> [%s, %s) (%p h)', (dateKey, startUtc, endUtc, hours) => {
    const range = jerusalemDayRangeUtc(dateKey);
    expect(range).toEqual({ startUtc, endUtc });
    expect((Date.parse(range.endUtc) - Date.parse(range.startUtc)) / HOUR).toBe(hours);
  });

  it.each(['2026-01-15', '2026-03-27', '2026-10-25'])('%s round-trips through jerusalemDateKey', (dateKey) => {
    const { startUtc, endUtc } = jerusalemDayRangeUtc(dateKey);
    expect(jerusalemDateKey(startUtc)).toBe(dateKey);
    expect(jerusalemDateKey(new Date(Date.parse(endUtc) - 1))).toBe(dateKey);
    expect(jerusalemDateKey(endUtc)).not.toBe(dateKey);
  });

  it.each<[unknown, string]>([
    ['2026-02-30', 'not a calendar date'],
    ['2025-02-29', 'not a calendar date'],
    ['2026-00-10', 'not a calendar date'],
    ['2026-1-5', "expected a 'YYYY-MM-DD' date"],
    ['2026-01-15T00:00:00Z', "expected a 'YYYY-MM-DD' date"],
    ['', "expected a 'YYYY-MM-DD' date"],
    [20260115, "expected a 'YYYY-MM-DD' date"],
  ])('rejects %p', (dateKey, message) => {
    expect(() => jerusalemDayRangeUtc(dateKey as string)).toThrow(message);
  });
});

describe('jerusalemTimeOfDay', () => {
  it.each([
    ['2027-01-07T18:00:00Z', '20:00'], // winter, UTC+2
    ['2027-07-07T17:00:00Z', '20:00'], // summer, UTC+3
    ['2027-01-07T22:05:00Z', '00:05'], // after midnight in Israel
    ['2027-03-26T00:30:00Z', '03:30'], // the spring change: 02:00 -> 03:00
  ])('%s -> %s', (iso, expected) => {
    expect(jerusalemTimeOfDay(iso)).toBe(expected);
  });
});
