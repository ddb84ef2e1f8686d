/**
 * The fetch wrapper: uuid header, lang parameter, error shape. Runs in jest's node
 * environment with a minimal window/localStorage and a fake fetch.
 */
type FetchCall = { url: string; init: RequestInit };

const store = new Map<string, string>();
const calls: FetchCall[] = [];
let responder: (call: FetchCall, index: number) => Response;

beforeAll(() => {
  Object.assign(globalThis, {
    window: { location: { origin: 'http://localhost', protocol: 'http:' } },
    localStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    },
    fetch: (url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      return Promise.resolve(responder(call, calls.length - 1));
    },
  });
});

beforeEach(async () => {
  store.clear();
  calls.length = 0;
  const identity = await import('../identity');
  identity.resetVisitorIdForTests();
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const ISSUED = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** The recorded fetch call number `i`, failing the test if there was none. */
function call(i: number) {
  const recorded = calls[i];
  if (!recorded) throw new Error(`expected fetch call #${i}, saw ${calls.length}`);
  return recorded;
}

describe('apiRequest', () => {
  test('first call adopts the uuid the server issues; later calls send it', async () => {
    const { apiRequest } = await import('../client');
    responder = (_c, i) => json(200, { ok: i }, i === 0 ? { uuid: ISSUED } : {});
    await apiRequest('/features/');
    await apiRequest('/presentations/', { query: { featureIds: [1, 2] } });

    expect((call(0).init.headers as Record<string, string>).uuid).toBeUndefined();
    expect((call(1).init.headers as Record<string, string>).uuid).toBe(ISSUED);
    expect(store.get('uuid')).toBe(ISSUED);
    expect(call(1).url).toBe('/api/presentations/?featureIds=1%2C2&lang=he');
  });

  test('without a server-issued uuid the client generates one and keeps it', async () => {
    const { apiRequest } = await import('../client');
    responder = () => json(200, {});
    await apiRequest('/features/');
    await apiRequest('/features/');
    const stored = store.get('uuid');
    expect(stored).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((call(1).init.headers as Record<string, string>).uuid).toBe(stored);
  });

  test('concurrent first calls wait for the identity instead of creating two', async () => {
    const { apiRequest } = await import('../client');
    responder = (_c, i) => json(200, {}, i === 0 ? { uuid: ISSUED } : {});
    await Promise.all([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')]);
    const sent = calls.map((c) => (c.init.headers as Record<string, string>).uuid);
    expect(sent).toEqual([undefined, ISSUED, ISSUED]);
  });

  test('a stored uuid is sent from the first call', async () => {
    store.set('uuid', ISSUED);
    const { apiRequest } = await import('../client');
    responder = () => json(200, {});
    await apiRequest('/features/');
    expect((call(0).init.headers as Record<string, string>).uuid).toBe(ISSUED);
  });

  test('the {error, message} shape becomes an ApiError', async () => {
    const { apiRequest, ApiError } = await import('../client');
    responder = () => json(404, { error: 'PRESENTATION_NOT_FOUND', message: 'ההצגה לא נמצאה', details: { id: 9 } });
    const failure = await apiRequest('/presentations/9').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 404,
      code: 'PRESENTATION_NOT_FOUND',
      message: 'ההצגה לא נמצאה',
      details: { id: 9 },
    });
  });

  test('a non-JSON failure and a network failure are ApiErrors too', async () => {
    const { apiRequest, BAD_RESPONSE, NETWORK_ERROR } = await import('../client');
    responder = () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 502, code: BAD_RESPONSE });
    responder = () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(apiRequest('/x')).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR });
  });

  test('a failure without our answer carries a sentence in the visitor language, never the browser text', async () => {
    const { initI18n, loadLocale } = await import('../../i18n');
    initI18n('en');
    await loadLocale('en');
    const { apiRequest } = await import('../client');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    responder = () => {
      throw new TypeError('Failed to fetch');
    };
    const network = (await apiRequest('/x').catch((e: unknown) => e)) as Error;
    expect(network.message).toBe('We could not reach the server. Check your connection and try again.');
    responder = () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    const proxy = (await apiRequest('/x').catch((e: unknown) => e)) as Error;
    expect(proxy.message).toBe('Something went wrong on our side. Please try again in a moment.');
    expect(proxy.message).not.toMatch(/Bad Gateway|502/);
    warn.mockRestore();
    initI18n('he');
  });

  test('the lang parameter follows the interface language', async () => {
    const { apiRequest, setApiLocale } = await import('../client');
    responder = () => json(200, {});
    setApiLocale('ar');
    await apiRequest('/features/');
    expect(call(0).url).toBe('/api/features/?lang=ar');
    setApiLocale('he');
  });
});
