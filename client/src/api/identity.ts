/**
 * Anonymous visitor identity (storefront-spec.md section 4): one uuid per browser,
 * kept in localStorage and in the `uuid` cookie, sent as the `uuid` header on every
 * API call. Seat locks and carts belong to it.
 *
 * First visit: the first call goes out without the header; if the server issues a
 * uuid (response header `uuid`) we adopt it, otherwise we make one ourselves.
 * Calls made while that first call is in flight wait for it, so a visitor never
 * ends up with two identities.
 */
const STORAGE_KEY = 'uuid';
const COOKIE_NAME = 'uuid';
const COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let current: string | null = null;
let pending: Promise<void> | null = null;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled (private mode, policy): the cookie still works
  }
}

/** The stored uuid, if any (localStorage first, then the cookie). */
export function storedVisitorId(): string | null {
  if (current) return current;
  const stored = readStorage();
  if (isUuid(stored)) return (current = stored.toLowerCase());
  const cookie = readCookie(COOKIE_NAME);
  if (isUuid(cookie)) {
    remember(cookie);
    return current;
  }
  return null;
}

export function remember(uuid: string): void {
  current = uuid.toLowerCase();
  try {
    localStorage.setItem(STORAGE_KEY, current);
  } catch {
    /* ignore: see readStorage */
  }
  if (typeof document !== 'undefined') {
    const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${COOKIE_NAME}=${encodeURIComponent(current)}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
  }
}

/** RFC 4122 v4; crypto.randomUUID only exists in secure contexts (https, localhost). */
export function generateUuid(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Runs `call` with the uuid to send (or null on the very first call) and settles
 * the identity from its response. Concurrent first calls queue behind the first.
 */
export async function withVisitorId(call: (uuid: string | null) => Promise<Response>): Promise<Response> {
  const known = storedVisitorId();
  if (known) return call(known);
  if (pending) {
    await pending;
    return call(storedVisitorId());
  }
  let settle!: () => void;
  pending = new Promise<void>((resolve) => (settle = resolve));
  try {
    const response = await call(null);
    const issued = response.headers.get('uuid');
    remember(isUuid(issued) ? issued : (storedVisitorId() ?? generateUuid()));
    return response;
  } catch (error) {
    // Network failure before any answer: still settle on an identity so queued calls proceed.
    if (!storedVisitorId()) remember(generateUuid());
    throw error;
  } finally {
    pending = null;
    settle();
  }
}

/**
 * For the reads the server answers the same to anyone without an id (its `AnonymousRead` routes: a presentation's
 * plan, ticket groups and seat statuses): sent with the uuid when there is one, else at once without it: not queued
 * behind the call that is getting the id, and nothing adopted from the answer (the server issues none there). So a
 * first visit's seat-map data leaves beside the presentation instead of a round trip after it (docs/seat-map.md).
 */
export function withVisitorIdIfKnown(call: (uuid: string | null) => Promise<Response>): Promise<Response> {
  return call(storedVisitorId());
}

/** For tests: forget the in-memory copy. */
export function resetVisitorIdForTests(): void {
  current = null;
  pending = null;
}
