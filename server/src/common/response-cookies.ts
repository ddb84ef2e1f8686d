import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieSecureAttribute } from './security-headers';

/** One cookie an answer sets. Secure is not chosen by the caller: it follows the host (cookieSecureAttribute). */
export interface ResponseCookie {
  name: string;
  value: string;
  /** Where the browser sends it back: the API only, or the whole site. */
  path: '/api' | '/';
  /** Seconds; 0 or less deletes it (floored, never negative on the wire). */
  maxAgeSeconds: number;
  /** Scripts never read it. */
  httpOnly: boolean;
  sameSite: 'Strict' | 'Lax';
}

/** What a route may do to its answer besides returning its body: set cookies. */
export interface ResponseCookies {
  set(cookie: ResponseCookie): void;
}

const COOKIE_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const COOKIE_VALUE = /^[A-Za-z0-9_.~+/=-]*$/;

/** The Set-Cookie line: attributes in one fixed order, so two ways of serving a route write the same bytes. */
export function setCookieLine(cookie: ResponseCookie, request: FastifyRequest): string {
  // Names and values are ours (ids, tokens): anything that could add an attribute is a bug, refused loudly.
  if (!COOKIE_NAME.test(cookie.name) || !COOKIE_VALUE.test(cookie.value))
    throw new Error(`cookie ${JSON.stringify(cookie.name)}: name or value not cookie-safe`);
  const maxAge = Number.isFinite(cookie.maxAgeSeconds) ? Math.max(0, Math.floor(cookie.maxAgeSeconds)) : 0;
  return (
    `${cookie.name}=${cookie.value}; Path=${cookie.path}; Max-Age=${maxAge}` +
    `${cookie.httpOnly ? '; HttpOnly' : ''}; SameSite=${cookie.sameSite}${cookieSecureAttribute(request)}`
  );
}

/** The cookies of one answer, written to its fastify reply (which keeps every Set-Cookie, not only the last). */
export function replyCookies(request: FastifyRequest, reply: FastifyReply): ResponseCookies {
  return { set: (cookie) => void reply.header('set-cookie', setCookieLine(cookie, request)) };
}

/**
 * Controller parameter: the answer's cookies, without handing the route the reply itself (`@Res`), so a route that
 * sets a cookie can still be served plainly (common/plain-route.ts gives it the same object).
 */
export const Cookies = createParamDecorator((_data: unknown, ctx: ExecutionContext): ResponseCookies => {
  const http = ctx.switchToHttp();
  return replyCookies(http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>());
});
