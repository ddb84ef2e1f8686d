import { toBase64Url } from '../base64url';
import { checkTicketCode, type SignatureVerifier, type TicketKey } from '../check-ticket-code';
import { MAX_TICKET_CODE_LENGTH, parseTicketCode, ticketCodeSignedText, ticketCodeText } from '../ticket-code';

/**
 * The rule is the format, the key choice and the key's lifetime; the signature primitive is given to it (node:crypto
 * on the server, WebCrypto in a scanner). Here a toy keyed checksum stands in for Ed25519, so a forged, altered or
 * other-key code is told apart exactly as the rule must; the real Ed25519 round trip is the server's test
 * (server/test/checkin/ticket-keys.test.ts).
 */
const keyBytes = (seed: number) => Uint8Array.from({ length: 32 }, (_, i) => (seed * 31 + i * 7) & 255);
const toySign = (publicKey: Uint8Array, message: Uint8Array) => {
  let sum = 0;
  for (const b of message) sum = (sum * 131 + b) % 65_521;
  return Uint8Array.from({ length: 64 }, (_, i) => (sum * (i + 1) + publicKey[i % 32]!) & 255);
};
const toyVerify: SignatureVerifier = (publicKey, message, signature) =>
  toBase64Url(toySign(publicKey, message)) === toBase64Url(signature);

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const fields = { keyId: 1, ticketIdentifier: 'T0123456789AB', presentationId: 17, sectionId: 5, x: 12, y: 3 };
function signed(keyId: number, seed: number, f = fields): string {
  const text = ticketCodeSignedText({ ...f, keyId });
  return ticketCodeText(text, toySign(keyBytes(seed), ascii(text)));
}

const AT = new Date('2026-12-01T18:00:00Z');
const keys: TicketKey[] = [
  { keyId: 1, publicKey: toBase64Url(keyBytes(1)), verifiesUntil: null },
  { keyId: 2, publicKey: toBase64Url(keyBytes(2)), verifiesUntil: '2026-12-01T21:00:00Z' },
  { keyId: 3, publicKey: toBase64Url(keyBytes(3)), verifiesUntil: '2026-12-01T17:59:59Z' },
];
const good = signed(1, 1);
const [prefix, middle, signature] = good.split('.') as [string, string, string];
const flipped = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);

describe('checkTicketCode', () => {
  it.each<[string, string, string]>([
    ['a code signed with the active key', good, 'genuine'],
    ['a retired key before its last show is over', signed(2, 2), 'genuine'],
    ['a retired key after its last show', signed(3, 3), 'not-valid:key-expired'],
    ['a key nobody published', signed(9, 9), 'not-valid:unknown-key'],
    ['signed by another key than it names (forged)', signed(1, 2), 'not-valid:bad-signature'],
    [
      'another ticket pasted in (altered fields)',
      `${prefix}.${flipped(middle, 3)}.${signature}`,
      'not-valid:bad-signature',
    ],
    ['an altered signature', `${prefix}.${middle}.${flipped(signature, 10)}`, 'not-valid:bad-signature'],
    ['truncated signature', good.slice(0, -2), 'not-valid:malformed'],
    ['truncated fields', `${prefix}.${middle.slice(0, -3)}.${signature}`, 'not-valid:malformed'],
    ['one character short', good.slice(0, -1), 'not-valid:malformed'],
    ['another prefix', `HLT9.${middle}.${signature}`, 'not-valid:malformed'],
    ['empty', '', 'not-valid:malformed'],
    ['a URL', 'https://example.com/ticket/T0123456789AB', 'not-valid:malformed'],
    ['too long', `${good}${'A'.repeat(MAX_TICKET_CODE_LENGTH)}`, 'not-valid:malformed'],
    [
      'an HLT1 code: the server checks its HMAC',
      'HLT1.T0123456789AB.abcdefghijklmnopqrstuv',
      'ask-server:T0123456789AB',
    ],
    ['an HLT1 code with no identifier', 'HLT1..abc', 'not-valid:malformed'],
  ])('%s', (_name, text, expected) => {
    const v = checkTicketCode(text, keys, AT, toyVerify);
    const got =
      v.verdict === 'genuine'
        ? 'genuine'
        : v.verdict === 'ask-server'
          ? `ask-server:${v.ticketIdentifier}`
          : `not-valid:${v.reason}`;
    expect(got).toBe(expected);
  });

  it('gives back what the code names', () => {
    const v = checkTicketCode(good, keys, AT, toyVerify);
    expect(v).toEqual({ verdict: 'genuine', fields });
  });
});

describe('the HLT2 format', () => {
  it.each([
    ['small ids', { ...fields }],
    [
      'large ids, negative coordinates',
      {
        keyId: 300,
        ticketIdentifier: 'TZZZZZZZZZZZZ',
        presentationId: 2_000_000,
        sectionId: 2_000_000,
        x: -1000,
        y: 65_000,
      },
    ],
    ['zero everywhere', { keyId: 0, ticketIdentifier: 'T000000000000', presentationId: 0, sectionId: 0, x: 0, y: 0 }],
  ])('%s: round trip, at most 120 characters', (_name, f) => {
    const text = signed(f.keyId, 1, f);
    expect(text.length).toBeLessThanOrEqual(MAX_TICKET_CODE_LENGTH);
    const parsed = parseTicketCode(text);
    expect(parsed.kind === 'signed' && parsed.fields).toEqual(f);
  });

  it.each([
    ['not a ticket identifier', { ...fields, ticketIdentifier: 'X0123456789AB' }],
    ['a lower-case identifier', { ...fields, ticketIdentifier: 'T0123456789ab' }],
    ['a negative presentation', { ...fields, presentationId: -1 }],
    ['a fractional seat', { ...fields, x: 1.5 }],
  ])('refuses to sign %s', (_name, f) => {
    expect(() => ticketCodeSignedText(f)).toThrow();
  });
});
