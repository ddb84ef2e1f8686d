import Fastify from 'fastify';
import { parseExposition, valueOf } from '../../test/support/metrics-scrape';
import { HttpAnswerMetrics } from './http-metrics';
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
