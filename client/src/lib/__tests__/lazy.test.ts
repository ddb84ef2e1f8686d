import { CHUNK_RELOAD_INTERVAL_MS, isChunkLoadError, reloadForStaleChunk } from '../lazy';

describe('stale-chunk recovery', () => {
  test.each([
    new TypeError('Failed to fetch dynamically imported module: https://x/assets/OrderPage-abc.js'),
    new TypeError('error loading dynamically imported module'),
    new TypeError('Importing a module script failed.'),
    new Error('Unable to preload CSS for /assets/index-1.css'),
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  test('ordinary errors are not chunk errors', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  test('reloads at most once per 60 s', () => {
    const session = new Map<string, string>();
    const reload = jest.fn();
    Object.assign(globalThis, {
      sessionStorage: {
        getItem: (k: string) => session.get(k) ?? null,
        setItem: (k: string, v: string) => void session.set(k, v),
      },
      window: { location: { reload } },
    });
    const t0 = 1_000_000;
    expect(reloadForStaleChunk(t0)).toBe(true);
    expect(reloadForStaleChunk(t0 + 1_000)).toBe(false);
    expect(reloadForStaleChunk(t0 + CHUNK_RELOAD_INTERVAL_MS - 1)).toBe(false);
    expect(reloadForStaleChunk(t0 + CHUNK_RELOAD_INTERVAL_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  test('offline, a failed chunk is not stale: no reload, and the allowance is kept for when the network is back', () => {
    const session = new Map<string, string>();
    const reload = jest.fn();
    const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    const setOnLine = (onLine: boolean) =>
      Object.defineProperty(globalThis, 'navigator', { value: { onLine }, configurable: true });
    Object.assign(globalThis, {
      sessionStorage: {
        getItem: (k: string) => session.get(k) ?? null,
        setItem: (k: string, v: string) => void session.set(k, v),
      },
      window: { location: { reload } },
    });
    try {
      setOnLine(false);
      expect(reloadForStaleChunk(5_000_000)).toBe(false);
      expect(session.size).toBe(0);
      setOnLine(true);
      expect(reloadForStaleChunk(5_000_001)).toBe(true);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      if (original) Object.defineProperty(globalThis, 'navigator', original);
    }
  });
});
