import { Client } from 'pg';
import { startTestApp, type TestApp } from '../support/test-env';
import { StaffBrowser, signedIn } from '../backoffice/support/staff-kit';

/**
 * Every administration route (`/api/admin/…` in the OpenAPI document, so a route added later is covered without
 * touching this file) refuses a visitor without a staff session (401) and a staff member without its permission
 * (403): the demo producer holds only the presentations report (266). The rule: "staff without 291 refused on every
 * admin route, generated from the OpenAPI document".
 */
let t: TestApp;
let sql: Client;

beforeAll(async () => {
  t = await startTestApp();
  sql = new Client({ connectionString: t.db.url });
  await sql.connect();
});
afterAll(async () => {
  await sql?.end();
  await t?.close();
});

test('every /api/admin operation answers 401 without a session and 403 without the permission', async () => {
  const document = (await (await fetch(`${t.url}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const operations = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'put', 'post', 'patch', 'delete'].includes(m))
        .map((m) => ({ method: m.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '1') })),
    );
  // Venues and seat plans (9 operations) and on-sales (3) at least: the walk is never empty.
  expect(operations.length).toBeGreaterThanOrEqual(12);

  const anonymous = new StaffBrowser(t.url);
  const producer = await signedIn(t.url, sql, 'producer');
  const answers: string[] = [];
  for (const { method, path } of operations) {
    const body = method === 'GET' ? undefined : {};
    const a = await anonymous.call(method, path, body);
    const p = await producer.call(method, path, body);
    answers.push(`${method} ${path}: ${a.status} ${a.body?.error} / ${p.status} ${p.body?.error}`);
  }
  expect(answers).toEqual(
    operations.map(({ method, path }) => `${method} ${path}: 401 STAFF_NOT_SIGNED_IN / 403 STAFF_PERMISSION_DENIED`),
  );
});
