import type { FastifyInstance } from 'fastify';
import { MAX_IMAGE_BYTES } from '@hotline/shared';
import { STAFF_SESSION_COOKIE } from '../backoffice';
import { AppError } from '../common/app-error';
import { cookieValue } from '../customers';

/** The one route that takes an image body. */
const IMAGE_ROUTES = new Set(['/api/admin/features/:id/image']);

const tooLarge = (bytes: number) => new AppError('IMAGE_TOO_LARGE', { max: MAX_IMAGE_BYTES / (1024 * 1024), bytes });

/**
 * An image upload's body: any `image/*` type read as bytes (the service trusts only the bytes' magic, and checks the
 * declared type against it), at most MAX_IMAGE_BYTES, only on the image route and from a browser with a staff session,
 * both before any byte is read. A declared length over the limit is refused at once; a body that runs past it is cut
 * off when it does (so the refusal is IMAGE_TOO_LARGE in the user's language, not the framework's generic 413).
 */
export function installImageUploadParser(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(/^image\//, (request, payload, done) => {
    if (!IMAGE_ROUTES.has(request.routeOptions.url ?? '')) return done(new AppError('UPLOAD_TYPE_NOT_ALLOWED'));
    if (!cookieValue(request, STAFF_SESSION_COOKIE)) return done(new AppError('STAFF_NOT_SIGNED_IN'));
    const declared = Number(request.headers['content-length']);
    if (declared > MAX_IMAGE_BYTES) return done(tooLarge(declared));
    const chunks: Buffer[] = [];
    let length = 0;
    let finished = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > MAX_IMAGE_BYTES) {
        payload.removeAllListeners('data');
        payload.resume();
        return finish(tooLarge(length));
      }
      chunks.push(chunk);
    });
    payload.on('end', () => finish(null, Buffer.concat(chunks)));
    payload.on('error', (e) => finish(e));
  });
}
