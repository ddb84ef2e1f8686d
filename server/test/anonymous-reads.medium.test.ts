import type { ApiPresentation } from '@hotline/shared';
import { startTestApp, type TestApp } from './support/test-env';

/**
 * A first-time visitor's seat-map data is asked beside the presentation, before the visitor has an id
 * (docs/seat-map.md, "Loading"): the plan (by the presentation), the ticket groups and the statuses are AnonymousRead
 * routes. Without an id they answer the same to anyone and issue none (no `uuid` header, no cookie: no race between
 * ids issued side by side, and no Set-Cookie on a public cacheable answer); every other route still issues one.
 */
let t: TestApp;
let show: ApiPresentation;

beforeAll(async () => {
  t = await startTestApp();
  const list = (await (await fetch(`${t.url}/api/presentations/`, { headers: { uuid: VISITOR } })).json()) as {
    presentations: ApiPresentation[];
  };
  show = list.presentations.find((p) => p.venueTypeId !== 2 && p.seatplanId)!;
});
afterAll(async () => {
  await t?.close();
});

const VISITOR = '0f8fad5b-d9cb-469f-a165-70867728950e';

async function get(path: string, headers: Record<string, string> = {}) {
  const r = await fetch(`${t.url}${path}`, { headers });
  return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
}

describe('without an id: answered, nothing issued, caching as the data is', () => {
  test.each<[string, () => string, string]>([
    ['the plan by presentation', () => `/api/presentations/${show.id}/seatplan?format=columnar`, 'public, max-age=300'],
    [
      'the plan by venue and plan',
      () => `/api/seats/seatplan?venueId=${show.venueId}&seatplanId=${show.seatplanId}&format=columnar`,
      'public, max-age=300',
    ],
    // Prices change in the back office, statuses live: neither is kept by a cache.
    ['the ticket groups', () => `/api/presentations/${show.id}/ticketGroups`, 'no-store'],
    ['the statuses (binary)', () => `/api/seats/seats-status?presentationId=${show.id}&format=binary`, 'no-store'],
    ['the statuses (JSON)', () => `/api/seats/seats-status?presentationId=${show.id}`, 'no-store'],
  ])('%s', async (_name, path, caching) => {
    const r = await get(path());
    expect(r.status).toBe(200);
    expect(r.headers.get('uuid')).toBeNull();
    expect(r.headers.get('set-cookie')).toBeNull();
    expect(r.headers.get('cache-control')).toBe(caching);
  });

  test('a refusal issues nothing either (an unknown presentation, in English)', async () => {
    const r = await get('/api/presentations/999999/seatplan?lang=en');
    expect(r.status).toBe(404);
    expect(JSON.parse(r.bytes.toString())).toMatchObject({ error: 'PRESENTATION_NOT_FOUND' });
    expect(r.headers.get('set-cookie')).toBeNull();
  });

  test('control: the presentation itself (and any other route) still issues the id, in a header and a cookie', async () => {
    const r = await get(`/api/presentations/${show.id}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('uuid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers.get('set-cookie')).toContain('uuid=');
  });

  test('a caller with an id is that visitor as before (nothing issued, the same answer)', async () => {
    const path = `/api/seats/seats-status?presentationId=${show.id}&format=binary`;
    const [anonymous, known] = await Promise.all([get(path), get(path, { uuid: VISITOR })]);
    expect(known.status).toBe(200);
    expect(known.headers.get('set-cookie')).toBeNull();
    // A visitor who holds nothing gets the shared answer, the same bytes.
    expect(known.bytes.equals(anonymous.bytes)).toBe(true);
  });
});

describe('the plan by presentation', () => {
  test.each(['columnar', 'nested'])('the same document as by venue and plan (%s): bytes, ETag, 304', async (format) => {
    const gz = { 'accept-encoding': 'gzip' };
    const [byShow, byPlan] = await Promise.all([
      get(`/api/presentations/${show.id}/seatplan?format=${format}`, gz),
      get(`/api/seats/seatplan?venueId=${show.venueId}&seatplanId=${show.seatplanId}&format=${format}`, gz),
    ]);
    expect(byShow.status).toBe(200);
    expect(byShow.bytes.equals(byPlan.bytes)).toBe(true);
    expect(byShow.headers.get('etag')).toBe(byPlan.headers.get('etag'));
    expect(byShow.headers.get('content-encoding')).toBe('gzip');
    const again = await get(`/api/presentations/${show.id}/seatplan?format=${format}`, {
      'if-none-match': byShow.headers.get('etag')!,
    });
    expect(again.status).toBe(304);
  });

  test.each([
    ['/api/presentations/abc/seatplan', 400],
    ['/api/presentations/1/seatplan?format=flat', 400],
  ])('bad input: %s is a %d', async (path, status) => {
    const r = await get(path);
    expect(r.status).toBe(status);
    expect(r.headers.get('set-cookie')).toBeNull();
  });
});
