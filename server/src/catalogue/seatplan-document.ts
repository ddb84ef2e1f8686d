import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A seat plan serialised once and compressed once per node: brotli for browsers, gzip for the rest. */
export interface CachedDocument {
  etag: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * Above this size brotli's best quality costs seconds of CPU: the nested 100,000-seat plan (35 MB) takes quality 5
 * (~0.1 s, a quarter of gzip's bytes); the columnar one (1 MB) quality 11 (0.07-0.3 s once, 3-12 kB instead of
 * gzip's 10-30 kB, which at Fast 3G is 40-100 ms before the first seat frame).
 */
const BEST_QUALITY_UP_TO = 4 * 1024 * 1024;

/** Compresses on zlib's thread pool, not the event loop (the seat-lock path shares it); built once and cached. */
export async function compressSeatplanDocument(etag: string, json: string): Promise<CachedDocument> {
  const body = Buffer.from(json);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: body.length <= BEST_QUALITY_UP_TO ? 11 : 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: 6 }),
  ]);
  return { etag, br, gzip: gz };
}
