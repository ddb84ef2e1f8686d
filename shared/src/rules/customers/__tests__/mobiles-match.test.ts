import { MOBILES_DO_NOT_MATCH_MESSAGE, mobilesMatch } from '../mobiles-match';

describe('mobilesMatch', () => {
  it.each([
    ['0501234567', '0501234567', true],
    ['050-1234567', '0501234567', true],
    ['+972501234567', '050 123 4567', true],
    ['00972501234567', '+972-50-1234567', true],
    ['', '', true], // emptiness is the required rule's business
    ['0501234567', '0501234568', false],
    ['0501234567', '', false],
    ['0521234567', '0501234567', false],
  ])('%j vs %j -> %p', (mobile, verify, expected) => {
    expect(mobilesMatch(mobile, verify)).toBe(expected);
    expect(mobilesMatch(verify, mobile)).toBe(expected);
  });

  it('has the spec’s mismatch text', () => {
    expect(MOBILES_DO_NOT_MATCH_MESSAGE).toBe('mobile numbers do not match');
  });
});
