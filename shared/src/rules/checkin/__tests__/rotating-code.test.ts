import {
  acceptedSteps,
  checkRotatingDigits,
  digitsOfMac,
  formatRotatingCode,
  parseRotatingCode,
  rotationStep,
  stepMessage,
} from '../rotating-code';

/** RFC 4226 section 5.4's worked example: its HMAC bytes truncate to 0x50ef7f19 (1357872921), here to 8 digits. */
describe('digitsOfMac: dynamic truncation', () => {
  it('the RFC 4226 example', () => {
    const mac = Uint8Array.from('1f8698690e02ca16618550ef7f19da8e945b555a'.match(/../g)!, (h) => parseInt(h, 16));
    expect(digitsOfMac(mac)).toBe('57872921');
  });

  it('keeps leading zeros', () => {
    const mac = new Uint8Array(32); // offset 0, value 0
    expect(digitsOfMac(mac)).toBe('00000000');
  });
});

describe('stepMessage', () => {
  it('is the step as 8 bytes big-endian (the RFC 6238 vectors with real HMAC: server/test/checkin)', () => {
    expect([...stepMessage(0x0123abcd)]).toEqual([0, 0, 0, 0, 0x01, 0x23, 0xab, 0xcd]);
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
  // A stand-in for the HMAC: distinct digits per secret and step (the rule compares, the caller MACs).
  const digitsAt = (secret: number, step: number) => String((step * 7 + secret) % 1e8).padStart(8, '0');
  const secret = 1;
  const otherSecret = 2;
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
