import { AlwaysOnSampler, InMemorySpanExporter, ParentBasedSampler, type ReadableSpan } from '@opentelemetry/sdk-trace';
import Fastify from 'fastify';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { DependencyAlarm } from '../../src/common/dependency-failure';
import type { JobLease } from '../../src/jobs/job-lease';
import { JobScheduler } from '../../src/jobs/job-scheduler';
import { createLogger } from '../../src/common/logger';
import { installRequestIds, requestIdFor } from '../../src/common/request-id';
import { OtelTracing } from '../../src/observability/otel-tracing';
import { SALE_STATEMENT_SPAN } from '../../src/observability/spans';

/**
 * The tracing adapter on a bare fastify (docs/operations.md, "Traces"): a server span per request, children for the
 * work inside it, the trace id in the request's log lines and error answer, a caller's `traceparent` followed only
 * when well formed.
 */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

async function tracedApp(sampler = new ParentBasedSampler({ root: new AlwaysOnSampler() })) {
  const exporter = new InMemorySpanExporter();
  const tracing = new OtelTracing({ exporter, batch: false, sampler, version: 'test' });
  const { logger, lines } = capturedLogger();
  const app = Fastify({ genReqId: requestIdFor });
  installRequestIds(app);
  tracing.traceHttp(app);
  app.post('/api/things/:id', async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await tracing.span(SALE_STATEMENT_SPAN, async () => {
      logger.info('inside the statement');
    });
    return { ok: true };
  });
  app.get('/api/refuse', async (_request, reply) => {
    logger.info('refusing');
    return reply.status(409).send({ error: 'SEAT_NOT_AVAILABLE', message: 'x' });
  });
  app.get('/api/fail', async (_request, reply) => reply.status(503).send({ error: 'UNAVAILABLE', message: 'x' }));
  await app.ready();
  const spans = (): ReadableSpan[] => exporter.getFinishedSpans();
  return { app, tracing, spans, lines, logger };
}

const byName = (spans: ReadableSpan[], name: string) => spans.find((s) => s.name === name);

test('a request is a server span named by its route template; the work inside it is its child', async () => {
  const { app, spans, lines } = await tracedApp();
  // Over a real socket: the body arrives in socket events, outside the request's context.
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const answer = await fetch(`${base}/api/things/42?secret=no`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ big: 'x'.repeat(100_000) }),
  });
  await app.close();
  expect(answer.status).toBe(200);
  const server = byName(spans(), 'POST /api/things/:id')!;
  const statement = byName(spans(), 'sale')!;
  expect(server.kind).toBe(1); // SpanKind.SERVER
  expect(server.attributes).toMatchObject({
    'http.request.method': 'POST',
    'http.route': '/api/things/:id',
    'url.path': '/api/things/42',
    'http.response.status_code': 200,
  });
  expect(JSON.stringify(server.attributes)).not.toContain('secret');
  expect(statement.kind).toBe(2); // SpanKind.CLIENT
  expect(statement.attributes).toMatchObject({ 'db.system.name': 'postgresql', 'db.query.summary': 'sale' });
  expect(statement.spanContext().traceId).toBe(server.spanContext().traceId);
  expect(statement.parentSpanContext?.spanId).toBe(server.spanContext().spanId);
  // The log line written inside carries the request's trace.
  const line = lines.find((l) => l.msg === 'inside the statement')!;
  expect(line.traceId).toBe(server.spanContext().traceId);
  expect(line.requestId).toEqual(expect.any(String));
});

test('an error answer and its log lines name the trace; a 4xx is not a span error, a 5xx is', async () => {
  const { app, spans, lines } = await tracedApp();
  const refused = await app.inject({
    method: 'GET',
    url: '/api/refuse',
    headers: { 'x-request-id': 'support-00000042' },
  });
  const failed = await app.inject({ method: 'GET', url: '/api/fail' });
  await app.close();
  const refusedSpan = byName(spans(), 'GET /api/refuse')!;
  const failedSpan = byName(spans(), 'GET /api/fail')!;
  expect(refused.json()).toEqual({
    error: 'SEAT_NOT_AVAILABLE',
    message: 'x',
    requestId: 'support-00000042',
    traceId: refusedSpan.spanContext().traceId,
  });
  expect(lines.find((l) => l.msg === 'refusing')).toMatchObject({
    requestId: 'support-00000042',
    traceId: refusedSpan.spanContext().traceId,
  });
  expect(refusedSpan.status.code).toBe(0); // UNSET
  expect(failedSpan.status.code).toBe(2); // ERROR
  expect(failedSpan.attributes['error.type']).toBe('503');
  expect(failed.json().traceId).toBe(failedSpan.spanContext().traceId);
});

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';

test.each([
  ['well formed, sampled', true, `00-${TRACE}-${PARENT}-01`],
  ['upper-case hex', false, `00-${TRACE.toUpperCase()}-${PARENT}-01`],
  ['an all-zero trace id', false, `00-${'0'.repeat(32)}-${PARENT}-01`],
  ['an all-zero parent id', false, `00-${TRACE}-${'0'.repeat(16)}-01`],
  ['version ff', false, `ff-${TRACE}-${PARENT}-01`],
  ['a later version with more fields', false, `01-${TRACE}-${PARENT}-01-extra`],
  ['a megabyte', false, `00-${TRACE}-${PARENT}-01${'x'.repeat(1_000_000)}`],
  ['a line break (log injection)', false, `00-${TRACE}-${PARENT}-0\n`],
])('an incoming traceparent that is %s: followed %s', async (_what, followed, traceparent) => {
  const { app, spans } = await tracedApp();
  const answer = await app.inject({ method: 'GET', url: '/api/refuse', headers: { traceparent } });
  await app.close();
  const server = byName(spans(), 'GET /api/refuse')!;
  expect(server.spanContext().traceId).toMatch(/^[0-9a-f]{32}$/);
  if (followed) {
    expect(server.spanContext().traceId).toBe(TRACE);
    expect(server.parentSpanContext?.spanId).toBe(PARENT);
  } else {
    expect(server.spanContext().traceId).not.toBe(TRACE);
    expect(server.parentSpanContext).toBeUndefined();
  }
  expect(answer.json().traceId).toBe(server.spanContext().traceId);
});

test("a caller's decision not to sample is followed (parent-based): no span, no trace id in the answer", async () => {
  const { app, spans } = await tracedApp();
  const answer = await app.inject({
    method: 'GET',
    url: '/api/refuse',
    headers: { traceparent: `00-${TRACE}-${PARENT}-00` },
  });
  await app.close();
  expect(spans()).toEqual([]);
  expect(answer.json()).not.toHaveProperty('traceId');
});

test('outside a request (a job) nothing is traced: the work runs, no span is recorded', async () => {
  const { app, tracing, spans } = await tracedApp();
  const wrapped = tracing.wrap(SALE_STATEMENT_SPAN, async (n: number) => n * 2);
  expect(await wrapped(21)).toBe(42);
  expect(await tracing.span(SALE_STATEMENT_SPAN, async () => 'done')).toBe('done');
  await app.close();
  expect(spans()).toEqual([]);
});

describe('a job run is the root of a trace of its own', () => {
  const silent = () => pino({ level: 'silent' });
  const lease = { acquire: async () => true, release: async () => undefined } as unknown as JobLease;
  const alarm = { report: () => undefined } as unknown as DependencyAlarm;
  const newTracing = () => {
    const exporter = new InMemorySpanExporter();
    const sampler = new ParentBasedSampler({ root: new AlwaysOnSampler() });
    return { tracing: new OtelTracing({ exporter, batch: false, sampler, version: 'test' }), exporter };
  };

  test('`job NAME` with the work inside it as its children; a failed run marked an error by its type', async () => {
    const { tracing, exporter } = newTracing();
    const scheduler = new JobScheduler(silent(), alarm, lease, undefined, undefined, tracing);
    const sweep = scheduler.register('hold-sweep', {
      everyMs: 0,
      run: () => tracing.span(SALE_STATEMENT_SPAN, () => Promise.resolve(1)),
    });
    const failing = scheduler.register('failing', { everyMs: 0, run: () => Promise.reject(new TypeError('x')) });
    await sweep.runNow();
    await expect(failing.runNow()).rejects.toThrow('x');
    await scheduler.stop();

    const spans = exporter.getFinishedSpans();
    const run = byName(spans, 'job hold-sweep')!;
    const statement = byName(spans, 'sale')!;
    expect(run.kind).toBe(0); // SpanKind.INTERNAL
    expect(run.attributes).toEqual({ 'hotline.job': 'hold-sweep' });
    expect(run.parentSpanContext).toBeUndefined();
    expect(statement.parentSpanContext?.spanId).toBe(run.spanContext().spanId);
    expect(statement.spanContext().traceId).toBe(run.spanContext().traceId);
    const failed = byName(spans, 'job failing')!;
    expect(failed.status.code).toBe(2); // SpanStatusCode.ERROR
    expect(failed.attributes['error.type']).toBe('TypeError');
    expect(failed.spanContext().traceId).not.toBe(run.spanContext().traceId);
  });

  test('CONTROL: a scheduler without tracing (the no-op): the same work records no span at all', async () => {
    const { tracing, exporter } = newTracing();
    const scheduler = new JobScheduler(silent(), alarm, lease);
    const sweep = scheduler.register('hold-sweep', {
      everyMs: 0,
      run: () => tracing.span(SALE_STATEMENT_SPAN, () => Promise.resolve(1)),
    });
    await sweep.runNow();
    await scheduler.stop();
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
