import { keptFromTaker, setAsideRefusedSeats, type SeatSetAside, type SetAsideTaker } from '../seat-set-aside';

const release = new Date('2026-12-10T16:00:00Z');
const aside: Record<string, SeatSetAside | undefined> = {
  until: { releaseAt: release },
  kept: { releaseAt: null },
  none: undefined,
};

describe('keptFromTaker', () => {
  it.each<[string, string, SetAsideTaker, string, boolean]>([
    // name, seat, taker, now, kept off
    ['a seat not set aside is anyone’s', 'none', 'public', '2026-12-01T00:00:00Z', false],
    ['the public before the release: kept off', 'until', 'public', '2026-12-10T15:59:59.999Z', true],
    ['the public at the release: sold (exclusive end)', 'until', 'public', '2026-12-10T16:00:00Z', false],
    ['the public after the release: sold', 'until', 'public', '2026-12-11T00:00:00Z', false],
    ['never released: kept off the public for good', 'kept', 'public', '2030-01-01T00:00:00Z', true],
    ['the channel before the release: sells it', 'until', 'channel', '2026-12-01T00:00:00Z', false],
    ['the channel after the release: still sells it', 'until', 'channel', '2026-12-11T00:00:00Z', false],
    ['never released: the channel sells it', 'kept', 'channel', '2030-01-01T00:00:00Z', false],
    ['the box office sells a kept seat', 'kept', 'box-office', '2026-12-01T00:00:00Z', false],
  ])('%s', (_name, seat, taker, now, expected) => {
    expect(keptFromTaker(aside[seat], taker, new Date(now))).toBe(expected);
  });
});

describe('setAsideRefusedSeats', () => {
  it('names only the kept seats of a mixed order, in its order', () => {
    const seats = ['none', 'kept', 'until', 'none'];
    expect(setAsideRefusedSeats(seats, (s) => aside[s], 'public', new Date('2026-12-01T00:00:00Z'))).toEqual([
      'kept',
      'until',
    ]);
    expect(setAsideRefusedSeats(seats, (s) => aside[s], 'channel', new Date('2026-12-01T00:00:00Z'))).toEqual([]);
  });
});
