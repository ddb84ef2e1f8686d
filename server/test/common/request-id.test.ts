import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/common/logger';
import { installRequestIds, requestIdFor } from '../../src/common/request-id';

/**
 * The request id's context on a bare fastify: a log line written in a handler, after the body was read from socket
 * events and after awaits, carries the request's id; a line outside any request carries none.
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

async function appWith(logger: ReturnType<typeof createLogger>) {
  const app = Fastify({ genReqId: requestIdFor });
  installRequestIds(app);
  app.post('/work', async (request) => {
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.resolve();
    logger.info({ size: JSON.stringify(request.body).length }, 'handled');
    return { ok: true };
  });
  app.get('/refuse', async (_request, reply) => reply.status(409).send({ error: 'SEAT_NOT_AVAILABLE', message: 'x' }));
  await app.ready();
  return app;
}

test('every log line of a request carries its id, even after the body was read and awaited', async () => {
  const { logger, lines } = capturedLogger();
  const app = await appWith(logger);
  // Over a real socket: the body arrives in socket events, outside the request's context.
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const answers = await Promise.all(
    ['first-request-0001', 'second-request-0002'].map((id) =>
      fetch(`${base}/work`, {
        method: 'POST',
        headers: { 'x-request-id': id, 'content-type': 'application/json' },
        body: JSON.stringify({ big: 'x'.repeat(200_000) }),
      }).then(async (r) => ({ headers: { 'x-request-id': r.headers.get('x-request-id') }, body: await r.json() })),
    ),
  );
  logger.info('outside any request');
  await app.close();
  expect(answers.map((a) => a.headers['x-request-id'])).toEqual(['first-request-0001', 'second-request-0002']);
  const handled = lines.filter((l) => l.msg === 'handled').map((l) => l.requestId);
  expect(handled.sort()).toEqual(['first-request-0001', 'second-request-0002']);
  expect(lines.find((l) => l.msg === 'outside any request')).not.toHaveProperty('requestId');
});

test.each([
  ['a UUID', '5a1d3c9e-2f4b-4c6d-8e0f-1a2b3c4d5e6f', true],
  ['a trace-style id', 'req:2026.11.29-abc_DEF', true],
  ['too short', 'abc', false],
  ['too long', 'a'.repeat(65), false],
  ['spaces and markup', 'abc def <script>', false],
  ['a line break (log injection)', 'abcdefgh\nfake line', false],
])('an incoming x-request-id that is %s: kept %s', async (_what, incoming, kept) => {
  const app = await appWith(capturedLogger().logger);
  const answer = await app.inject({ method: 'GET', url: '/refuse', headers: { 'x-request-id': incoming } });
  await app.close();
  const id = answer.headers['x-request-id'];
  if (kept) expect(id).toBe(incoming);
  else expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  // An error answer names the same id in its body.
  expect(answer.json()).toEqual({ error: 'SEAT_NOT_AVAILABLE', message: 'x', requestId: id });
});
