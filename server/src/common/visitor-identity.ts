import { randomUUID } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';

/**
 * Anonymous identity (storefront-spec.md section 4): every call carries a `uuid`
 * header; when it is missing we fall back to the `uuid` cookie, and otherwise
 * issue a new one in a response header and a cookie. Locks and carts belong to it.
 */
export const VISITOR_HEADER = 'uuid';
export const VISITOR_COOKIE = 'uuid';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isVisitorId(value: unknown): value is string {
  return typeof value === 'string' && UUID_RE.test(value);
}

export interface VisitorResolution {
  visitorId: string | null;
  issued: boolean;
  invalid: boolean;
}

export function resolveVisitor(header: unknown, cookie: unknown): VisitorResolution {
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader !== undefined && fromHeader !== '') {
    return isVisitorId(fromHeader)
      ? { visitorId: fromHeader.toLowerCase(), issued: false, invalid: false }
      : { visitorId: null, issued: false, invalid: true };
  }
  if (isVisitorId(cookie)) return { visitorId: cookie.toLowerCase(), issued: false, invalid: false };
  return { visitorId: randomUUID(), issued: true, invalid: false };
}

/** One cookie's value from a Cookie header; the only cookie we read, so no cookie plugin. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** Controller parameter: the visitor's uuid (always set by the onRequest hook). */
export const VisitorId = createParamDecorator((_data: unknown, ctx: ExecutionContext): string => {
  const request = ctx.switchToHttp().getRequest<{ visitorId: string }>();
  return request.visitorId;
});

/** The route option AnonymousRead sets (read by the identity hook in app.factory.ts). */
const ANONYMOUS_READ = 'anonymousRead';

/**
 * A read whose answer does not depend on who asks, for a caller without an id: the identity hook gives the request a
 * throw-away id (it holds nothing, so a seat status shows no seat as theirs) and issues nothing — no `uuid` header,
 * no cookie. So the storefront may ask several of these at once before it has an id (the seat map's plan, ticket
 * groups and statuses beside the presentation, docs/seat-map.md "Loading"), with no race between ids issued
 * side by side, and a public cacheable answer never carries a Set-Cookie. A caller with an id is that visitor, as
 * on every route.
 */
export const AnonymousRead = (): MethodDecorator => RouteConfig({ [ANONYMOUS_READ]: true });

/** Whether a request without an id to this route is served without issuing one (see AnonymousRead). */
export function issuesNoVisitorId(routeConfig: unknown): boolean {
  return (routeConfig as Record<string, unknown> | undefined)?.[ANONYMOUS_READ] === true;
}
