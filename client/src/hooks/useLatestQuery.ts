import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';
import { createLatestRequest } from '../api/latest';

export type QueryState<T> =
  | { status: 'loading'; data: undefined; error: undefined }
  | { status: 'success'; data: T; error: undefined }
  | { status: 'error'; data: undefined; error: unknown };

/**
 * Loads data for a screen with latest-request-wins semantics: when the inputs change
 * (or the visitor retries) the older request is aborted and its answer, should it
 * still arrive, is dropped.
 */
export function useLatestQuery<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
): QueryState<T> & { retry: () => void } {
  const latest = useRef(createLatestRequest());
  const [state, setState] = useState<QueryState<T>>({ status: 'loading', data: undefined, error: undefined });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const request = latest.current;
    setState({ status: 'loading', data: undefined, error: undefined });
    request
      .run((signal) => loadRef.current(signal))
      .then((result) => {
        if (!result.stale) setState({ status: 'success', data: result.value, error: undefined });
      })
      .catch((error: unknown) => setState({ status: 'error', data: undefined, error }));
    return () => request.cancel();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, retry };
}
