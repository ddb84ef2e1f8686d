/**
 * Latest request wins (storefront-spec.md section 4, feature-data requests):
 * starting a new request aborts the previous one, and a response that arrives
 * after a newer request started is discarded even if it could not be aborted.
 *
 *   const features = createLatestRequest();
 *   const result = await features.run((signal) => getFeatures({}, signal));
 *   if (result.stale) return; // a newer request owns the screen
 */
export type LatestResult<T> = { stale: false; value: T } | { stale: true };

export interface LatestRequest {
  run<T>(start: (signal: AbortSignal) => Promise<T>): Promise<LatestResult<T>>;
  /** Abort whatever is in flight (e.g. on unmount). */
  cancel(): void;
}

export function createLatestRequest(): LatestRequest {
  let generation = 0;
  let controller: AbortController | null = null;

  return {
    async run<T>(start: (signal: AbortSignal) => Promise<T>): Promise<LatestResult<T>> {
      controller?.abort();
      const mine = ++generation;
      const own = new AbortController();
      controller = own;
      try {
        const value = await start(own.signal);
        return mine === generation ? { stale: false, value } : { stale: true };
      } catch (error) {
        if (mine !== generation || own.signal.aborted) return { stale: true };
        throw error;
      } finally {
        if (controller === own) controller = null;
      }
    },
    cancel() {
      generation++;
      controller?.abort();
      controller = null;
    },
  };
}
