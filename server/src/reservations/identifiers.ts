import { randomBytes } from 'node:crypto';

// Crockford base32: no I, L, O, U, so identifiers read aloud on the phone are not misheard.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

function base32(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i]! & 31];
  return out;
}

/** 'HL' + 10 chars (50 random bits): short enough to dictate, collisions negligible (and refused by a unique index). */
export function newReservationIdentifier(): string {
  return `HL${base32(10)}`;
}

/** 'T' + 12 chars (60 random bits); what the QR code carries, with a signature. */
export function newTicketIdentifier(): string {
  return `T${base32(12)}`;
}

/** The e-ticket page key: 32 random bytes, base64url (43 chars). Knowing it is the only access control, so it is unguessable. */
export function newDocumentKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A gift voucher's reference: 'GV' + 16 chars (80 random bits). It is a bearer secret (whoever has it may pay with
 * it and read its history), so it is long enough that guessing one within the rate limits is hopeless.
 */
export function newSystemVoucherReference(): string {
  return `GV${base32(16)}`;
}

/** A donation receipt number: 'DR' + 10 chars; printed on the receipt, not a secret. */
export function newDonationReceiptNumber(): string {
  return `DR${base32(10)}`;
}
