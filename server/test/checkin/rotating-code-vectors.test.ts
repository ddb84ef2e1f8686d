import { createHmac } from 'node:crypto';
import { digitsOfMac, stepMessage } from '@hotline/shared';

/**
 * The rotating code's digits are TOTP's (shared/src/rules/checkin/rotating-code.ts): RFC 6238 appendix B's
 * HMAC-SHA256 vectors (30 s steps, 8 digits) with node:crypto's HMAC, as RotatingSecrets computes them.
 */
describe('rotating code digits: RFC 6238 SHA-256 vectors', () => {
  const secret = Buffer.from('12345678901234567890123456789012', 'ascii');
  it.each([
    [59, '46119246'],
    [1111111109, '68084774'],
    [1111111111, '67062674'],
    [1234567890, '91819424'],
    [2000000000, '90698825'],
    [20000000000, '77737706'],
  ])('T = %d s: %s', (seconds, expected) => {
    const mac = createHmac('sha256', secret)
      .update(stepMessage(Math.floor(seconds / 30)))
      .digest();
    expect(digitsOfMac(mac)).toBe(expected);
  });
});
