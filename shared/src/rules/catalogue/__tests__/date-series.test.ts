import { dateSeries } from '../date-series';

describe('dateSeries', () => {
  it.each([
    // Every Thursday at 20:00 for 3 weeks, winter time (UTC+2).
    [
      { firstDate: '2027-01-07', time: '20:00', everyDays: 7, count: 3 },
      ['2027-01-07T18:00:00.000Z', '2027-01-14T18:00:00.000Z', '2027-01-21T18:00:00.000Z'],
    ],
    // Across the spring change (Friday 26 March 2027): the wall clock stays at 20:00, UTC moves an hour.
    [
      { firstDate: '2027-03-25', time: '20:00', everyDays: 1, count: 3 },
      ['2027-03-25T18:00:00.000Z', '2027-03-26T17:00:00.000Z', '2027-03-27T17:00:00.000Z'],
    ],
    // Across a month end and a leap day.
    [
      { firstDate: '2028-02-28', time: '10:30', everyDays: 1, count: 2 },
      ['2028-02-28T08:30:00.000Z', '2028-02-29T08:30:00.000Z'],
    ],
    // One date.
    [{ firstDate: '2027-06-01', time: '00:00', everyDays: 7, count: 1 }, ['2027-05-31T21:00:00.000Z']],
  ])('%j', (input, expected) => {
    const dates = dateSeries(input);
    expect(dates.map((d) => d.startsAt.toISOString())).toEqual(expected);
    expect(dates.every((d) => d.time === input.time)).toBe(true);
  });

  it('names each date by its Jerusalem calendar day', () => {
    expect(
      dateSeries({ firstDate: '2027-01-30', time: '21:00', everyDays: 2, count: 2 }).map((d) => d.dateKey),
    ).toEqual(['2027-01-30', '2027-02-01']);
  });

  it.each([
    [{ firstDate: '2027-01-07', time: '20:00', everyDays: 7, count: 0 }, 'count'],
    [{ firstDate: '2027-01-07', time: '20:00', everyDays: 0, count: 2 }, 'everyDays'],
    [{ firstDate: '2027-01-07', time: '20:00', everyDays: 1.5, count: 2 }, 'everyDays'],
    [{ firstDate: '2027-02-30', time: '20:00', everyDays: 7, count: 1 }, 'not a calendar date'],
    [{ firstDate: '2027-01-07', time: '24:00', everyDays: 7, count: 1 }, "expected 'HH:MM'"],
  ])('refuses %j', (input, message) => {
    expect(() => dateSeries(input)).toThrow(message);
  });
});
