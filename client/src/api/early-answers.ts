/**
 * Requests started before the code that needs them has loaded: the entry chunk asks for the order page's
 * presentation, seat plan, ticket groups and statuses while the order page's own chunk (the seat map, the largest)
 * is still downloading, and the page's calls take those answers over instead of asking again.
 *
 * Keyed by the exact address the call would use (buildUrl: path, query, lang, channel parameters), so an answer is
 * only ever taken by the same request, and taken once: a retry or a later visit to the page asks the server afresh.
 * An answer nobody took within MAX_AGE_MS is dropped rather than shown late.
 */
const MAX_AGE_MS = 60_000;

const early = new Map<string, { promise: Promise<unknown>; at: number }>();

/** Starts `start()` now and keeps its answer for the first call to the same address. */
export function askEarly<T>(key: string, start: () => Promise<T>): Promise<T> {
  const promise = start();
  // Kept for a later caller, who sees the failure; unobserved here it must not count as unhandled.
  promise.catch(() => undefined);
  early.set(key, { promise, at: performance.now() });
  return promise;
}

/**
 * The early answer for this address without taking it: the first-paint picture (first-paint/) draws from the same
 * answers the page then takes, so nothing is downloaded twice. Undefined when none was started.
 */
export function peekEarlyAnswer<T>(key: string): Promise<T> | undefined {
  return early.get(key)?.promise as Promise<T> | undefined;
}

/** The early answer for this address, once; undefined when none was started (or it is too old to use). */
export function takeEarlyAnswer<T>(key: string, signal?: AbortSignal): Promise<T> | undefined {
  const entry = early.get(key);
  if (!entry) return undefined;
  early.delete(key);
  if (performance.now() - entry.at > MAX_AGE_MS) return undefined;
  return abortable(entry.promise as Promise<T>, signal);
}

/** The caller's abort still ends its wait, although the request itself (shared, started earlier) is not cancelled. */
function abortable<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  const aborted = () => (signal.reason as unknown) ?? new DOMException('The operation was aborted.', 'AbortError');
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** For tests. */
export function clearEarlyAnswersForTests(): void {
  early.clear();
}
