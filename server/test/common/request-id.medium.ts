import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/test-env';

/** Request ids on the real server: every answer's header, and the same id in every error body (docs/operations.md). */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const call = (path: string, init: RequestInit = {}) =>
  fetch(`${t.url}${path}`, { ...init, headers: { uuid: randomUUID(), ...(init.headers ?? {}) } });

test('a refusal carries its request id in the header and the body; a success in the header', async () => {
  const refused = await call('/api/seats/lock-seat', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-request-id': 'support-case-00042' },
    body: '{"seat":',
  });
  expect(refused.status).toBe(400);
  expect(refused.headers.get('x-request-id')).toBe('support-case-00042');
  expect(await refused.json()).toMatchObject({ error: expect.any(String), requestId: 'support-case-00042' });

  const ok = await call('/api/health');
  expect(ok.status).toBe(200);
  expect(ok.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
});

test('an ill-formed incoming id is replaced, in the header and the body alike', async () => {
  const answer = await call('/api/no-such-route', { headers: { 'x-request-id': 'x'.repeat(200) } });
  expect(answer.status).toBe(404);
  const id = answer.headers.get('x-request-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(await answer.json()).toMatchObject({ error: 'NOT_FOUND', requestId: id });
});

test('refused at the door (a malformed visitor id): still named', async () => {
  const answer = await fetch(`${t.url}/api/health`, { headers: { uuid: 'not-a-uuid' } });
  const id = answer.headers.get('x-request-id');
  expect(answer.status).toBe(400);
  expect(await answer.json()).toMatchObject({ error: 'INVALID_UUID', requestId: id });
});
