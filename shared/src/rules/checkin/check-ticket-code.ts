import { fromBase64Url } from './base64url';
import { parseTicketCode, type TicketCodeFields } from './ticket-code';

/** A public key as GET /api/checkin/keys lists it. */
export interface TicketKey {
  keyId: number;
  /** The raw 32-byte Ed25519 public key, base64url. */
  publicKey: string;
  /**
   * Null while the key signs new codes. A retired key keeps verifying until the last show it may have signed a
   * ticket for is over (the server computes it when it retires the key), and not a moment longer.
   */
  verifiesUntil: string | null;
}

/** Ed25519 verification: node:crypto on the server, WebCrypto (or a library) in the scanner. */
export type SignatureVerifier = (publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array) => boolean;

export type TicketCodeVerdict =
  | { verdict: 'genuine'; fields: TicketCodeFields }
  /** An HLT1 code: its HMAC needs the server's secret, so only the server can say. */
  | { verdict: 'ask-server'; ticketIdentifier: string }
  | { verdict: 'not-valid'; reason: 'malformed' | 'unknown-key' | 'key-expired' | 'bad-signature' };

/**
 * Is this scanned text a ticket code we signed? Pure: the keys, the moment and the signature primitive are given.
 * Forged, truncated, altered and other-system codes are 'not-valid'; so is a code of a retired key after its last
 * show (a leaked old private key then signs nothing anyone accepts).
 */
export function checkTicketCode(
  text: string,
  keys: readonly TicketKey[],
  at: Date,
  verify: SignatureVerifier,
): TicketCodeVerdict {
  const parsed = parseTicketCode(text);
  if (parsed.kind === 'malformed') return { verdict: 'not-valid', reason: 'malformed' };
  if (parsed.kind === 'legacy') return { verdict: 'ask-server', ticketIdentifier: parsed.ticketIdentifier };
  const key = keys.find((k) => k.keyId === parsed.fields.keyId);
  const publicKey = key ? fromBase64Url(key.publicKey) : null;
  if (!key || !publicKey || publicKey.length !== 32) return { verdict: 'not-valid', reason: 'unknown-key' };
  if (key.verifiesUntil !== null && at.getTime() >= Date.parse(key.verifiesUntil))
    return { verdict: 'not-valid', reason: 'key-expired' };
  // The signed text is base64url and the prefix: ASCII, one byte per character.
  const message = Uint8Array.from(parsed.signedText, (c) => c.charCodeAt(0));
  if (!verify(publicKey, message, parsed.signature)) return { verdict: 'not-valid', reason: 'bad-signature' };
  return { verdict: 'genuine', fields: parsed.fields };
}
