import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Request ids (docs/operations.md, "Request ids"): every request gets one, every log line written while it is served
 * carries it (the logger's mixin reads it here), and every answer names it in the `x-request-id` header; an error
 * answer also in its body (`requestId`), so a buyer's complaint leads to the log lines of that request. With traces
 * on, the request's trace id joins it in both (`traceId`, hex: set by the tracing adapter).
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An incoming `x-request-id` (a proxy's or a load balancer's) is kept only when it looks like an id: letters, digits
 * and `._:-`, 8 to 64 characters. Anything else (log injection, a megabyte, personal data) gets a fresh UUID.
 */
const WELL_FORMED = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,63}$/;

export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

/** What a request's log lines and error answer name: its id, and its trace's when traces are on and it is kept. */
interface RequestContext {
  readonly requestId: string;
  traceId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** The ids a log line written now carries (the logger's mixin): none outside a request. */
export function currentRequestIds(): { requestId?: string; traceId?: string } {
  const ids = storage.getStore();
  if (ids === undefined) return {};
  return ids.traceId === undefined ? { requestId: ids.requestId } : { requestId: ids.requestId, traceId: ids.traceId };
}

/**
 * The tracing adapter names the trace of the request being served (observability/otel-tracing.ts): from then on
 * its log lines and its error answer carry `traceId` too, so a buyer's complaint leads to the trace.
 */
export function noteTraceId(traceId: string): void {
  const ids = storage.getStore();
  if (ids !== undefined) ids.traceId = traceId;
}

/**
 * Installs the request id: first of the hooks, so everything after (the other hooks, body parsing, guards, handlers
 * and their awaits) runs inside the request's context; request-id.test.ts shows a line logged after a body read from
 * a real socket still carries it.
 */
export function installRequestIds(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    storage.run({ requestId: request.id }, done);
  });
  // Every error answer is the one `{ "error": CODE, … }` shape (error-responder.ts): its ids go in as well.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (
      reply.statusCode >= 400 &&
      typeof payload === 'string' &&
      payload.startsWith('{"error":') &&
      payload.endsWith('}')
    ) {
      const traceId = storage.getStore()?.traceId;
      const trace = traceId === undefined ? '' : `,"traceId":"${traceId}"`;
      done(null, `${payload.slice(0, -1)},"requestId":${JSON.stringify(request.id)}${trace}}`);
    } else done(null, payload);
  });
}
