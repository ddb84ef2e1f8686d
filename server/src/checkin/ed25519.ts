import { createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import type { SignatureVerifier } from '@hotline/shared';

const publicKeys = new Map<string, KeyObject>();

function publicKeyObject(raw: Uint8Array): KeyObject {
  const x = Buffer.from(raw).toString('base64url');
  let key = publicKeys.get(x);
  if (!key) {
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' });
    if (publicKeys.size > 100) publicKeys.clear(); // a handful of keys live at once; never grows without bound
    publicKeys.set(x, key);
  }
  return key;
}

/** The shared rule's signature primitive on the server: node:crypto's Ed25519. */
export const ed25519Verify: SignatureVerifier = (publicKey, message, signature) => {
  try {
    return verify(null, message, publicKeyObject(publicKey), signature);
  } catch {
    return false; // a key of the wrong length or shape verifies nothing
  }
};

/**
 * The same check on libuv's threadpool (node:crypto's verify with a callback): the event loop hands it over and goes
 * on with other scans. A verification was the biggest single cost on the server's loop at the door (about a sixth of
 * its samples in the redeem bench's profile), and the loop, not the cores, is what queues a node's scans.
 */
export function ed25519VerifyOffLoop(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): Promise<boolean> {
  let key: KeyObject;
  try {
    key = publicKeyObject(publicKey);
  } catch {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => verify(null, message, key, signature, (error, holds) => resolve(!error && holds)));
}

export interface GeneratedKeyPair {
  /** Raw 32 bytes, base64url: what GET /api/checkin/keys lists. */
  publicKey: string;
  /** PKCS#8 DER: sealed before it is stored. */
  privateKeyDer: Buffer;
}

export function generateTicketKeyPair(): GeneratedKeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKey: publicKey.export({ format: 'jwk' }).x!,
    privateKeyDer: privateKey.export({ format: 'der', type: 'pkcs8' }),
  };
}

export function ed25519Sign(privateKey: KeyObject, text: string): Uint8Array {
  return sign(null, Buffer.from(text, 'ascii'), privateKey);
}
