import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What an e-ticket's QR code carries: 'HLT1.<ticketIdentifier>.<signature>'.
 * The signature (HMAC-SHA256 with TICKET_SIGNING_KEY, 128 bits, base64url) lets
 * the door scanner tell a real ticket from a made-up identifier offline.
 */
const PREFIX = 'HLT1';

function sign(key: string, ticketIdentifier: string): string {
  return createHmac('sha256', key)
    .update(`${PREFIX}.${ticketIdentifier}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function ticketQrText(key: string, ticketIdentifier: string): string {
  return `${PREFIX}.${ticketIdentifier}.${sign(key, ticketIdentifier)}`;
}

/** The ticket identifier when `text` is a genuine QR payload, else null. */
export function verifyTicketQr(key: string, text: string): string | null {
  const [prefix, identifier, signature] = text.split('.');
  if (prefix !== PREFIX || !identifier || !signature) return null;
  const expected = Buffer.from(sign(key, identifier));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? identifier : null;
}
