import Fastify from 'fastify';
import { parseExposition, valueOf } from '../../test/support/metrics-scrape';
import { HttpAnswerMetrics, ROUTE_CONTEXT } from './http-metrics';
import { NO_METRICS } from './metrics';
import { PromMetrics } from './prom-metrics';

/** The HTTP series recorded from fastify's log controller: every answer once, by route template, `unmatched` else. */
async function serverWith(answers: HttpAnswerMetrics) {
  const app = Fastify({ logger: false, logController: answers });
  // As NestJS's fastify adapter always does: with no logger and no onResponse hook fastify would skip its response
  // listeners (and so its log controller) altogether; the application has the adapter's hook on every route.
  app.addHook('onResponse', (_request, _reply, done) => done());
  app.get('/api/things/:id', (_request, reply) => reply.send({ ok: true }));
  app.put('/api/refuse', (_request, reply) => reply.code(409).send({ error: 'NO' }));
  await app.ready();
  return app;
}

test('each answer counted once under its template, method and status; no route: unmatched', async () => {
  const metrics = new PromMetrics('test');
  const answers = new HttpAnswerMetrics();
  answers.record(metrics);
  const app = await serverWith(answers);
  try {
    await app.inject({ method: 'GET', url: '/api/things/123' });
    await app.inject({ method: 'GET', url: '/api/things/456' });
    await app.inject({ method: 'PUT', url: '/api/refuse' });
    await app.inject({ method: 'GET', url: '/api/nowhere/789' });
  } finally {
    await app.close();
  }
  const s = parseExposition(await metrics.scrape());
  const count = 'hotline_http_request_duration_seconds_count';
  expect(valueOf(s, count, { method: 'GET', route: '/api/things/:id', status: '200' })).toBe(2);
  expect(valueOf(s, count, { method: 'PUT', route: '/api/refuse', status: '409' })).toBe(1);
  expect(valueOf(s, count, { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
  expect(valueOf(s, count)).toBe(4);
  expect(s.some((x) => x.labels.route?.includes('123'))).toBe(false);
});

test('what the series are kept by: fastify’s route context, one config object per route, made at registration', async () => {
  const configs: unknown[] = [];
  const app = Fastify({ logger: false });
  app.addHook('onRequest', (request, _reply, done) => {
    configs.push((request as unknown as Record<symbol, { config?: unknown }>)[ROUTE_CONTEXT!]?.config);
    done();
  });
  app.get('/api/things/:id', (_request, reply) => reply.send({ ok: true }));
  app.put('/api/things/:id', (_request, reply) => reply.send({ ok: true }));
  await app.ready();
  try {
    await app.inject({ method: 'GET', url: '/api/things/1' });
    await app.inject({ method: 'GET', url: '/api/things/2' });
    await app.inject({ method: 'PUT', url: '/api/things/3' });
    await app.inject({ method: 'GET', url: '/api/nowhere/1' });
    await app.inject({ method: 'GET', url: '/api/nowhere/2' });
  } finally {
    await app.close();
  }
  expect(ROUTE_CONTEXT).toBeDefined();
  const [get1, get2, put, none1, none2] = configs as ({ url?: string } | undefined)[];
  expect(get1?.url).toBe('/api/things/:id');
  expect(get2).toBe(get1);
  expect(put).not.toBe(get1);
  expect(put?.url).toBe('/api/things/:id');
  // The 404 handler's context: always unmatched, so keeping `unmatched` by it is right.
  expect(none1).toBeDefined();
  expect(none1?.url).toBeUndefined();
  expect(none2).toBe(none1);
});

test('metrics off: the controller records nothing and fastify answers as ever', async () => {
  const answers = new HttpAnswerMetrics();
  answers.record(NO_METRICS);
  const app = await serverWith(answers);
  try {
    expect((await app.inject({ method: 'GET', url: '/api/things/1' })).statusCode).toBe(200);
  } finally {
    await app.close();
  }
  expect((answers as unknown as { metrics: unknown }).metrics).toBeNull();
});
