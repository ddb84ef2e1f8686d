import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieSecureAttribute } from '../common/security-headers';
import { readCookie } from '../common/visitor-identity';

/**
 * The two customer cookies, both httpOnly (scripts never see them), SameSite,
 * Secure everywhere except plain-http localhost development:
 *  - customer_session: the session handle (its SHA-256 is what the database keeps);
 *  - customer_login: the pending one-time-code login it belongs to (5 minutes).
 */
export const SESSION_COOKIE = 'customer_session';
export const PENDING_LOGIN_COOKIE = 'customer_login';

export function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  maxAgeSeconds: number,
  sameSite: 'Strict' | 'Lax' = 'Lax',
): void {
  // The same rule as the visitor cookie: the host the browser used (X-Forwarded-Host from a trusted proxy),
  // so a proxy that talks to us as 127.0.0.1 cannot strip Secure from a production session.
  const secure = cookieSecureAttribute(request);
  void reply.header(
    'set-cookie',
    `${name}=${value}; Path=/api; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; HttpOnly; SameSite=${sameSite}${secure}`,
  );
}

export function clearCookie(request: FastifyRequest, reply: FastifyReply, name: string): void {
  setCookie(request, reply, name, '', 0);
}

export function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const value = readCookie(request.headers.cookie, name);
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}

/** The client's address as fastify resolved it (trustProxy is on: the first X-Forwarded-For hop). */
export function clientIp(request: FastifyRequest): string {
  return request.ip || 'unknown';
}
