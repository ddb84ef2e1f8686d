import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/** Vite names every file it writes under assets/ by its content hash: a new build writes new names. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * index.html names the hashed files of one build, so the browser asks again every time (a 304 when unchanged):
 * a cached copy would point at chunks a newer deployment no longer has. The SPA fallback sends it the same way.
 */
export const REVALIDATE = 'no-cache';
/**
 * The door scanner's service worker (client/src/scan/offline-shell/scan-sw.ts): its bytes are its version, so a
 * phone must see a new deployment's copy at once (browsers also skip the HTTP cache for it after a day at most).
 */
const SERVICE_WORKER = 'scan-sw.js';
/** The unhashed files Vite copies from client/public (the favicons): an hour, as before hashed files got a year. */
const SHORT = 'public, max-age=3600';

const COMPRESSED_SIBLING = /\.(br|gz)$/;

/** Cache-Control for a file of the built storefront, by its path relative to the dist folder. */
export function staticCacheControl(relativePath: string): string {
  const logical = relativePath.split(path.sep).join('/').replace(COMPRESSED_SIBLING, '');
  if (logical.startsWith('assets/')) return IMMUTABLE;
  if (logical === 'index.html' || logical === SERVICE_WORKER) return REVALIDATE;
  return SHORT;
}

/**
 * How @fastify/static serves client/dist. The build writes .br and .gz beside each text file
 * (scripts/precompress.mjs); `preCompressed` sends the best one the browser accepts, with Content-Encoding and
 * `Vary: Accept-Encoding`, and the file itself to a client that accepts neither. No compression per request: the
 * seat-lock path shares this process.
 */
export function clientStaticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    prefix: '/',
    // Client routes (and `/`) are the SPA fallback's (common/spa-fallback.ts), with its own status codes.
    index: false,
    // One route per file found at start, not a catch-all: unknown paths reach the SPA fallback.
    wildcard: false,
    // The siblings are reached through their file's route (by Accept-Encoding), not as URLs of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    preCompressed: true,
    cacheControl: false,
    // `file` is the path sent: the .br or .gz sibling when one was chosen.
    setHeaders: (reply, file) => void reply.header('cache-control', staticCacheControl(path.relative(root, file))),
  };
}
