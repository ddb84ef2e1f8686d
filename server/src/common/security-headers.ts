import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config';

/**
 * The built storefront loads only its own files: one module script, its chunks and
 * workers (the seat-status parser and ALTCHA's solver are module workers from /assets),
 * styles (React sets some inline), images from /api and data: URIs. The seat socket is
 * same-origin ('self' covers ws/wss in CSP 3). The sandbox card page sets its own,
 * narrower policy (it carries one inline script).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** The door scanner (client route /scan, docs/door-checkin.md). */
const SCANNER_PAGE = /^\/scan\/?(\?|$)/;

/** The OpenAPI UI ships inline bootstrap code; it is off in production unless enabled. */
const DOCS_PREFIX = '/api/docs';

function isHttps(config: Pick<AppConfig, 'PUBLIC_BASE_URL'>, request: FastifyRequest): boolean {
  return request.protocol === 'https' || (config.PUBLIC_BASE_URL?.startsWith('https:') ?? false);
}

/** Headers every page and API answer carries (docs/threat-model.md, "Edge"). */
export function applySecurityHeaders(
  config: Pick<AppConfig, 'PUBLIC_BASE_URL'>,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void reply
    .header('x-content-type-options', 'nosniff')
    // Cart references and e-ticket keys live in paths: never leak them to another site.
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cross-origin-opener-policy', 'same-origin')
    // The door scanner's page reads QR codes from the camera: that document (loaded at /scan) may ask for it, no other.
    .header(
      'permissions-policy',
      `camera=${SCANNER_PAGE.test(request.url) ? '(self)' : '()'}, microphone=(), geolocation=(), payment=(self)`,
    );
  if (!request.url.startsWith(DOCS_PREFIX)) void reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
  if (isHttps(config, request)) void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  // API answers are per visitor (carts, tickets, customer details) unless a route says otherwise
  // (seat plans and images set their own public caching).
  if (request.url.startsWith('/api')) void reply.header('cache-control', 'no-store');
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** `Secure` everywhere but a developer's own machine (browsers drop Secure cookies on plain http). */
export function cookieSecureAttribute(request: FastifyRequest): string {
  return LOCAL_HOSTS.has(request.hostname) ? '' : '; Secure';
}
