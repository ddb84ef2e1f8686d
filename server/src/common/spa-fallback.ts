import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Known storefront routes: every path of client/src/router.tsx (storefront-spec.md section 2 and our additions).
 * server/test/spa-fallback.test.ts reads the router and fails when a client route is missing here, so a page the
 * client renders is never answered with HTTP 404 (issue 22: /memberships did).
 */
const CLIENT_ROUTES: RegExp[] = [
  /^\/$/,
  /^\/booking\/?$/,
  /^\/booking\/features\/[^/]+\/?$/,
  /^\/booking\/checkout\/?$/,
  /^\/booking\/checkout\/payment\/?$/,
  /^\/booking\/confirmation\/[^/]+\/?$/,
  /^\/booking\/hold-expired\/?$/,
  /^\/booking\/terms\/?$/,
  /^\/booking\/cancellation-policy\/?$/,
  /^\/booking\/customer-portal\/?$/,
  /^\/booking\/customer-portal\/orders\/[^/]+\/change\/?$/,
  /^\/customer\/?$/,
  /^\/backoffice(\/[^/]+)?\/?$/,
  /^\/backoffice\/orders\/[^/]+\/change\/?$/,
  /^\/order\/?$/,
  /^\/order\/[^/]+\/?$/,
  /^\/cart\/[^/]+\/?$/,
  /^\/edocument\/[^/]+\/?$/,
  /^\/mini-site\/[^/]+\/?$/,
  /^\/vod(\/[^/]+){1,2}\/?$/,
  /^\/PRES-live(-v1)?(\/.*)?$/,
  /^\/membership(\/[^/]+){0,2}\/?$/,
  /^\/memberships\/?$/,
  /^\/memberships\/enrol\/[^/]+\/?$/,
  /^\/system-vouchers(\/[^/]+)?\/?$/,
  /^\/donations\/?$/,
  /^\/queue\/[^/]+\/?$/,
  /^\/http.*/,
];

/**
 * Serves the built storefront's index.html for client routes. A route we do not
 * know, or a `lang` other than he/en, still gets the page (so the client can show
 * its translated 404) but with status 404, so crawlers and monitors see the truth.
 */
export class SpaFallback {
  private html: string | null = null;

  constructor(private readonly clientDist: string | undefined) {}

  handles(request: FastifyRequest): boolean {
    return (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/socket.io') &&
      this.indexHtml() !== null
    );
  }

  statusFor(url: string): number {
    const parsed = new URL(url, 'http://localhost');
    const lang = parsed.searchParams.get('lang');
    if (lang !== null && lang !== 'he' && lang !== 'en' && lang !== 'ru' && lang !== 'ar') return 404;
    return CLIENT_ROUTES.some((route) => route.test(parsed.pathname)) ? 200 : 404;
  }

  send(request: FastifyRequest, reply: FastifyReply): void {
    void reply
      .status(this.statusFor(request.url))
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(this.indexHtml());
  }

  private indexHtml(): string | null {
    if (this.html !== null) return this.html;
    if (!this.clientDist) return null;
    const file = path.join(this.clientDist, 'index.html');
    if (!existsSync(file)) return null;
    this.html = readFileSync(file, 'utf8');
    return this.html;
  }
}
