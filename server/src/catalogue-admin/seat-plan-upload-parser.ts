import { performance } from 'node:perf_hooks';
import { gunzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAFF_SESSION_COOKIE } from '../backoffice';
import { AppError } from '../common/app-error';
import { cookieValue } from '../customers';

/** The media type of a seat-plan upload: the only body allowed past the API's 256 kB limit. */
export const SEAT_PLAN_MEDIA_TYPE = 'application/vnd.hotline.seat-plan+json';
/**
 * The demo stadium's file (100,000 seats) is 12.6 MB, the designer's 15.9 MB; the seat cap (MAX_SEAT_PLAN_SEATS)
 * refuses more seats. The limit holds for the document as read: sent compressed, for what it inflates to as well.
 */
export const SEAT_PLAN_BODY_LIMIT = 16 * 1024 * 1024;
/** The routes that take a seat-plan document (the parser refuses the media type anywhere else, before reading). */
const UPLOAD_ROUTES = new Set(['/api/admin/venues/:id/seat-plans', '/api/admin/seat-plans/:id']);

/** How long each upload took to inflate (a compressed one) and its JSON to parse (ms), for the Server-Timing header. */
const parseMs = new WeakMap<FastifyRequest, number>();
const inflateMs = new WeakMap<FastifyRequest, number>();
export const uploadParseMs = (request: FastifyRequest): number | undefined => parseMs.get(request);
export const uploadInflateMs = (request: FastifyRequest): number | undefined => inflateMs.get(request);

/**
 * A big seat plan is uploaded as `application/vnd.hotline.seat-plan+json`: parsed as JSON with its own body limit, and
 * only on the upload routes and from a browser that carries a staff session, so nobody else gets more than 256 kB read
 * (the routes' guard then checks the session and the catalogue permission; they have their own rate limit).
 * The designer sends it gzip-compressed (`Content-Encoding: gzip`: a stadium's 16 MB is about a tenth of that on the
 * wire): inflated here with the same limit on what it inflates to, so a small bomb is refused like a big file.
 */
export function installSeatPlanUploadParser(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(
    SEAT_PLAN_MEDIA_TYPE,
    { parseAs: 'buffer', bodyLimit: SEAT_PLAN_BODY_LIMIT },
    (request, body, done) => {
      if (!UPLOAD_ROUTES.has(request.routeOptions.url ?? '')) return done(new AppError('UPLOAD_TYPE_NOT_ALLOWED'));
      // Only a browser with a staff session gets its 16 MB read (the guard checks the session itself after parsing).
      if (!cookieValue(request, STAFF_SESSION_COOKIE)) return done(new AppError('STAFF_NOT_SIGNED_IN'));
      const encoding = (request.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
      const parse = (text: string) => {
        try {
          const started = performance.now();
          const parsed: unknown = JSON.parse(text);
          parseMs.set(request, performance.now() - started);
          done(null, parsed);
        } catch {
          done(new AppError('INVALID_BODY', { details: 'the seat plan is not valid JSON' }));
        }
      };
      if (encoding === 'identity') return parse((body as Buffer).toString('utf8'));
      if (encoding !== 'gzip') return done(new AppError('UPLOAD_ENCODING_NOT_ALLOWED'));
      const started = performance.now();
      gunzip(body as Buffer, { maxOutputLength: SEAT_PLAN_BODY_LIMIT }, (error, inflated) => {
        inflateMs.set(request, performance.now() - started);
        if (error instanceof RangeError || (error as NodeJS.ErrnoException | null)?.code === 'ERR_BUFFER_TOO_LARGE')
          return done(new AppError('PAYLOAD_TOO_LARGE'));
        if (error) return done(new AppError('INVALID_BODY', { details: 'the seat plan is not valid gzip' }));
        parse(inflated.toString('utf8'));
      });
    },
  );
}
