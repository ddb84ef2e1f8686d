import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_DIGITS } from '@hotline/shared';

/** Opaque handles (session, pending login, login link): 32 random bytes, base64url. */
export function newHandle(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a handle: its SHA-256 (a stolen table opens no session). */
export function handleHash(handle: string): string {
  return createHash('sha256').update(handle).digest('base64url');
}

/** A one-time code: 6 digits from the CSPRNG (crypto.randomInt is uniform, no modulo bias). */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_DIGITS)).padStart(OTP_DIGITS, '0');
}

/** HMAC-SHA256 under the server secret, bound to the login it belongs to: a code is useless for any other login. */
export function otpHash(secret: string, handle: string, code: string): string {
  return createHmac('sha256', secret).update(`otp:${handle}:${code}`).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Rate-limit keys carry no phone numbers or addresses in clear. */
export function limiterKey(secret: string, kind: string, value: string): string {
  return createHmac('sha256', secret).update(`rl:${kind}:${value}`).digest('base64url').slice(0, 22);
}
