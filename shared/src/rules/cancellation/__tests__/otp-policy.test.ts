import { otpVerdict, resendVerdict, type OtpFacts, type OtpVerdict, type ResendVerdict } from '../otp-policy';

const fresh: OtpFacts = { matches: true, ageSeconds: 10, wrongAttempts: 0, used: false };

describe('otpVerdict', () => {
  it.each<[string, Partial<OtpFacts>, OtpVerdict]>([
    ['right code in time', {}, 'ok'],
    ['wrong code', { matches: false }, 'wrong'],
    ['right code after 4 wrong tries', { wrongAttempts: 4 }, 'ok'],
    ['right code after 5 wrong tries', { wrongAttempts: 5 }, 'locked'],
    ['right code just before 5 minutes', { ageSeconds: 299.9 }, 'ok'],
    ['right code at 5 minutes', { ageSeconds: 300 }, 'expired'],
    ['used code', { used: true }, 'used'],
    ['used wins over expired', { used: true, ageSeconds: 900 }, 'used'],
  ])('%s', (_label, change, expected) => {
    expect(otpVerdict({ ...fresh, ...change })).toBe(expected);
  });
});

describe('resendVerdict', () => {
  it.each<[string, number, number, ResendVerdict]>([
    ['after 20 s, first resend', 20, 0, { ok: true }],
    ['too soon', 5, 0, { ok: false, reason: 'too_soon', waitSeconds: 15 }],
    ['rounds the wait up', 19.2, 0, { ok: false, reason: 'too_soon', waitSeconds: 1 }],
    ['second resend', 60, 1, { ok: false, reason: 'limit' }],
  ])('%s', (_label, since, resends, expected) => {
    expect(resendVerdict(since, resends)).toEqual(expected);
  });
});
