import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { orderPagePreloads } from './order-page-preload';
import { REVALIDATE } from './static-assets';

/**
 * Known storefront routes: every path of client/src/router.tsx (storefront-spec.md section 2 and our additions).
 * server/test/spa-fallback.test.ts reads the router and fails when a client route is missing here, so a page the
 * client renders is never answered with HTTP 404 (/memberships once was).
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
  /^\/backoffice\/seat-plans\/[^/]+\/?$/,
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
  /^\/scan\/?$/,
  /^\/http.*/,
];

/** The encodings the build writes beside index.html (scripts/precompress.mjs), the server's preference first. */
type Encoding = 'br' | 'gzip';
const SIBLING: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/**
 * The encoding to send from `available` for an Accept-Encoding header: the highest q the client gives, ties to the
 * server's order; `*` covers what it does not name; q=0 refuses. Undefined: send the file itself.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
  available: readonly Encoding[],
): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    if (!name) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  let best: Encoding | undefined;
  let bestQ = 0;
  for (const encoding of available) {
    const value = q.get(encoding) ?? q.get('*') ?? 0;
    if (value > bestQ) [best, bestQ] = [encoding, value];
  }
  return best;
}

interface IndexPage {
  html: string;
  /** Only siblings at least as new as index.html: a stale one would name another build's chunks. */
  compressed: Partial<Record<Encoding, Buffer>>;
}

/**
 * Serves the built storefront's index.html for client routes. A route we do not
 * know, or a `lang` other than he/en, still gets the page (so the client can show
 * its translated 404) but with status 404, so crawlers and monitors see the truth.
 * Brotli or gzip when the browser takes it and the build wrote it, like the static files.
 */
export class SpaFallback {
  private page: IndexPage | null = null;

  constructor(private readonly clientDist: string | undefined) {}

  handles(request: FastifyRequest): boolean {
    return (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/socket.io') &&
      this.indexPage() !== null
    );
  }

  statusFor(url: string): number {
    const parsed = new URL(url, 'http://localhost');
    const lang = parsed.searchParams.get('lang');
    if (lang !== null && lang !== 'he' && lang !== 'en' && lang !== 'ru' && lang !== 'ar') return 404;
    return CLIENT_ROUTES.some((route) => route.test(parsed.pathname)) ? 200 : 404;
  }

  send(request: FastifyRequest, reply: FastifyReply): void {
    const page = this.indexPage()!;
    const available = (Object.keys(SIBLING) as Encoding[]).filter((e) => page.compressed[e]);
    const encoding = chooseEncoding(request.headers['accept-encoding'], available);
    void reply
      .status(this.statusFor(request.url))
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', REVALIDATE)
      .header('x-robots-tag', 'noindex, nofollow');
    if (available.length) void reply.header('vary', 'accept-encoding');
    // The order page's seat-map data asked for with the document (order-page-preload.ts).
    const preloads =
      this.statusFor(request.url) === 200 ? orderPagePreloads(request.url, request.headers.cookie) : null;
    if (preloads) void reply.header('link', preloads);
    if (encoding) void reply.header('content-encoding', encoding);
    void reply.send(encoding ? page.compressed[encoding] : page.html);
  }

  private indexPage(): IndexPage | null {
    if (this.page !== null) return this.page;
    if (!this.clientDist) return null;
    const file = path.join(this.clientDist, 'index.html');
    if (!existsSync(file)) return null;
    const built = statSync(file).mtimeMs;
    const compressed: IndexPage['compressed'] = {};
    for (const encoding of Object.keys(SIBLING) as Encoding[]) {
      const sibling = file + SIBLING[encoding];
      if (existsSync(sibling) && statSync(sibling).mtimeMs >= built) compressed[encoding] = readFileSync(sibling);
    }
    this.page = { html: readFileSync(file, 'utf8'), compressed };
    return this.page;
  }
}
