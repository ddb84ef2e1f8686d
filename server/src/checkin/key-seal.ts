import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The private signing keys rest in PostgreSQL sealed (AES-256-GCM) with a key derived from TICKET_SIGNING_KEY, the
 * secret the server already has (production refuses its development value): a copy of the database alone signs
 * nothing. 'v1.<iv>.<tag>.<ciphertext>', base64url parts.
 */
const INFO = 'hotline door check-in key seal v1';

function sealingKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), INFO, 32));
}

export function sealPrivateKey(secret: string, der: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(der), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Throws when the text was sealed with another secret or altered. */
export function unsealPrivateKey(secret: string, text: string): Buffer {
  const [version, iv, tag, sealed] = text.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('not a sealed check-in key');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]);
}
