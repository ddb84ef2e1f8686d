import { firstScheduleOverlap, type ScheduledRun } from '../schedule-overlap';

const run = (iso: string, durationMinutes = 120): ScheduledRun => ({ startsAt: new Date(iso), durationMinutes });

describe('firstScheduleOverlap', () => {
  it.each<[string, ScheduledRun[], ScheduledRun[], [string, string] | null]>([
    ['an empty hall', [run('2027-01-07T18:00Z')], [], null],
    [
      'the same start',
      [run('2027-01-07T18:00Z')],
      [run('2027-01-07T18:00Z')],
      ['2027-01-07T18:00:00.000Z', '2027-01-07T18:00:00.000Z'],
    ],
    [
      'starting inside another',
      [run('2027-01-07T19:00Z')],
      [run('2027-01-07T18:00Z')],
      ['2027-01-07T19:00:00.000Z', '2027-01-07T18:00:00.000Z'],
    ],
    [
      'ending inside another',
      [run('2027-01-07T17:00Z')],
      [run('2027-01-07T18:00Z')],
      ['2027-01-07T17:00:00.000Z', '2027-01-07T18:00:00.000Z'],
    ],
    ['one ends as the next starts', [run('2027-01-07T20:00Z')], [run('2027-01-07T18:00Z')], null],
    [
      'a short one inside a long one',
      [run('2027-01-07T18:30Z', 10)],
      [run('2027-01-07T18:00Z', 240)],
      ['2027-01-07T18:30:00.000Z', '2027-01-07T18:00:00.000Z'],
    ],
    [
      'two new dates overlapping each other',
      [run('2027-01-07T18:00Z'), run('2027-01-07T19:00Z')],
      [],
      ['2027-01-07T19:00:00.000Z', '2027-01-07T18:00:00.000Z'],
    ],
    ['a week apart', [run('2027-01-07T18:00Z'), run('2027-01-14T18:00Z')], [run('2027-01-10T18:00Z')], null],
  ])('%s', (_what, added, existing, expected) => {
    const found = firstScheduleOverlap(added, existing);
    expect(found && [found.added.startsAt.toISOString(), found.other.startsAt.toISOString()]).toEqual(expected);
  });
});
