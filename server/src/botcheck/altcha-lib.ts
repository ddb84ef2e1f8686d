/**
 * Typed access to altcha-lib v2 (proof-of-work "v2": key derivation + signed JSON parameters).
 *
 * Why a shim: altcha-lib publishes its types only through its package.json `exports`
 * map, which TypeScript cannot see under this repo's `moduleResolution: node10`
 * (`import ... from 'altcha-lib'` fails to type-check). Node's own `require` does
 * honour `exports` (the `require` condition -> dist/cjs/v2), so we load it with
 * `require` and declare here the small part of its API we use, copied from
 * dist/esm/v2/types.d.ts of altcha-lib 2.8.0. When the repo moves to
 * `moduleResolution: node16`, replace this file with plain imports.
 */

/** Signed parameters of a v2 challenge (every field is covered by the HMAC signature). */
export interface AltchaChallengeParameters {
  algorithm: string;
  nonce: string;
  salt: string;
  cost: number;
  keyLength: number;
  keyPrefix: string;
  keySignature?: string;
  memoryCost?: number;
  parallelism?: number;
  expiresAt?: number;
  data?: Record<string, string | number | boolean | null>;
}

/** What GET /api/altcha/challenge returns and what the widget solves. */
export interface AltchaChallenge {
  parameters: AltchaChallengeParameters;
  signature?: string;
}

export interface AltchaSolution {
  counter: number;
  derivedKey: string;
  time?: number;
}

/** The JSON the widget base64-encodes into its payload (our `recaptchaToken`). */
export interface AltchaPayload {
  challenge: AltchaChallenge;
  solution: AltchaSolution;
}

export type AltchaDeriveKey = (
  parameters: AltchaChallengeParameters,
  salt: Uint8Array,
  password: Uint8Array,
) => Promise<{ parameters?: Partial<AltchaChallengeParameters>; derivedKey: Uint8Array }>;

export interface AltchaVerifyResult {
  expired: boolean;
  invalidSignature: boolean | null;
  invalidSolution: boolean | null;
  time: number;
  verified: boolean;
}

interface AltchaLib {
  createChallenge(options: {
    algorithm: string;
    cost: number;
    counter?: number;
    deriveKey: AltchaDeriveKey;
    expiresAt?: number | Date;
    hmacSignatureSecret?: string;
    hmacKeySignatureSecret?: string;
  }): Promise<AltchaChallenge>;
  verifySolution(options: {
    challenge: AltchaChallenge;
    solution: AltchaSolution;
    deriveKey: AltchaDeriveKey;
    hmacSignatureSecret: string;
    hmacKeySignatureSecret?: string;
  }): Promise<AltchaVerifyResult>;
  solveChallenge(options: {
    challenge: AltchaChallenge;
    deriveKey: AltchaDeriveKey;
    timeout?: number;
  }): Promise<AltchaSolution | null>;
}

const lib = require('altcha-lib') as AltchaLib;
const sha = require('altcha-lib/algorithms/sha') as { deriveKey: AltchaDeriveKey };
const pbkdf2 = require('altcha-lib/algorithms/pbkdf2') as { deriveKey: AltchaDeriveKey };

export const createChallenge = lib.createChallenge;
export const verifySolution = lib.verifySolution;
export const solveChallenge = lib.solveChallenge;

/** The algorithms we allow (Node implementations). Argon2id/scrypt are left out: memory-hard work on our own CPU per challenge. */
export const ALTCHA_ALGORITHMS = [
  'SHA-256',
  'SHA-384',
  'SHA-512',
  'PBKDF2/SHA-256',
  'PBKDF2/SHA-384',
  'PBKDF2/SHA-512',
] as const;
export type AltchaAlgorithm = (typeof ALTCHA_ALGORITHMS)[number];

export function isAltchaAlgorithm(value: unknown): value is AltchaAlgorithm {
  return typeof value === 'string' && (ALTCHA_ALGORITHMS as readonly string[]).includes(value);
}

/** The key derivation function for an allowed algorithm. */
export function deriveKeyFor(algorithm: AltchaAlgorithm): AltchaDeriveKey {
  return algorithm.startsWith('PBKDF2/') ? pbkdf2.deriveKey : sha.deriveKey;
}
