/**
 * How many round trips in a row a first-time visitor's seat-map data takes (docs/seat-map.md, "Loading"), counted, not
 * timed: every answer is held until the test lets a whole wave through, so a request that appears only after a wave
 * was answered depends on that wave. The page's own chain before the data is fixed (the document, then the entry
 * chunk that calls startOrderPageRequests): two round trips, plus the data's waves.
 *
 * First visit: no uuid stored. The fake server issues one (the `uuid` header) on every call that comes without it,
 * except the server's AnonymousRead routes (plan, ticket groups, statuses), as app.factory.ts does.
 */
import { encodeSeatStatusBinary } from '@hotline/shared';
import type * as Identity from '../../api/identity';

interface Held {
  url: string;
  uuid: string | undefined;
  release: () => void;
}

const held: Held[] = [];
const store = new Map<string, string>();
const ISSUED = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ANONYMOUS_READ = [
  /^\/api\/presentations\/\d+\/(seatplan|ticketGroups)$/,
  /^\/api\/seats\/(seatplan|seats-status)$/,
];

function answer(url: string, uuid: string | undefined): Response {
  const path = url.split('?')[0]!;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (!uuid && !ANONYMOUS_READ.some((r) => r.test(path))) headers.uuid = ISSUED;
  const json = (body: unknown) => new Response(JSON.stringify(body), { headers });
  if (path.endsWith('/ticketGroups')) return json({ ticketGroups: [] });
  if (path.endsWith('/seatplan')) return json({ seatplan: {} });
  if (path === '/api/presentations/7') return json({ presentation: { id: 7, venueId: 3, seatplanId: 4 } });
  if (path === '/api/seats/seats-status') {
    const status = { seats: [], version: 1, soldout: false, takenRatio: 0, soldOutSectionIds: [] };
    return new Response(encodeSeatStatusBinary(status), {
      headers: { ...headers, 'content-type': 'application/octet-stream' },
    });
  }
  return new Response('{"error":"NOT_FOUND","message":""}', { status: 404, headers });
}

beforeAll(() => {
  Object.assign(globalThis, {
    window: { location: { origin: 'http://localhost', protocol: 'http:' } },
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
    fetch: (url: string, init?: { headers?: Record<string, string> }) =>
      new Promise<Response>((resolve) => {
        const uuid = init?.headers?.uuid;
        held.push({ url, uuid, release: () => resolve(answer(url, uuid)) });
      }),
  });
});

/** Lets every promise chain (and the status parser's main-thread fallback) run until nothing new is asked. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Starts a first visit to /order/7 and answers wave after wave: the paths each wave asked for. */
async function waves(): Promise<{ path: string; uuid: string | undefined }[][]> {
  store.clear();
  held.length = 0;
  const { startOrderPageRequests } = await import('../early-requests');
  startOrderPageRequests('/order/7', '');
  const out: { path: string; uuid: string | undefined }[][] = [];
  for (let seen = 0; out.length < 10;) {
    await settle();
    await settle();
    const wave = held.slice(seen);
    if (!wave.length) break;
    seen = held.length;
    out.push(wave.map((h) => ({ path: h.url.split('?')[0]!, uuid: h.uuid })));
    for (const h of wave) h.release();
  }
  return out;
}

beforeEach(() => jest.resetModules());

test('a first visit asks the presentation, the plan, the ticket groups and the statuses in one wave', async () => {
  const chain = await waves();
  expect(chain.map((wave) => wave.map((r) => r.path).sort())).toEqual([
    [
      '/api/presentations/7',
      '/api/presentations/7/seatplan',
      '/api/presentations/7/ticketGroups',
      '/api/seats/seats-status',
    ],
  ]);
  // None carries an id yet; only the presentation's answer brings one, and that is the id kept.
  expect(chain[0]!.every((r) => r.uuid === undefined)).toBe(true);
  expect(store.get('uuid')).toBe(ISSUED);
  // document -> entry chunk -> this one wave: three round trips before the first seat frame's data is in.
  expect(2 + chain.length).toBe(3);
});

test('control: reads that wait for the visitor id (as before) make it two waves, four round trips', async () => {
  jest.doMock('../../api/identity', () => {
    const actual = jest.requireActual<typeof Identity>('../../api/identity');
    return { ...actual, withVisitorIdIfKnown: actual.withVisitorId };
  });
  const chain = await waves();
  const all = ['/api/presentations/7/seatplan', '/api/presentations/7/ticketGroups', '/api/seats/seats-status'];
  expect(chain.map((wave) => wave.map((r) => r.path).sort())).toEqual([['/api/presentations/7'], all]);
  expect(2 + chain.length).toBe(4);
});

export {};
