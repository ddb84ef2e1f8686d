import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AltchaChallenge, AltchaChallengeParameters, AltchaSolution, AltchaVerifyResult } from './altcha-lib';

/** altcha-lib's counter bound for its default (uint32) counter mode. */
const MAX_COUNTER = 0xffffffff;
/** Lowercase hex, whole bytes: what every solver produces, and what altcha-lib accepts as a derived key. */
const DERIVED_KEY = /^(?:[0-9a-f]{2})+$/;

/** The two secrets a challenge is signed with: the parameters' and the expected derived key's. */
export interface AltchaSecrets {
  signature: string;
  keySignature: string;
}

/** Keys in order at every level, undefined values left out: altcha-lib's sortKeys. */
export function sortKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .flatMap((k) => {
        const v = (value as Record<string, unknown>)[k];
        return v === undefined ? [] : [[k, sortKeys(v)]];
      }),
  );
}

/** altcha-lib's canonicalJSON (its helpers are not in the package's exports map): what it signs. */
export function canonicalJson(parameters: AltchaChallengeParameters): string {
  return JSON.stringify(sortKeys(parameters));
}

/** HMAC-SHA-256 in lowercase hex, as altcha-lib's `bufferToHex(hmac('SHA-256', data, secret))`. */
export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Equal strings, compared in constant time for a given length. */
function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const result = (r: Omit<AltchaVerifyResult, 'time'>): AltchaVerifyResult => ({ ...r, time: 0 });

/**
 * altcha-lib 2.8's verifySolution (dist/cjs/v2/pow.js) for a challenge that carries a key signature, which every
 * challenge this server issues does: the same checks in the same order with the same outcome, but with node:crypto's
 * synchronous HMAC. altcha-lib computes each of its two HMACs through WebCrypto (a key import, then a sign, each an
 * asynchronous job with its own promise), which a profile of the waiting room's join put at about a quarter of the
 * join's server CPU; here both are a few microseconds. Answers null for a challenge without a key signature: the
 * caller hands that one to altcha-lib, which derives the key again.
 */
export function verifyKeySignedSolution(
  challenge: AltchaChallenge,
  solution: AltchaSolution,
  secrets: AltchaSecrets,
  nowMs: number,
): AltchaVerifyResult | null {
  const { parameters } = challenge;
  if (!parameters.keySignature) return null;
  // 1. Expiry.
  if (parameters.expiresAt && parameters.expiresAt < nowMs / 1000)
    return result({ expired: true, invalidSignature: null, invalidSolution: null, verified: false });
  // 2-3. The parameters are the ones we signed.
  if (!challenge.signature || !sameText(challenge.signature, hmacHex(secrets.signature, canonicalJson(parameters))))
    return result({ expired: false, invalidSignature: true, invalidSolution: null, verified: false });
  // A malformed solution is an invalid solution.
  const { derivedKey, counter } = solution as Partial<AltchaSolution>;
  if (
    typeof derivedKey !== 'string' ||
    !DERIVED_KEY.test(derivedKey) ||
    !Number.isInteger(counter) ||
    (counter as number) < 0 ||
    (counter as number) > MAX_COUNTER
  )
    return result({ expired: false, invalidSignature: false, invalidSolution: true, verified: false });
  // 4a. The derived key is the one whose signature the challenge carries.
  const verified = sameText(parameters.keySignature, hmacHex(secrets.keySignature, Buffer.from(derivedKey, 'hex')));
  return result({ expired: false, invalidSignature: false, invalidSolution: !verified, verified });
}
