import { base32Decode, base32Encode, hotp, matchTotp, totpStep } from '../../src/backoffice/totp';

/** RFC 6238 appendix B (SHA-1 seed "12345678901234567890"), last 6 of the 8 digits. */
const RFC_SEED = Buffer.from('12345678901234567890', 'ascii');

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1111111111, '050471'],
    [1234567890, '005924'],
    [2000000000, '279037'],
    [20000000000, '353130'],
  ])('at unix time %d the code is %s', (seconds, code) => {
    expect(hotp(RFC_SEED, totpStep(seconds * 1000))).toBe(code);
  });

  it.each([
    // RFC 4226 appendix D: HOTP of counters 0..2
    [0, '755224'],
    [1, '287082'],
    [2, '359152'],
  ])('HOTP counter %d is %s', (counter, code) => {
    expect(hotp(RFC_SEED, counter)).toBe(code);
  });

  it.each([
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ])('base32 of %j is %s (RFC 4648, unpadded) and back', (text, encoded) => {
    expect(base32Encode(Buffer.from(text))).toBe(encoded);
    expect(base32Decode(encoded).toString()).toBe(text);
  });

  const secret = base32Encode(RFC_SEED);
  const at = 1111111111 * 1000;
  it.each([
    ['the current step', '050471', totpStep(at)],
    ['the step before (drift)', hotp(RFC_SEED, totpStep(at) - 1), totpStep(at) - 1],
    ['the step after (drift)', hotp(RFC_SEED, totpStep(at) + 1), totpStep(at) + 1],
    ['two steps before', hotp(RFC_SEED, totpStep(at) - 2), null],
    ['a wrong code', '000000', null],
    ['too short', '05047', null],
    ['not digits', '05047a', null],
  ])('%s -> %p', (_name, code, step) => {
    expect(matchTotp(secret, code, at)).toBe(step);
  });
});
