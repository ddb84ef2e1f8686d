import { holdDeadline, isBeforeHoldDeadline } from '../hold-deadline';
import { holdRefusal } from '../hold-eligibility';

describe('holdDeadline', () => {
  it.each<[string[], string]>([
    [['2026-12-01T18:00:00Z'], '2026-12-01T17:30:00.000Z'],
    [['2026-12-02T20:00:00Z', '2026-12-01T18:15:00Z'], '2026-12-01T17:45:00.000Z'],
    [['2026-12-01T00:10:00Z'], '2026-11-30T23:40:00.000Z'],
  ])('events %j -> %s', (starts, expected) => {
    expect(holdDeadline(starts.map((s) => new Date(s))).toISOString()).toBe(expected);
  });

  it('refuses an order without events', () => {
    expect(() => holdDeadline([])).toThrow(RangeError);
  });
});

describe('isBeforeHoldDeadline', () => {
  const deadline = new Date('2026-12-01T17:30:00Z');
  it.each<[string, boolean]>([
    ['2026-12-01T17:29:59.999Z', true],
    ['2026-12-01T17:30:00.000Z', false],
    ['2026-12-01T17:31:00.000Z', false],
  ])('%s -> %s', (now, expected) => {
    expect(isBeforeHoldDeadline(deadline, new Date(now))).toBe(expected);
  });
});

describe('holdRefusal', () => {
  type Case = Parameters<typeof holdRefusal>[0];
  const ok: Case = { customerId: 7, isMember: true, premiumSeats: 0, beforeDeadline: true };
  it.each<[string, Partial<Case>, ReturnType<typeof holdRefusal>]>([
    ['a member before the deadline', {}, null],
    ['not logged in', { customerId: null, isMember: false }, 'HOLD_LOGIN_REQUIRED'],
    ['not a member', { isMember: false, premiumSeats: 1 }, 'HOLD_MEMBERSHIP_REQUIRED'],
    ['a premium seat', { premiumSeats: 2 }, 'HOLD_PREMIUM_SEAT'],
    ['too late', { beforeDeadline: false }, 'HOLD_TOO_LATE'],
    ['premium and too late: the seat first', { premiumSeats: 1, beforeDeadline: false }, 'HOLD_PREMIUM_SEAT'],
  ])('%s', (_name, change, expected) => {
    expect(holdRefusal({ ...ok, ...change })).toBe(expected);
  });
});
