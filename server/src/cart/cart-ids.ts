import { randomBytes, randomUUID } from 'node:crypto';

/** A new cart's identifiers: the commit's idempotency key (uuid) and the public handle /cart/{resId}. Both unguessable. */
export function newCartIdentifier(): string {
  return randomUUID();
}

export function newResId(): string {
  return randomBytes(12).toString('base64url');
}
