import { fromBase64Url, toBase64Url } from './base64url';

/**
 * What a ticket's QR code carries (docs/door-checkin.md):
 *
 *   HLT2.<fields>.<signature>   fields: base64url of varints (key id, presentation, section, x, y) and the ticket
 *                               identifier's 60 bits; signature: Ed25519 over the text 'HLT2.<fields>' (64 bytes)
 *   HLT1.<ticket>.<hmac>        the first e-tickets: an HMAC only the server can check
 *
 * An HLT2 code is at most 120 characters (a QR code of version 6, quick to scan from a phone screen), and anyone
 * holding the public keys can check it, so a scanner checks it offline without a secret.
 */
export const TICKET_CODE_PREFIX = 'HLT2';
export const LEGACY_TICKET_CODE_PREFIX = 'HLT1';
export const MAX_TICKET_CODE_LENGTH = 120;
const SIGNATURE_BYTES = 64;
const IDENTIFIER = /^T[0-9A-HJKMNP-TV-Z]{12}$/;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const MAX_ID = 2 ** 31 - 1;

export interface TicketCodeFields {
  keyId: number;
  /** 'T' + 12 Crockford base32 characters (reservations/identifiers.ts). */
  ticketIdentifier: string;
  presentationId: number;
  /** The seat the code was issued for: a later change of seats makes the old code name the old seat. */
  sectionId: number;
  x: number;
  y: number;
}

export type ParsedTicketCode =
  | { kind: 'signed'; fields: TicketCodeFields; signedText: string; signature: Uint8Array }
  | { kind: 'legacy'; ticketIdentifier: string }
  | { kind: 'malformed' };

const zigzag = (n: number) => (n >= 0 ? n * 2 : -n * 2 - 1);
const unzigzag = (n: number) => (n % 2 === 0 ? n / 2 : -(n + 1) / 2);

function pushVarint(out: number[], n: number): void {
  let v = n;
  while (v >= 128) {
    out.push((v % 128) | 128);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

function identifierBytes(identifier: string): number[] {
  let v = 0n;
  for (const c of identifier.slice(1)) v = v * 32n + BigInt(CROCKFORD.indexOf(c));
  return Array.from({ length: 8 }, (_, i) => Number((v >> BigInt(8 * (7 - i))) & 255n));
}

function identifierOf(bytes: Uint8Array): string | null {
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  if (v >= 1n << 60n) return null;
  let out = '';
  for (let i = 0; i < 12; i++) out = CROCKFORD[Number((v >> BigInt(5 * i)) & 31n)] + out;
  return `T${out}`;
}

const isId = (n: number) => Number.isInteger(n) && n >= 0 && n <= MAX_ID;
const isCoordinate = (n: number) => Number.isInteger(n) && Math.abs(n) <= 1_000_000;

/** The text an HLT2 signature covers ('HLT2.<fields>'); throws on fields no ticket can have. */
export function ticketCodeSignedText(fields: TicketCodeFields): string {
  const { keyId, ticketIdentifier, presentationId, sectionId, x, y } = fields;
  if (!IDENTIFIER.test(ticketIdentifier)) throw new Error(`not a ticket identifier: ${ticketIdentifier}`);
  if (![keyId, presentationId, sectionId].every(isId) || !isCoordinate(x) || !isCoordinate(y))
    throw new Error('ticket code fields out of range');
  const bytes: number[] = [];
  pushVarint(bytes, keyId);
  bytes.push(...identifierBytes(ticketIdentifier));
  pushVarint(bytes, presentationId);
  pushVarint(bytes, sectionId);
  pushVarint(bytes, zigzag(x));
  pushVarint(bytes, zigzag(y));
  return `${TICKET_CODE_PREFIX}.${toBase64Url(Uint8Array.from(bytes))}`;
}

/** The whole code: the signed text and its signature (64 bytes from Ed25519). */
export function ticketCodeText(signedText: string, signature: Uint8Array): string {
  if (signature.length !== SIGNATURE_BYTES) throw new Error('an Ed25519 signature is 64 bytes');
  const text = `${signedText}.${toBase64Url(signature)}`;
  if (text.length > MAX_TICKET_CODE_LENGTH) throw new Error(`ticket code longer than ${MAX_TICKET_CODE_LENGTH}`);
  return text;
}

class Reader {
  at = 0;
  constructor(private readonly bytes: Uint8Array) {}
  varint(): number | null {
    let v = 0;
    let scale = 1;
    for (let i = 0; i < 5; i++) {
      const b = this.bytes[this.at++];
      if (b === undefined) return null;
      v += (b & 127) * scale;
      if (b < 128) return i > 0 && b === 0 ? null : v; // one spelling per number
      scale *= 128;
    }
    return null;
  }
  take(n: number): Uint8Array | null {
    if (this.at + n > this.bytes.length) return null;
    this.at += n;
    return this.bytes.subarray(this.at - n, this.at);
  }
  get done(): boolean {
    return this.at === this.bytes.length;
  }
}

function parseFields(encoded: string): TicketCodeFields | null {
  const bytes = fromBase64Url(encoded);
  if (!bytes) return null;
  const r = new Reader(bytes);
  const keyId = r.varint();
  const identifier = r.take(8);
  const presentationId = r.varint();
  const sectionId = r.varint();
  const x = r.varint();
  const y = r.varint();
  if (keyId === null || !identifier || presentationId === null || sectionId === null || x === null || y === null)
    return null;
  const ticketIdentifier = identifierOf(identifier);
  if (!r.done || !ticketIdentifier || ![keyId, presentationId, sectionId].every(isId)) return null;
  return { keyId, ticketIdentifier, presentationId, sectionId, x: unzigzag(x), y: unzigzag(y) };
}

/** Reads a scanned text without checking any signature: which format, and what it names. */
export function parseTicketCode(text: string): ParsedTicketCode {
  if (text.length > MAX_TICKET_CODE_LENGTH) return { kind: 'malformed' };
  const parts = text.split('.');
  if (parts.length !== 3) return { kind: 'malformed' };
  const [prefix, middle, last] = parts as [string, string, string];
  if (prefix === LEGACY_TICKET_CODE_PREFIX)
    return IDENTIFIER.test(middle) && last.length > 0
      ? { kind: 'legacy', ticketIdentifier: middle }
      : { kind: 'malformed' };
  if (prefix !== TICKET_CODE_PREFIX) return { kind: 'malformed' };
  const fields = parseFields(middle);
  const signature = fromBase64Url(last);
  if (!fields || !signature || signature.length !== SIGNATURE_BYTES) return { kind: 'malformed' };
  return { kind: 'signed', fields, signedText: `${prefix}.${middle}`, signature };
}
