import type { FastifyReply, FastifyRequest } from 'fastify';
import { replyCookies } from '../common/response-cookies';
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
  // Secure follows the host the browser used (X-Forwarded-Host from a trusted proxy), like the visitor cookie, so a
  // proxy that talks to us as 127.0.0.1 cannot strip it from a production session (common/response-cookies.ts).
  replyCookies(request, reply).set({ name, value, path: '/api', maxAgeSeconds, httpOnly: true, sameSite });
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
