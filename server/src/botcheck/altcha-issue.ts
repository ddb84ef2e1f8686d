import { randomBytes } from 'node:crypto';
import { type AltchaAlgorithm, type AltchaChallenge, type AltchaChallengeParameters, deriveKeyFor } from './altcha-lib';
import { type AltchaSecrets, hmacHex, sortKeys } from './altcha-verify';

/** altcha-lib's defaults: a 32-byte key, and half of it published as the prefix the solver must reach. */
const KEY_LENGTH = 32;
const KEY_PREFIX_LENGTH = KEY_LENGTH / 2;
const NONCE_BYTES = 16;
const SALT_BYTES = 16;

export interface ChallengeOrder {
  algorithm: AltchaAlgorithm;
  /** The key derivation's work per try (ALTCHA_COST): a positive integer. */
  cost: number;
  /** The secret counter the solver must walk up to: an integer from 0 to 2^32 - 1. */
  counter: number;
  /** Seconds since the epoch. */
  expiresAt: number;
  data?: Record<string, number>;
}

/**
 * altcha-lib 2.8's createChallenge (deriveChallenge, then signChallenge; dist/cjs/v2/pow.js) in deterministic mode
 * with both secrets, as the server always calls it: the same parameters, key derivation (altcha-lib's own function)
 * and signatures, but the two HMACs with node:crypto's synchronous HMAC instead of WebCrypto's (a key import and a
 * sign each, about a hundred microseconds of CPU per challenge together; decision 030).
 */
export async function issueKeySignedChallenge(order: ChallengeOrder, secrets: AltchaSecrets): Promise<AltchaChallenge> {
  if (!Number.isInteger(order.cost) || order.cost < 1)
    throw new Error(`cost must be a positive integer: ${order.cost}`);
  if (!Number.isInteger(order.counter) || order.counter < 0 || order.counter > 0xffffffff)
    throw new Error(`counter must be a 32-bit unsigned integer: ${order.counter}`);
  const nonce = randomBytes(NONCE_BYTES);
  const salt = randomBytes(SALT_BYTES);
  const parameters: AltchaChallengeParameters = {
    algorithm: order.algorithm,
    nonce: nonce.toString('hex'),
    salt: salt.toString('hex'),
    cost: order.cost,
    keyLength: KEY_LENGTH,
    keyPrefix: '00',
    expiresAt: order.expiresAt,
    data: order.data,
  };
  // The password is the nonce followed by the counter as a big-endian 32-bit integer (altcha-lib's PasswordBuffer).
  const password = Buffer.alloc(NONCE_BYTES + 4);
  nonce.copy(password);
  password.writeUInt32BE(order.counter, NONCE_BYTES);
  const derived = await deriveKeyFor(order.algorithm)(parameters, salt, password);
  Object.assign(parameters, derived.parameters ?? {});
  const key = Buffer.from(derived.derivedKey);
  parameters.keyPrefix = key.subarray(0, Math.min(KEY_PREFIX_LENGTH, Math.floor(key.length / 2))).toString('hex');
  parameters.keySignature = hmacHex(secrets.keySignature, key);
  const signed = sortKeys(parameters) as AltchaChallengeParameters;
  return { parameters: signed, signature: hmacHex(secrets.signature, JSON.stringify(signed)) };
}
