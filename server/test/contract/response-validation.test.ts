import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { installResponseValidation } from '../../src/api-docs/response-validation';

/**
 * The answer check every medium test runs under (VALIDATE_RESPONSES): a real route of the document
 * (GET /api/health/jobs answers { jobs: JobMetrics[] }, PUT /api/seats/lock-seat answers LockSeatResponse) served by
 * a stand-in handler that answers what each case says, on a bare fastify with the check installed.
 */
async function serving(answer: { status: number; body: unknown; type?: string }): Promise<FastifyInstance> {
  const app = Fastify();
  installResponseValidation(app, pino({ level: 'silent' }));
  app.get('/api/health/jobs', async (_request, reply) =>
    reply
      .status(answer.status)
      .type(answer.type ?? 'application/json; charset=utf-8')
      .send(answer.body),
  );
  app.get('/api/not-in-the-document', async () => ({ anything: true }));
  await app.ready();
  return app;
}

const ASKED = { method: 'GET', url: '/api/health/jobs' } as const;

test.each([
  ['the declared body', { status: 200, body: { jobs: [] } }, 200],
  ['a refusal in the error shape (4XX)', { status: 409, body: { error: 'X', message: 'Y' } }, 409],
  [
    'a store unreachable (503, error shape)',
    { status: 503, body: { error: 'SERVICE_UNAVAILABLE', message: 'm' } },
    503,
  ],
])('%s passes untouched', async (_name, answer, status) => {
  const app = await serving(answer);
  const r = await app.inject(ASKED);
  expect(r.statusCode).toBe(status);
  expect(r.json()).toEqual(answer.body);
  await app.close();
});

test.each([
  ['a body missing a required field', { status: 200, body: { job: [] } }, "must have required property 'jobs'"],
  ['a field of the wrong type', { status: 200, body: { jobs: 'none' } }, '/jobs must be an array'],
  ['a refusal not in the error shape', { status: 400, body: { problem: 'x' } }, "must have required property 'error'"],
  ['a status the operation does not declare', { status: 302, body: '' }, 'status 302 is not declared'],
  [
    'a content type the status does not declare',
    { status: 200, body: '<p>hi</p>', type: 'text/html' },
    'content type text/html is not declared for 200',
  ],
])('%s becomes a 500 naming the problem', async (_name, answer, problem) => {
  const app = await serving(answer);
  const r = await app.inject(ASKED);
  expect(r.statusCode).toBe(500);
  expect(r.json().error).toBe('RESPONSE_NOT_AS_DECLARED');
  expect(r.json().message).toContain(problem);
  await app.close();
});

test('a route the document does not describe is left alone (static files, the SPA)', async () => {
  const app = await serving({ status: 200, body: {} });
  expect((await app.inject({ method: 'GET', url: '/api/not-in-the-document' })).json()).toEqual({ anything: true });
  await app.close();
});
