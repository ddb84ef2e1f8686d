import { createHmac } from 'node:crypto';
import {
  acceptedSteps,
  checkRotatingDigits,
  digitsOfMac,
  formatRotatingCode,
  parseRotatingCode,
  rotationStep,
  stepMessage,
} from '../rotating-code';

function digitsAt(secret: Buffer, step: number): string {
  return digitsOfMac(createHmac('sha256', secret).update(stepMessage(step)).digest());
}

/** RFC 6238's HMAC-SHA256 vectors (appendix B: 30 s steps, 8 digits): the MAC and truncation are TOTP's. */
describe('digitsOfMac over stepMessage: RFC 6238 SHA-256 vectors', () => {
  const rfcSecret = Buffer.from('12345678901234567890123456789012', 'ascii');
  it.each([
    [59, '46119246'],
    [1111111109, '68084774'],
    [1111111111, '67062674'],
    [1234567890, '91819424'],
    [2000000000, '90698825'],
    [20000000000, '77737706'],
  ])('T = %d s: %s', (seconds, expected) => {
    expect(digitsAt(rfcSecret, Math.floor(seconds / 30))).toBe(expected);
  });
});

describe('the code as text', () => {
  it.each<[string, string, ReturnType<typeof parseRotatingCode>]>([
    ['a code', 'HLR1.T0123456789AB.00412345', { ticketIdentifier: 'T0123456789AB', digits: '00412345' }],
    [
      'spaces around (a keyboard wedge)',
      ' HLR1.T0123456789AB.00412345\n',
      { ticketIdentifier: 'T0123456789AB', digits: '00412345' },
    ],
    ['seven digits', 'HLR1.T0123456789AB.0041234', null],
    ['nine digits', 'HLR1.T0123456789AB.004123456', null],
    ['a letter Crockford leaves out (U)', 'HLR1.T0123456789AU.00412345', null],
    ['lower case', 'hlr1.T0123456789AB.00412345', null],
    ['a static code', 'HLT2.AAAA.BBBB', null],
    ['no identifier', 'HLR1..00412345', null],
  ])('%s', (_name, text, expected) => {
    expect(parseRotatingCode(text)).toEqual(expected);
  });

  it('formats what it parses', () => {
    expect(parseRotatingCode(formatRotatingCode('T0123456789AB', '99999999'))).toEqual({
      ticketIdentifier: 'T0123456789AB',
      digits: '99999999',
    });
  });
});

/** The moments are fixed numbers (no clock): step 15 s, three steps either side. */
describe('checkRotatingDigits', () => {
  const secret = Buffer.alloc(16, 7);
  const otherSecret = Buffer.alloc(16, 8);
  const shownAt = Date.UTC(2026, 11, 1, 18, 0, 0); // the start of a step (a multiple of 15 s)
  const shown = digitsAt(secret, rotationStep(shownAt));
  const check = (digits: string, atMs: number) => checkRotatingDigits(digits, atMs, (s) => digitsAt(secret, s));

  it.each<[string, string, number, 'fresh' | 'not-valid']>([
    ['read at once', shown, shownAt, 'fresh'],
    ['read 14 s later, same step', shown, shownAt + 14_000, 'fresh'],
    ['a screenshot 59 s old', shown, shownAt + 59_999, 'fresh'],
    ['a screenshot a minute old', shown, shownAt + 60_000, 'not-valid'],
    ['a screenshot an hour old', shown, shownAt + 3_600_000, 'not-valid'],
    ['a phone 45 s fast (the scanner reads it 45 s "early")', shown, shownAt - 45_000, 'fresh'],
    ['a phone 46 s fast', shown, shownAt - 46_000, 'not-valid'],
    ['a phone hours fast', shown, shownAt - 3 * 3_600_000, 'not-valid'],
    ['another ticket’s secret', digitsAt(otherSecret, rotationStep(shownAt)), shownAt, 'not-valid'],
    ['digits made up', '12345678', shownAt, 'not-valid'],
  ])('%s', (_name, digits, atMs, expected) => {
    expect(check(digits, atMs).verdict).toBe(expected);
  });

  it('names the step it matched', () => {
    expect(check(shown, shownAt + 30_000)).toEqual({ verdict: 'fresh', step: rotationStep(shownAt) });
  });

  it('accepts now’s step and three either side, now’s first', () => {
    const now = rotationStep(shownAt);
    expect(acceptedSteps(shownAt)).toEqual([now, now - 1, now + 1, now - 2, now + 2, now - 3, now + 3]);
  });
});
