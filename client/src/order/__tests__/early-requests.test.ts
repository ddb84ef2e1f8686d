/**
 * The order page's early requests: started from the entry chunk, taken over once by the very calls the
 * page and the seat map make, never for another address, and a caller's abort still ends its wait. Runs in jest's node
 * environment with a minimal window/localStorage and a fake fetch, like api/__tests__/client.test.ts.
 */
import { encodeSeatStatusBinary } from '@hotline/shared';

type FetchCall = { url: string };

// The order page's module, stood in for: preloadOrderPage only has to ask for it.
const mockOrderPageLoaded = jest.fn();
jest.mock('../OrderPage', () => {
  mockOrderPageLoaded();
  return { default: () => null };
});

const store = new Map<string, string>();
const calls: FetchCall[] = [];

const PRESENTATION = { id: 7, venueId: 3, seatplanId: 4, venueTypeId: 1 };

function answer(url: string): Response {
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  if (url.startsWith('/api/presentations/7/ticketGroups')) return json({ ticketGroups: [{ id: 1 }] });
  if (url.startsWith('/api/presentations/7/seatplan')) return json({ seatplan: { plan: true } });
  if (url.startsWith('/api/presentations/7')) return json({ presentation: PRESENTATION });
  if (url.startsWith('/api/seats/seats-status?presentationId=7&format=binary'))
    return new Response(
      encodeSeatStatusBinary({
        seats: [[1, 0, 2, 3, -1, 5, 4]],
        version: 1,
        soldout: false,
        takenRatio: 1,
        soldOutSectionIds: [1],
      }),
      { headers: { 'content-type': 'application/octet-stream' } },
    );
  return new Response('{"error":"NOT_FOUND","message":""}', { status: 404 });
}

beforeAll(() => {
  store.set('uuid', '0f8fad5b-d9cb-469f-a165-70867728950e');
  Object.assign(globalThis, {
    window: { location: { origin: 'http://localhost', protocol: 'http:' } },
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
    fetch: (url: string) => {
      calls.push({ url });
      return Promise.resolve(answer(url));
    },
  });
});

beforeEach(async () => {
  calls.length = 0;
  (await import('../../api/early-answers')).clearEarlyAnswersForTests();
  (await import('../../api/client')).setApiLocale('he');
});

/** Lets the early requests' chained requests start. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const paths = () => calls.map((c) => c.url.split('?')[0]);

describe('startOrderPageRequests', () => {
  test('asks for the presentation, the statuses, the plan and the ticket groups at once; the page takes each answer once', async () => {
    const { startOrderPageRequests } = await import('../early-requests');
    const { getPresentation } = await import('../../api/catalogue');
    const seatApi = await import('../../seatmap/api');
    startOrderPageRequests('/order/7', '?lang=he');
    await settle();
    // All beside the presentation: they need only the id in the address.
    expect(paths()).toEqual([
      '/api/presentations/7',
      '/api/seats/seats-status',
      '/api/presentations/7/seatplan',
      '/api/presentations/7/ticketGroups',
    ]);

    expect(await getPresentation(7)).toEqual(PRESENTATION);
    const plan = await seatApi.getSeatplanText(7);
    expect(JSON.parse(plan.text)).toEqual({ seatplan: { plan: true } });
    expect(plan.timings.received).toBeGreaterThanOrEqual(plan.timings.requested);
    expect(await seatApi.getTicketGroups(7)).toEqual([{ id: 1 }]);
    // The statuses come parsed (here without a Worker: StatusParser's main-thread fallback), as the loader takes them.
    const { takeEarlyAnswer } = await import('../../api/early-answers');
    const status = await takeEarlyAnswer<{ version: number; rows: Int32Array }>(seatApi.parsedStatusKey(7));
    expect(status?.version).toBe(1);
    expect(Array.from(status!.rows)).toEqual([1, 0, 2, 3, -1, 5, 4]);
    expect(calls).toHaveLength(4);

    // Taken once: a retry, or the page opened again, asks the server.
    await getPresentation(7);
    await seatApi.getSeatsStatusBytes(7);
    expect(calls).toHaveLength(6);
  });

  test('nothing is asked off the seats step or off the order page', async () => {
    const { startOrderPageRequests } = await import('../early-requests');
    startOrderPageRequests('/order/7', '?step=tickets');
    startOrderPageRequests('/order/7', '?step=products');
    startOrderPageRequests('/order/abc', '');
    startOrderPageRequests('/order/7/extra', '');
    startOrderPageRequests('/booking', '');
    await settle();
    expect(calls).toHaveLength(0);
  });

  test('an answer is only taken by the same address (here: another language asks afresh)', async () => {
    const { startOrderPageRequests } = await import('../early-requests');
    const { setApiLocale } = await import('../../api/client');
    const { getPresentation } = await import('../../api/catalogue');
    startOrderPageRequests('/order/7', '');
    await settle();
    setApiLocale('en');
    await getPresentation(7);
    expect(calls.at(-1)!.url).toBe('/api/presentations/7?lang=en');
    expect(calls.filter((c) => c.url.startsWith('/api/presentations/7?'))).toHaveLength(2);
  });

  test("the caller's abort ends its wait for an early answer", async () => {
    const { askEarly, takeEarlyAnswer } = await import('../../api/early-answers');
    askEarly('/api/slow', () => new Promise<string>(() => undefined));
    const ac = new AbortController();
    const waiting = takeEarlyAnswer<string>('/api/slow', ac.signal)!;
    ac.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(takeEarlyAnswer('/api/slow')).toBeUndefined();
  });
});

describe('preloadOrderPage', () => {
  test("asks for the order page's code on /order/:id (any step) and nowhere else", async () => {
    const { preloadOrderPage } = await import('../early-requests');
    for (const path of ['/booking', '/order', '/order/7/extra', '/order/abc']) preloadOrderPage(path);
    await settle();
    expect(mockOrderPageLoaded).not.toHaveBeenCalled();
    preloadOrderPage('/order/7');
    await settle();
    expect(mockOrderPageLoaded).toHaveBeenCalledTimes(1);
  });
});

export {};
