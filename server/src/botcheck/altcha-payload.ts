import { z } from 'zod';
import type { AltchaPayload } from './altcha-lib';

/** Far above a real payload (~600 characters), far below anything that costs us to parse. */
export const MAX_TOKEN_LENGTH = 4096;

const hex = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[0-9a-f]+$/);

/**
 * The shape of a widget payload. Checked before any crypto so that junk is refused
 * cheaply and the library never sees types it does not expect. Objects are loose on
 * purpose: the signature covers every parameter, so the verifier must see exactly
 * what the client sent (we validate with this schema but pass on the parsed JSON).
 */
const payloadSchema = z.object({
  challenge: z.looseObject({
    parameters: z.looseObject({
      algorithm: z.string().max(32),
      nonce: hex(2, 128),
      salt: hex(2, 128),
      cost: z.number().int().positive(),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: hex(1, 128),
      keySignature: hex(2, 256).optional(),
      // Our challenges always expire; one without an expiry is not ours.
      expiresAt: z.number().int().positive(),
    }),
    signature: hex(64, 256),
  }),
  solution: z.looseObject({
    counter: z.number().int().nonnegative(),
    derivedKey: hex(2, 256),
  }),
});

export type TokenProblem = 'not_a_string' | 'empty' | 'too_long' | 'not_base64' | 'not_json' | 'bad_shape';

export type ParsedToken = { ok: true; payload: AltchaPayload } | { ok: false; problem: TokenProblem };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Decodes the widget's payload: base64(JSON({ challenge, solution })).
 * A space is read as '+', since a token sent unencoded in a query string (best-available
 * is a GET) has its '+' turned into spaces; base64 never contains spaces, so this
 * cannot make an invalid token valid, and the signature is checked afterwards anyway.
 */
export function parseAltchaToken(token: unknown): ParsedToken {
  if (typeof token !== 'string') return { ok: false, problem: 'not_a_string' };
  if (token.length === 0) return { ok: false, problem: 'empty' };
  if (token.length > MAX_TOKEN_LENGTH) return { ok: false, problem: 'too_long' };
  const normalised = token.replace(/ /g, '+');
  if (normalised.length % 4 !== 0 || !BASE64.test(normalised)) return { ok: false, problem: 'not_base64' };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(normalised, 'base64').toString('utf8'));
  } catch {
    return { ok: false, problem: 'not_json' };
  }
  if (!payloadSchema.safeParse(json).success) return { ok: false, problem: 'bad_shape' };
  return { ok: true, payload: json as AltchaPayload };
}
