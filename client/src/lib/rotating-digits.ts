import { digitsOfMac, fromBase64Url, stepMessage } from '@hotline/shared';

/**
 * A ticket's rotating-code digits at each step (shared/src/rules/checkin/rotating-code.ts), HMAC-SHA256 through
 * WebCrypto: the e-ticket page shows them, the scanner offline compares them. Empty for a secret that is not base64url.
 */
export async function rotatingDigits(secret: string, steps: readonly number[]): Promise<Map<number, string>> {
  const raw = fromBase64Url(secret);
  const digits = new Map<number, string>();
  if (!raw) return digits;
  const key = await crypto.subtle.importKey('raw', Uint8Array.from(raw), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  for (const step of steps)
    digits.set(
      step,
      digitsOfMac(new Uint8Array(await crypto.subtle.sign('HMAC', key, Uint8Array.from(stepMessage(step))))),
    );
  return digits;
}
