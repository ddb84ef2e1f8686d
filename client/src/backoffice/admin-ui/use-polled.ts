import { useEffect, useState } from 'react';
import { startPolling } from './poller';

/**
 * A back-office screen's live value: read for `key` now and every `everyMs` after the last answer (null: nothing to
 * read). `failed` stays true from a failed read until the next good one; `replace` puts a fresher value in at once
 * (after the staff member changed something), without waiting for the next read.
 */
export function usePolled<K extends string | number, T>(
  key: K | null,
  read: (key: K) => Promise<T>,
  everyMs: number,
): { value: T | null; valueKey: K | null; failed: boolean; replace: (value: T) => void } {
  const [state, setState] = useState<{ value: T | null; valueKey: K | null; failed: boolean }>({
    value: null,
    valueKey: null,
    failed: false,
  });
  useEffect(() => {
    if (key === null) return;
    return startPolling(
      () => read(key),
      everyMs,
      (value) => setState({ value, valueKey: key, failed: false }),
      () => setState((s) => ({ ...s, failed: true })),
    );
    // `read` is the screen's API call: a new function each render, the same call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, everyMs]);
  return { ...state, replace: (value) => setState({ value, valueKey: key, failed: false }) };
}
