/**
 * Link prefetch (spec section 9): warm the next screen's code once the browser is idle,
 * waiting at most 2000 ms, and never on 2g connections or with data saver on.
 */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(connection: NetworkInformationLike | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType ?? '').includes('2g');
}

/** Schedules `load` for an idle moment; returns a cancel function. */
export function prefetchWhenIdle(load: () => Promise<unknown>): () => void {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!prefetchAllowed(connection)) return () => undefined;
  const run = () => {
    load().catch(() => undefined); // a failed prefetch is retried by the real navigation
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(run, PREFETCH_IDLE_TIMEOUT_MS);
  return () => window.clearTimeout(timer);
}
