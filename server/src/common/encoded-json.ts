import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** An answer serialised once and compressed once, for answers many callers share (JSON, or a binary form). */
export interface EncodedJson {
  readonly contentType: string;
  /** The uncompressed body (named for the JSON it usually is). */
  readonly json: Buffer;
  readonly br: Buffer;
  /** gzip for the few clients without brotli (browsers send br over https and on localhost): made on first use. */
  gzip(): Promise<Buffer>;
}

/**
 * Serialises and compresses on zlib's thread pool, not the event loop (a 2 MB seat status takes 30-40 ms to
 * compress; the seat-lock path shares this thread). Brotli quality 4: about gzip's CPU for two thirds of its size.
 */
export async function encodeJson(value: unknown): Promise<EncodedJson> {
  const json = Buffer.from(JSON.stringify(value));
  const br = await brotli(json, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });
  let gzipped: Promise<Buffer> | undefined;
  return {
    contentType: 'application/json; charset=utf-8',
    json,
    br,
    gzip: () => (gzipped ??= gzipAsync(json, { level: 6 })),
  };
}

/** The same for a binary body (application/octet-stream), compressed as generic data. */
export async function encodeBinary(bytes: Uint8Array): Promise<EncodedJson> {
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const br = await brotli(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_GENERIC,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  let gzipped: Promise<Buffer> | undefined;
  return {
    contentType: 'application/octet-stream',
    json: body,
    br,
    gzip: () => (gzipped ??= gzipAsync(body, { level: 6 })),
  };
}

/** The encodings a request accepts, by its Accept-Encoding (`br;q=0` refuses br). */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set<string>();
  for (const part of String(acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q !== undefined && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** Sends an encoded answer in the best encoding the client accepts (with Vary, so caches keep them apart). */
export async function sendEncodedJson(request: FastifyRequest, reply: FastifyReply, doc: EncodedJson): Promise<Buffer> {
  void reply.header('content-type', doc.contentType).header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return doc.json;
  void reply.header('content-encoding', encoding);
  return encoding === 'br' ? doc.br : doc.gzip();
}
