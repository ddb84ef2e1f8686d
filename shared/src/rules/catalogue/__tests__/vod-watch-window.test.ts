import { VOD_WATCH_DAYS, vodWatchOpen, vodWatchUntil } from '../vod-watch-window';

describe('vodWatchUntil', () => {
  it.each<[string, string]>([
    ['2026-12-08T18:00:00.000Z', '2026-12-15T18:00:00.000Z'],
    // Across the end of daylight saving in Israel (25 Oct 2026): seven times 24 hours, never less.
    ['2026-10-20T17:00:00.000Z', '2026-10-27T17:00:00.000Z'],
    ['2026-12-31T22:30:00+02:00', '2027-01-07T20:30:00.000Z'],
  ])('%s -> %s', (date, until) => {
    expect(vodWatchUntil(date)).toBe(until);
  });

  it('refuses what is not a date', () => {
    expect(() => vodWatchUntil('soon')).toThrow(RangeError);
  });
});

describe('vodWatchOpen', () => {
  const date = '2026-12-08T18:00:00.000Z';
  const at = Date.parse(date);
  it.each<[string, number, boolean]>([
    ['long before the date (bought early)', at - 30 * 86_400_000, true],
    ['at the date', at, true],
    ['a second before the end', at + VOD_WATCH_DAYS * 86_400_000 - 1_000, true],
    ['at the end', at + VOD_WATCH_DAYS * 86_400_000, false],
    ['after the end', at + 30 * 86_400_000, false],
  ])('%s: %p', (_what, now, open) => {
    expect(vodWatchOpen(date, now)).toBe(open);
  });
});
