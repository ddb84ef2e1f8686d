import { DEFAULT_HOLD_POLICY, holdPolicyOutcome, type HoldPolicy } from '../hold-policy';

const at = (iso: string) => new Date(iso);
const policy = (p: Partial<HoldPolicy> = {}): HoldPolicy => ({ ...DEFAULT_HOLD_POLICY, ...p });
const date = (presentationId: number, start: string, p: Partial<HoldPolicy> = {}) => ({
  presentationId,
  start: at(start),
  policy: policy(p),
});

describe('holdPolicyOutcome', () => {
  it.each<[string, ReturnType<typeof date>[], string, string | null, string | null]>([
    // name, dates, now, refusal, deadline
    [
      'default: 30 minutes before',
      [date(1, '2026-12-01T18:00:00Z')],
      '2026-12-01T12:00:00Z',
      null,
      '2026-12-01T17:30:00.000Z',
    ],
    [
      'at the deadline: too late',
      [date(1, '2026-12-01T18:00:00Z')],
      '2026-12-01T17:30:00Z',
      'HOLD_TOO_LATE',
      '2026-12-01T17:30:00.000Z',
    ],
    [
      'a millisecond before: placed',
      [date(1, '2026-12-01T18:00:00Z')],
      '2026-12-01T17:29:59.999Z',
      null,
      '2026-12-01T17:30:00.000Z',
    ],
    [
      'two days before',
      [date(1, '2026-12-03T18:00:00Z', { releaseMinutesBeforeStart: 2880 })],
      '2026-12-01T12:00:00Z',
      null,
      '2026-12-01T18:00:00.000Z',
    ],
    [
      'two days before, too late',
      [date(1, '2026-12-03T18:00:00Z', { releaseMinutesBeforeStart: 2880 })],
      '2026-12-01T19:00:00Z',
      'HOLD_TOO_LATE',
      '2026-12-01T18:00:00.000Z',
    ],
    [
      'until the start',
      [date(1, '2026-12-01T18:00:00Z', { releaseMinutesBeforeStart: 0 })],
      '2026-12-01T17:59:00Z',
      null,
      '2026-12-01T18:00:00.000Z',
    ],
    [
      'lives an hour',
      [date(1, '2026-12-01T18:00:00Z', { maxHoldMinutes: 60 })],
      '2026-12-01T12:00:00Z',
      null,
      '2026-12-01T13:00:00.000Z',
    ],
    [
      'an hour, but the deadline is sooner',
      [date(1, '2026-12-01T18:00:00Z', { maxHoldMinutes: 60 })],
      '2026-12-01T17:00:00Z',
      null,
      '2026-12-01T17:30:00.000Z',
    ],
    [
      'the strictest date decides',
      [
        date(1, '2026-12-05T18:00:00Z', { releaseMinutesBeforeStart: 0 }),
        date(2, '2026-12-04T18:00:00Z', { releaseMinutesBeforeStart: 1440 }),
      ],
      '2026-12-01T12:00:00Z',
      null,
      '2026-12-03T18:00:00.000Z',
    ],
    [
      'the shortest life decides',
      [
        date(1, '2026-12-05T18:00:00Z', { maxHoldMinutes: 120 }),
        date(2, '2026-12-05T18:00:00Z', { maxHoldMinutes: 30 }),
      ],
      '2026-12-01T12:00:00Z',
      null,
      '2026-12-01T12:30:00.000Z',
    ],
  ])('%s', (_name, dates, now, refusal, deadline) => {
    const out = holdPolicyOutcome(dates, at(now));
    expect(out.refusal).toBe(refusal);
    expect('deadline' in out ? out.deadline.toISOString() : null).toBe(deadline);
  });

  it('refuses while any date allows no holds, naming each once, before any deadline', () => {
    const dates = [
      date(7, '2026-12-01T18:00:00Z', { allowed: false }),
      date(8, '2026-12-02T18:00:00Z'),
      date(7, '2026-12-01T18:00:00Z', { allowed: false }),
    ];
    expect(holdPolicyOutcome(dates, at('2026-12-01T17:50:00Z'))).toEqual({
      refusal: 'HOLD_NOT_ALLOWED',
      presentationIds: [7],
    });
  });

  it('refuses an order without dates', () => {
    expect(() => holdPolicyOutcome([], at('2026-12-01T12:00:00Z'))).toThrow(RangeError);
  });
});
