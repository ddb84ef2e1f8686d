import { demoWeekFirstDay } from '../src/seed/demo-week-start';

// Israel 2027: DST starts Friday 26 March at 02:00 (-> 03:00) and ends Sunday 31 October at 02:00 (-> 01:00).
describe('demoWeekFirstDay (earliest show 17:00, four hours ahead)', () => {
  it.each([
    ['morning: today', '2026-11-26T08:00:00Z', '2026-11-26'], // 10:00 IST
    ['exactly four hours before: today', '2026-11-26T11:00:00Z', '2026-11-26'], // 13:00 IST
    ['a minute later: tomorrow', '2026-11-26T11:01:00Z', '2026-11-27'],
    ['afternoon, the show 15 minutes away: tomorrow', '2026-11-26T14:45:00Z', '2026-11-27'], // 16:45 IST
    ['23:50: tomorrow', '2026-11-26T21:50:00Z', '2026-11-27'],
    ['00:10 of the next day: that day', '2026-11-26T22:10:00Z', '2026-11-27'],
    ['31 December late: 1 January', '2026-12-31T21:50:00Z', '2027-01-01'],
    ['spring-forward night 01:30: that Friday', '2027-03-25T23:30:00Z', '2027-03-26'],
    ['summer time 14:00 IDT: tomorrow', '2027-06-01T11:00:00Z', '2027-06-02'],
    ['summer time 12:59 IDT: today', '2027-06-01T09:59:00Z', '2027-06-01'],
    ['fall-back night, second 01:30: that Sunday', '2027-10-30T23:30:00Z', '2027-10-31'],
  ])('%s', (_, nowIso, expected) => {
    expect(demoWeekFirstDay(new Date(nowIso), '17:00')).toBe(expected);
  });

  it('takes the lead it is given', () => {
    expect(demoWeekFirstDay(new Date('2026-11-26T14:45:00Z'), '17:00', 10 * 60_000)).toBe('2026-11-26');
  });
});
