import { addCalendarDays, jerusalemWallClockToUtc } from '../jerusalem-wall-clock';

describe('jerusalemWallClockToUtc', () => {
  test.each([
    // winter, UTC+2
    ['2026-01-15', '20:00', '2026-01-15T18:00:00.000Z'],
    // summer, UTC+3
    ['2026-07-01', '20:00', '2026-07-01T17:00:00.000Z'],
    // the day clocks go forward (Friday 27 March 2026, 02:00 -> 03:00)
    ['2026-03-27', '01:30', '2026-03-26T23:30:00.000Z'],
    ['2026-03-27', '20:00', '2026-03-27T17:00:00.000Z'],
    // the day clocks go back (Sunday 25 October 2026, 02:00 -> 01:00)
    ['2026-10-25', '00:30', '2026-10-24T21:30:00.000Z'],
    ['2026-10-25', '20:00', '2026-10-25T18:00:00.000Z'],
    // just after midnight local is the previous day in UTC
    ['2026-11-21', '00:15', '2026-11-20T22:15:00.000Z'],
  ])('%s %s Jerusalem is %s', (date, time, expected) => {
    expect(jerusalemWallClockToUtc(date, time).toISOString()).toBe(expected);
  });

  test.each([
    ['2026-13-01', '20:00'],
    ['21/11/2026', '20:00'],
    ['2026-11-21', '24:00'],
    ['2026-11-21', '8pm'],
  ])('rejects %s %s', (date, time) => {
    expect(() => jerusalemWallClockToUtc(date, time)).toThrow(RangeError);
  });
});

describe('addCalendarDays', () => {
  test.each([
    ['2026-11-21', 0, '2026-11-21'],
    ['2026-11-21', 1, '2026-11-22'],
    ['2026-11-28', 7, '2026-12-05'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('%s + %i = %s', (date, days, expected) => {
    expect(addCalendarDays(date, days)).toBe(expected);
  });
});

describe('a day the month does not have', () => {
  it.each(['2027-02-29', '2027-02-30', '2027-04-31'])('%s is refused, not rolled into the next month', (day) => {
    expect(() => jerusalemWallClockToUtc(day, '20:00')).toThrow('not a calendar date');
    expect(() => addCalendarDays(day, 1)).toThrow('not a calendar date');
  });
});
